// Deliberate defects for testing the testers: a property runner must find them. Never set outside tests.
import { balanceOf, credit, debit } from '../domain/ledger.js';
import type { State } from '../domain/state.js';

/**
 * `service-fee-rounds-up`: the 0.5% service fee is rounded up instead of down. Conservation still
 * holds (the extra unit moves from the seller to the operator), so only a model of the fees sees it.
 */
export type PlantedBug = 'service-fee-rounds-up';

/** Applies the bug to the fills recorded since `fromTrade` (called inside the order command, so it is undone with it). */
export function applyPlantedBug(state: State, bug: PlantedBug, fromTrade: number): void {
  if (bug !== 'service-fee-rounds-up') return;
  for (const t of state.trades.slice(fromTrade)) {
    if ((t.volume * 5n) % 1000n === 0n) continue;
    const maker = state.orders.get(t.makerId)!;
    const seller = maker.direction === 0 ? maker : state.orders.get(t.takerId)!;
    const base = state.assets.get(seller.baseHex)!;
    if (balanceOf(state, seller.starkKey, base.hex).available < 1n) continue;
    debit(state, seller.starkKey, base, 1n);
    credit(state, state.operator, base, 1n);
  }
}
