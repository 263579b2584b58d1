// Runs one command atomically over the undo log: a command that throws half-way leaves nothing behind.
import { rebuildOrderIndexes } from '../trading/open-orders.js';
import { STATE_FIELDS, type State } from '../state/state.js';
import type { Field } from '../state/members.js';
import { touchField } from '../state/undo.js';

/**
 * The scalar registers of the state (holder and key), compared and saved once per command instead of at
 * every write: the fields declared as registers (state/fields.ts), or the keys of a field's object named.
 */
const REGISTERS: ReadonlyArray<readonly [(s: State) => object, string]> = Object.entries(
  STATE_FIELDS as Record<string, Field<unknown>>,
).flatMap(([field, f]): Array<readonly [(s: State) => object, string]> => {
  if (f.register === undefined) return [];
  if (f.register === true) return [[(s) => s, field]];
  return f.register.map((key) => [(s: State) => (s as unknown as Record<string, object>)[field]!, key] as const);
});

/**
 * Whether a register differs from `before`; `restore` sets each back, `keep` leaves one undo step per
 * changed register (while a snapshot is live; most commands change only the sequence counter). Taken
 * at the end of a command, those steps are undone before its others, which is the same: registers and
 * collections do not depend on each other.
 */
function registersMoved(state: State, before: unknown[], then?: 'restore' | 'keep'): boolean {
  let moved = false;
  for (let i = 0; i < REGISTERS.length; i++) {
    const [of, key] = REGISTERS[i]!;
    const holder = of(state) as Record<string, unknown>;
    if (holder[key] === before[i]) continue;
    moved = true;
    if (then === 'restore') holder[key] = before[i];
    else if (then === 'keep') touchField(state.undo, holder, key, false, before[i]);
  }
  return moved;
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
  const before = REGISTERS.map(([of, key]) => (of(state) as Record<string, unknown>)[key]);
  let outcome: Outcome<T>;
  try {
    const value = fn();
    outcome = { value, changed: log.size > start || registersMoved(state, before) };
    commit?.(outcome);
  } catch (e) {
    rollback(state, start);
    registersMoved(state, before, 'restore');
    throw e;
  }
  // A command that rolled back past its own start (a revert) restored the registers of then, and
  // cannot be undone itself: nothing of it is kept.
  if (log.keeping && log.size >= start) registersMoved(state, before, 'keep');
  log.settle();
  return outcome;
}

/** Undoes back to `position`; the derived order indexes are rebuilt when orders were touched. */
export function rollback(state: State, position: number): void {
  if (state.undo.rollbackTo(position)) rebuildOrderIndexes(state);
}
