// --clock wall: the emulator clock follows the host's (never backwards); the default virtual clock does not.
import { describe, expect, it } from 'vitest';
import { testClient } from '../support/client.js';

async function depositTime(c: ReturnType<typeof testClient>): Promise<number> {
  const r = await c.post('/_devnet/deposit', { stark_key: c.accounts.carol.stark_key, contract_address: 'eth', amount: 1 });
  const rec = await c.get(`/v1/record?stark_key=${c.accounts.carol.stark_key}&sequence_id=${r.body.sequence_id}`);
  return Number(rec.body.data[0].time);
}

describe('clock modes', () => {
  it('wall: record times are the host time of the request', async () => {
    const c = testClient({ clock: 'wall' });
    const before = Math.floor(Date.now() / 1000);
    const t = await depositTime(c);
    const after = Math.ceil(Date.now() / 1000);
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(after);
    // Setting the clock ahead of the host is allowed; the host clock then never drags it back.
    await c.post('/_devnet/clock', { set: '2100-01-01T00:00:00.000000Z' });
    expect(await depositTime(c)).toBe(Date.UTC(2100, 0, 1) / 1000);
  });

  it('virtual (default): time stands still at the genesis time until moved', async () => {
    const c = testClient();
    expect(await depositTime(c)).toBe(Date.UTC(2026, 0, 1) / 1000);
  });
});
