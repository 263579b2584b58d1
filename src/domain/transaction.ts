// Runs one command atomically over the undo log: a command that throws half-way leaves nothing behind.
import { indexTrade, restOrder } from './matching.js';
import { openIndex } from './orders.js';
import type { State } from './state.js';

/** The scalar registers of the state, saved once per command instead of at every write. */
function saveRegisters(state: State): () => void {
  const { nextSequenceId, nextVaultId } = state;
  const now = state.clock.nowMicros;
  const counter = state.prng.counter;
  const settlement = { ...state.settlement };
  return () => {
    state.nextSequenceId = nextSequenceId;
    state.nextVaultId = nextVaultId;
    state.clock.nowMicros = now;
    state.prng.counter = counter;
    Object.assign(state.settlement, settlement);
  };
}

function registersEqual(state: State, saved: { seq: number; vault: bigint; now: bigint; counter: number | bigint; cut: bigint }): boolean {
  return state.nextSequenceId === saved.seq && state.nextVaultId === saved.vault && state.clock.nowMicros === saved.now && state.prng.counter === saved.counter && state.settlement.nextCutMicros === saved.cut;
}

export interface Outcome<T> {
  value: T;
  /** Whether the command changed anything (a query that allocated a vault, a drawn wallet, ...). */
  changed: boolean;
}

/** Runs `fn` as one command: on a throw every step it took is undone, then the error propagates. */
export function atomically<T>(state: State, fn: () => T): Outcome<T> {
  const log = state.undo;
  const start = log.size;
  const before = { seq: state.nextSequenceId, vault: state.nextVaultId, now: state.clock.nowMicros, counter: state.prng.counter, cut: state.settlement.nextCutMicros };
  log.record(saveRegisters(state));
  let value: T;
  try {
    value = fn();
  } catch (e) {
    rollback(state, start);
    throw e;
  }
  const changed = log.size > start + 1 || !registersEqual(state, before);
  log.settle();
  return { value, changed };
}

/** Undoes back to `position`; the derived order indexes are rebuilt when orders were touched. */
export function rollback(state: State, position: number): void {
  if (state.undo.rollbackTo(position)) rebuildOrderIndexes(state);
}

/** Rebuilds the derived indexes (books, open orders by owner and quote, trades) from the plain data. */
export function rebuildOrderIndexes(state: State): void {
  state.books.clear();
  state.openByOwner.clear();
  state.openByQuote.clear();
  state.tradesBy.clear();
  // Ascending ids are placement order, which is time priority inside a price level.
  for (const id of [...state.openOrders].sort((a, b) => a - b)) {
    const o = state.orders.get(id)!;
    openIndex(state, o, true); // the open set already holds it; this fills the owner and quote indexes
    restOrder(state, o);
  }
  state.trades.forEach((t, at) => {
    const maker = state.orders.get(t.makerId)!;
    const taker = state.orders.get(t.takerId)!;
    indexTrade(state, at, maker.direction === 0 ? maker : taker, maker.direction === 0 ? taker : maker);
  });
}
