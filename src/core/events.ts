// The devnet's event bus: one event per accepted command and per record status move, to live listeners.
import { isoMicros } from '../domain/state/clock.js';
import { stringify } from '../domain/values/json.js';
import type { StatusMove } from '../domain/state/state.js';
import { redact } from './redact.js';

/** An accepted command; `summary` is its name and (cut short) answer, for people and logs. */
export interface CommandEvent {
  seq: number;
  type: 'command';
  cmd: string;
  summary: string;
  /** The emulator clock after the command (ISO 8601, microseconds). */
  time: string;
}

/** A record that appeared (`from` null) or moved status during the command `cmd`, at its `time`. */
export interface RecordEvent extends Omit<CommandEvent, 'type'> {
  type: 'record';
  sequence_id: number;
  from: number | null;
  to: number;
}

export type DevnetEvent = CommandEvent | RecordEvent;
export type DevnetListener = (event: DevnetEvent) => void;

const SUMMARY_MAX = 160;

/** `cmd {"sequence_id":13}`, cut short; secrets masked (core/redact.ts): every page that reads /_devnet/events sees it. */
export function summarize(cmd: string, value: unknown): string {
  if (value === undefined) return cmd;
  const text = `${cmd} ${stringify(redact(value))}`;
  return text.length <= SUMMARY_MAX ? text : text.slice(0, SUMMARY_MAX - 1) + '…';
}

/** Listeners (an SSE connection each) and the event counter; a throwing listener affects neither the command nor the others. */
export class DevnetEvents {
  private readonly listeners = new Set<DevnetListener>();
  private seq = 0;

  /** Adds a listener; the returned function removes it. */
  on(listener: DevnetListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Whether anyone listens: the devnet traces status moves only then, so unwatched commands cost nothing. */
  get watched(): boolean {
    return this.listeners.size > 0;
  }

  /** The seq of the last event sent (0 before any): a subscriber learns where it starts. */
  get lastSeq(): number {
    return this.seq;
  }

  /** Sends the command's event, then one per status move it made, all stamped with the emulator clock after the command. */
  emit(cmd: string, value: unknown, moves: readonly StatusMove[], nowMicros: bigint): void {
    if (this.listeners.size === 0) return;
    // Plain data, formatted now: an object literal with getters is built in V8's dictionary mode, slow
    // to make and to read, and the inspector keeps every event for replay (route.ts's Input says more).
    const time = isoMicros(nowMicros);
    this.send({ seq: ++this.seq, type: 'command', cmd, summary: summarize(cmd, value), time });
    for (const { sequenceId, from, to } of moves) {
      const summary = from === null ? `record ${sequenceId} created at ${to}` : `record ${sequenceId} ${from} -> ${to}`;
      this.send({ seq: ++this.seq, type: 'record', cmd, sequence_id: sequenceId, from, to, summary, time });
    }
  }

  private send(event: DevnetEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // The command is already applied and journaled: a listener's failure is its own business.
      }
    }
  }
}
