// Snapshots: a snapshot is a position in the undo log, so taking one is O(1) and reverting costs
// only the steps taken since (plus a rebuild of the order indexes when orders changed).
import { echo, ErrorCode, fail } from '../values/errors.js';
import type { State } from '../state/state.js';
import { rollback } from './transaction.js';

export class Snapshots {
  /** id -> undo-log position; ids only grow, even across reverts and resets, so an old id never aliases a new snapshot. */
  private readonly live = new Map<string, number>();
  private next = 1;

  take(state: State): string {
    const id = `0x${(this.next++).toString(16)}`;
    // Undone with the command that takes it (when its journal line cannot be written): the id was never handed out.
    state.undo.record(() => {
      this.live.delete(id);
      state.undo.unhold(position);
      this.next--;
    });
    const position = state.undo.size;
    this.live.set(id, position);
    state.undo.hold(position);
    return id;
  }

  /** Refuses an id that is not live (before anything is changed or journaled). */
  check(id: string): void {
    if (!this.live.has(id))
      fail(
        ErrorCode.InvalidParam,
        `no snapshot with id "${echo(id)}" (ids come from POST /_devnet/snapshots; a revert drops the snapshots taken after it, a delete drops that one, and reset or a state load drops all)`,
      );
  }

  /**
   * Restores the state as it was when `id` was taken. The snapshot stays usable (revert to it again
   * later); snapshots taken after it are dropped, as their futures no longer exist.
   */
  revert(state: State, id: string): void {
    this.check(id);
    const position = this.live.get(id)!;
    // Positions grow with the takes: a snapshot taken after this one has a higher position.
    for (const [other, at] of this.live) if (at > position) this.live.delete(other);
    state.undo.release(position);
    // The rollback also undoes the takes of the dropped snapshots; their ids stay spent all the same.
    const next = this.next;
    rollback(state, position);
    this.next = next;
  }

  /**
   * Forgets a snapshot, between commands (it is bookkeeping, not state: no revert brings it back), and
   * drops the undo steps only it needed (all of them once no snapshot is live). Later snapshots stay usable.
   */
  delete(state: State, id: string): void {
    this.check(id);
    state.undo.unhold(this.live.get(id)!);
    this.live.delete(id);
    state.undo.settle();
  }

  /** After a reset or a state load the positions refer to a log that no longer exists. */
  clear(): void {
    this.live.clear();
  }

  ids(): string[] {
    return [...this.live.keys()];
  }

  /** The number in the next id: answers carry the ids, so the state image keeps it (a replay hands out the same ones). */
  get nextNumber(): number {
    return this.next;
  }

  /** Continues numbering from `next`: a state image's counter, or the id a replayed journal line recorded. */
  continueFrom(next: number): void {
    if (!Number.isSafeInteger(next) || next < 1) throw new RangeError(`a snapshot counter is a whole number from 1, got ${next}`);
    this.next = next;
  }
}
