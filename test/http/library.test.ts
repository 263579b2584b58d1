// The library API: createDevnet and startDevnet with their `control` clients, two instances side by side, no cross-talk.
import { afterAll, describe, expect, it } from 'vitest';
import { DevnetRequestError, createDevnet, startDevnet } from '../../src/index.js';
import type { InProcessDevnet, RequestLogEntry, RunningDevnet } from '../../src/index.js';
import { ETH_ASSET } from '../support/client.js';

const running: RunningDevnet[] = [];
afterAll(async () => {
  await Promise.all(running.map((r) => r.close()));
});

async function ethOf(dn: Pick<InProcessDevnet, 'fetch'>, starkKey: string): Promise<number> {
  const res = await dn.fetch(new Request(`http://x/v1/balance?stark_key=${starkKey}&asset_id=${ETH_ASSET}`));
  return ((await res.json()) as any).data.balance_available;
}

describe('createDevnet: control', () => {
  it('drives the whole control plane through the same fetch', async () => {
    const dn = createDevnet({ settlement: 'manual' });
    const c = dn.control;
    expect(await c.health()).toEqual({ status: 'ok', version: '0.2.0' });
    const { accounts, api_keys, operator } = await c.accounts();
    const alice = accounts.find((a) => a.name === 'alice')!;
    expect(api_keys).toHaveLength(1);
    expect(operator).toMatch(/^0x/);

    const snap = await c.snapshot();
    const { sequence_id } = await c.deposit({ stark_key: alice.stark_key, contract_address: 'eth', amount: 5n });
    expect(await ethOf(dn, alice.stark_key)).toBe(10_000_005);
    const batch = await c.batches('l2');
    expect(batch.l2).toContain(sequence_id);
    expect(await c.setRecordStatus(sequence_id, 6)).toEqual({ sequence_id, status: 6 });
    expect((await c.clock({ advance_seconds: 60 })).now).toMatch(/Z$/);
    expect((await c.invariants()).ok).toBe(true);

    await c.revert(snap.id);
    expect(await ethOf(dn, alice.stark_key)).toBe(10_000_000);

    const dump = await c.dumpState();
    await c.deposit({ stark_key: alice.stark_key, contract_address: 'eth', amount: '1' });
    const loaded = await c.loadState(dump);
    expect(loaded.state_hash).toBe((await c.invariants()).state_hash);
    expect(await ethOf(dn, alice.stark_key)).toBe(10_000_000);

    const { api_key } = await c.createApiKey();
    expect((await c.accounts()).api_keys).toContain(api_key);
    await c.reset();
    expect((await c.accounts()).api_keys).not.toContain(api_key);

    const fault = await c.addFault({ path: '/v1/nonce', error_code: 19 });
    expect((await c.faults()).faults.map((f) => f.id)).toEqual([fault.id]);
    expect(((await (await dn.fetch(new Request(`http://x/v1/nonce?stark_key=${alice.stark_key}`))).json()) as any).error_code).toBe(19);
    expect(await c.clearFaults()).toEqual({ removed: 1 });
  });

  it('throws DevnetRequestError with the code and status of a FAILED answer', async () => {
    const { control } = createDevnet();
    const err = await control.deposit({ stark_key: '0x5', contract_address: 'eth', amount: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DevnetRequestError);
    expect((err as DevnetRequestError).code).toBe(18);
    expect((err as DevnetRequestError).status).toBe(200);
    await expect(control.claim({ ethaddress: '0x' + '1'.repeat(40), asset_id: ETH_ASSET })).rejects.toMatchObject({ code: 19 });
    await expect(control.revert('nope')).rejects.toBeInstanceOf(DevnetRequestError);
  });

  it('two instances share nothing: balances, clocks, faults, API keys, snapshots', async () => {
    const a = createDevnet();
    const b = createDevnet();
    const alice = (await a.control.accounts()).accounts[0]!;
    expect((await b.control.accounts()).accounts[0]!.stark_key).toBe(alice.stark_key);

    await a.control.deposit({ stark_key: alice.stark_key, contract_address: 'eth', amount: 7 });
    await a.control.clock({ advance_seconds: 3600 });
    await a.control.addFault({ path: '/v1/balance', latency_ms: 1 });
    const { api_key } = await a.control.createApiKey();
    const firstOfA = (await a.control.snapshot()).id;

    expect(await ethOf(a, alice.stark_key)).toBe(10_000_007);
    expect(await ethOf(b, alice.stark_key)).toBe(10_000_000);
    expect((await b.control.clock({ advance_seconds: 0 })).now).not.toBe((await a.control.clock({ advance_seconds: 0 })).now);
    expect((await b.control.faults()).faults).toEqual([]);
    expect((await b.control.accounts()).api_keys).not.toContain(api_key);
    expect((await b.control.snapshot()).id).toBe(firstOfA); // b's first snapshot: ids are counted per instance
    expect((await a.control.invariants()).state_hash).not.toBe((await b.control.invariants()).state_hash);
  });

  it('onRequest gets one entry per request, per instance', async () => {
    const seenA: RequestLogEntry[] = [];
    const seenB: RequestLogEntry[] = [];
    const a = createDevnet({ onRequest: (e) => seenA.push(e) });
    const b = createDevnet({ onRequest: (e) => seenB.push(e) });
    await a.control.health();
    await a.fetch(new Request('http://x/v1/nope'));
    await b.control.health();
    expect(seenA.map((e) => [e.method, e.path, e.status, e.error_code])).toEqual([
      ['GET', '/_devnet/health', 200, 0],
      ['GET', '/v1/nope', 404, 19],
    ]);
    expect(seenB).toHaveLength(1);
  });
});

describe('startDevnet: control', () => {
  it('two servers side by side, each controlled over its own socket', async () => {
    const a = await startDevnet({ port: 0 });
    const b = await startDevnet({ port: 0, seed: 'other' });
    running.push(a, b);
    expect(a.url).not.toBe(b.url);
    const [accA, accB] = await Promise.all([a.control.accounts(), b.control.accounts()]);
    expect(accA.accounts[0]!.stark_key).not.toBe(accB.accounts[0]!.stark_key);
    await a.control.deposit({ stark_key: accA.accounts[0]!.stark_key, contract_address: 'eth', amount: 3 });
    const viaA = (await (await fetch(`${a.url}/v1/balances?stark_key=${accA.accounts[0]!.stark_key}`)).json()) as any;
    const viaB = (await (await fetch(`${b.url}/v1/balances?stark_key=${accA.accounts[0]!.stark_key}`)).json()) as any;
    expect(viaA.data.list[0].balance_available).toBe(10_000_003);
    expect(viaB.data.total).toBe(0);
    expect((await a.control.invariants()).ok).toBe(true);
  });
});
