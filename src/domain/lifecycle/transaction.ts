// Runs one command atomically over the undo log: a command that throws half-way leaves nothing behind.
import { rebuildOrderIndexes } from '../trading/open-orders.js';
import type { State } from '../state/state.js';

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

/**
 * Runs `fn` as one command: on a throw every step it took is undone, then the error propagates.
 * `commit` runs last, still inside the command (the journal write): if it throws, the command is
 * undone just the same, so a command is either applied and committed or not applied at all.
 */
export function atomically<T>(state: State, fn: () => T, commit?: (outcome: Outcome<T>) => void): Outcome<T> {
  const log = state.undo;
  const start = log.size;
  const before = { seq: state.nextSequenceId, vault: state.nextVaultId, now: state.clock.nowMicros, counter: state.prng.counter, cut: state.settlement.nextCutMicros };
  log.record(saveRegisters(state));
  let outcome: Outcome<T>;
  try {
    const value = fn();
    outcome = { value, changed: log.size > start + 1 || !registersEqual(state, before) };
    commit?.(outcome);
  } catch (e) {
    rollback(state, start);
    throw e;
  }
  log.settle();
  return outcome;
}

/** Undoes back to `position`; the derived order indexes are rebuilt when orders were touched. */
export function rollback(state: State, position: number): void {
  if (state.undo.rollbackTo(position)) rebuildOrderIndexes(state);
}
