// Runs one command atomically over the undo log: a command that throws half-way leaves nothing behind.
import { rebuildOrderIndexes } from '../trading/open-orders.js';
import type { State } from '../state/state.js';

/** The scalar registers of the state, compared and saved once per command instead of at every write. */
interface Registers {
  seq: number;
  vault: bigint;
  now: bigint;
  counter: number;
  cut: bigint;
}

function registersOf(state: State): Registers {
  return {
    seq: state.nextSequenceId,
    vault: state.nextVaultId,
    now: state.clock.nowMicros,
    counter: state.prng.counter,
    cut: state.settlement.nextCutMicros,
  };
}

function restoreRegisters(state: State, r: Registers): void {
  state.nextSequenceId = r.seq;
  state.nextVaultId = r.vault;
  state.clock.nowMicros = r.now;
  state.prng.counter = r.counter;
  state.settlement.nextCutMicros = r.cut;
}

function registersEqual(state: State, r: Registers): boolean {
  return (
    state.nextSequenceId === r.seq &&
    state.nextVaultId === r.vault &&
    state.clock.nowMicros === r.now &&
    state.prng.counter === r.counter &&
    state.settlement.nextCutMicros === r.cut
  );
}

/**
 * While a snapshot is live, a committed command leaves one undo step per register it changed (most
 * commands change only the sequence counter). Taken at the end of the command, they are undone before
 * its other steps, which is the same: registers and collections do not depend on each other.
 */
function keepRegisters(state: State, r: Registers): void {
  const log = state.undo;
  if (state.nextSequenceId !== r.seq) touchField(log, state, 'nextSequenceId', r.seq);
  if (state.nextVaultId !== r.vault) touchField(log, state, 'nextVaultId', r.vault);
  if (state.clock.nowMicros !== r.now) touchField(log, state.clock, 'nowMicros', r.now);
  if (state.prng.counter !== r.counter) touchField(log, state.prng, 'counter', r.counter);
  if (state.settlement.nextCutMicros !== r.cut) touchField(log, state.settlement, 'nextCutMicros', r.cut);
}

function touchField<T extends object, K extends keyof T>(log: State['undo'], obj: T, key: K, before: T[K]): void {
  log.field(obj, key, before);
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
  const before = registersOf(state);
  let outcome: Outcome<T>;
  try {
    const value = fn();
    outcome = { value, changed: log.size > start || !registersEqual(state, before) };
    commit?.(outcome);
  } catch (e) {
    rollback(state, start);
    restoreRegisters(state, before);
    throw e;
  }
  // A command that rolled back past its own start (a revert) restored the registers of then, and
  // cannot be undone itself: nothing of it is kept.
  if (log.keeping && log.size >= start) keepRegisters(state, before);
  log.settle();
  return outcome;
}

/** Undoes back to `position`; the derived order indexes are rebuilt when orders were touched. */
export function rollback(state: State, position: number): void {
  if (state.undo.rollbackTo(position)) rebuildOrderIndexes(state);
}
