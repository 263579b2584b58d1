// What the explorer remembers of the event stream, per app: the last events (replayed to an SSE client
// that reconnects with Last-Event-ID) and each recent record's status moves with their emulator times.
// Both are derived from the devnet's events, never from the state (the state keeps only a record's
// current status), and both are bounded.
import type { DevnetEvent, RecordEvent } from '../core/events.js';
import type { State } from '../domain/state/state.js';

/** A record's move (`from` null: it appeared), kept as its event: the time is formatted only when a record's detail is read. */
export type StatusStep = Pick<RecordEvent, 'from' | 'to' | 'time' | 'cmd'>;

export class EventHistory {
  /** Events kept for replay (a reconnecting page asks for what it missed). */
  readonly replayCapacity = 1000;
  /** Records whose status moves are kept (the oldest record's history goes first). */
  private readonly historyCapacity = 10_000;
  private readonly events = new Array<DevnetEvent | undefined>(this.replayCapacity);
  private readonly steps = new Map<number, StatusStep[]>();
  private last = 0;
  private first = 1;

  /** Takes every event; `state` is read after a revert to drop moves it undid. */
  take(e: DevnetEvent, state: () => State): void {
    if (this.last === 0) this.first = e.seq; // the first event seen (seqs count from the devnet's first listener)
    this.last = e.seq;
    this.events[e.seq % this.replayCapacity] = e;
    if (this.last - this.first + 1 > this.replayCapacity) this.first = this.last - this.replayCapacity + 1;
    if (e.type === 'record') {
      let list = this.steps.get(e.sequence_id);
      if (list === undefined || e.from === null) {
        list = [];
        this.steps.delete(e.sequence_id);
        this.steps.set(e.sequence_id, list);
        if (this.steps.size > this.historyCapacity) this.steps.delete(this.steps.keys().next().value!);
      }
      list.push(e);
    } else if (e.cmd === 'reset' || e.cmd === 'load') {
      this.steps.clear();
    } else if (e.cmd === 'revert') {
      this.pruneAfterRevert(state());
    }
  }

  /**
   * A revert undoes status moves without events of its own. Statuses only move forward, so the moves
   * it undid are the trailing ones past the record's status now; records it removed go whole. Costs
   * the records held (bounded), once per revert.
   */
  private pruneAfterRevert(state: State): void {
    for (const [seq, list] of [...this.steps]) {
      const record = state.records.get(seq);
      if (record === undefined) {
        this.steps.delete(seq);
        continue;
      }
      while (list.length > 0 && list[list.length - 1]!.to !== record.status) list.pop();
      if (list.length === 0) this.steps.delete(seq);
    }
  }

  /** A record's moves seen by this process, oldest first (empty when none was seen). */
  statusSteps(sequenceId: number): readonly StatusStep[] {
    return this.steps.get(sequenceId) ?? [];
  }

  /**
   * The events after `lastId`, or 'gone' when some of them are no longer held (or `lastId` is
   * ahead of every event: another process, or the events of a replaced app). 0 asks for every event
   * held (a page opened for the first time shows the recent history).
   */
  since(lastId: number): DevnetEvent[] | 'gone' {
    if (lastId > this.last) return 'gone';
    if (lastId === this.last) return [];
    if (lastId !== 0 && lastId + 1 < this.first) return 'gone';
    const out: DevnetEvent[] = [];
    for (let seq = Math.max(lastId + 1, this.first); seq <= this.last; seq++) out.push(this.events[seq % this.replayCapacity]!);
    return out;
  }
}
