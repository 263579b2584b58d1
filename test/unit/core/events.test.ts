// The events a command sends are plain data with V8's fast properties: the inspector keeps every one for
// replay, and an object literal with getters (how their times were once formatted lazily) is built in
// dictionary mode, slower to make and to read. What a listener and an SSE stream see is unchanged.
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { DevnetEvents, type DevnetEvent } from '../../../src/core/events.js';

setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;

describe('DevnetEvents', () => {
  it('sends the command, then each record move, as plain data with fast properties, in the wire order of their keys', () => {
    const events = new DevnetEvents();
    const seen: DevnetEvent[] = [];
    events.on((e) => seen.push(e));
    // 2026-01-01T00:00:00.000001Z in microseconds since the epoch.
    const micros = 1_767_225_600_000_001n;
    events.emit(
      'deposit',
      { sequence_id: 7 },
      [
        { sequenceId: 7, from: null, to: 1 },
        { sequenceId: 7, from: 1, to: 3 },
      ],
      micros,
    );
    expect(seen.map((e) => JSON.stringify(e))).toEqual([
      '{"seq":1,"type":"command","cmd":"deposit","summary":"deposit {\\"sequence_id\\":7}","time":"2026-01-01T00:00:00.000001Z"}',
      '{"seq":2,"type":"record","cmd":"deposit","sequence_id":7,"from":null,"to":1,"summary":"record 7 created at 1","time":"2026-01-01T00:00:00.000001Z"}',
      '{"seq":3,"type":"record","cmd":"deposit","sequence_id":7,"from":1,"to":3,"summary":"record 7 1 -> 3","time":"2026-01-01T00:00:00.000001Z"}',
    ]);
    // Spreading keeps every field (a getter on a prototype would not be copied).
    expect({ ...seen[1]! }).toEqual(seen[1]);
    for (const e of seen) expect(hasFastProperties(e)).toBe(true);
    expect(
      hasFastProperties({
        a: 1,
        get b() {
          return 2;
        },
      }),
    ).toBe(false);
  });

  it('builds nothing while no one listens', () => {
    const events = new DevnetEvents();
    events.emit('deposit', { sequence_id: 1 }, [], 0n);
    expect(events.lastSeq).toBe(0);
  });
});
