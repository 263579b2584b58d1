// Record lifecycle: the transitions table, batches, interval settlement, hand moves with reverts, the clock.
import { describe, expect, it } from 'vitest';
import { canTransition, STATUS_TRANSITIONS } from '../../src/domain/ledger/records.js';
import { ETH_ASSET, failedCode, testClient } from '../support/client.js';
import { balance, recordOf, snapshotOf, transfer, withdraw } from '../support/flows.js';

describe('the transitions table', () => {
  it('allows exactly 0->1|2, 1->3|4, 3->6|5', () => {
    const allowed: string[] = [];
    for (let a = 0; a <= 6; a++) for (let b = 0; b <= 6; b++) if (canTransition(a, b)) allowed.push(`${a}->${b}`);
    expect(allowed).toEqual(['0->1', '0->2', '1->3', '1->4', '3->5', '3->6']);
    expect(Object.keys(STATUS_TRANSITIONS)).toEqual(['0', '1', '3']);
  });
});

describe('POST /_devnet/batches', () => {
  it('moves every accepted record to L2, then every L2 record to L1, in sequence order', async () => {
    const c = testClient({ settlement: 'manual' });
    const l2 = await c.post('/_devnet/batches', { layer: 'l2' });
    expect(l2.body).toEqual({ moved: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], l2: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], l1: [] });
    expect((await c.post('/_devnet/batches', { layer: 'l2' })).body.moved).toEqual([]);
    await transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, '1'); // 13
    const both = await c.post('/_devnet/batches', { layer: 'both' });
    expect(both.body).toEqual({
      moved: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
      l2: [13],
      l1: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
    });
    expect((await recordOf(c, c.accounts.alice.stark_key, 13)).status).toBe(6);
  });

  it('never moves an asynchronously failed record', async () => {
    const c = testClient();
    const r = await transfer(c, c.accounts.carol, c.accounts.bob.stark_key, ETH_ASSET, '99999999');
    await c.post('/_devnet/batches', {});
    expect((await recordOf(c, c.accounts.carol.stark_key, r.body.data.sequence_id)).status).toBe(2);
  });

  it('refuses an unknown layer with 19', async () => {
    expect(failedCode(await testClient().post('/_devnet/batches', { layer: 'l3' }))).toBe(19);
  });
});

describe('--settlement interval:N', () => {
  it('cuts a batch each N clock seconds: accepted -> L2 at the first cut, -> L1 at the next', async () => {
    const c = testClient({ settlement: { interval: 10 } });
    expect((await c.post('/_devnet/clock', { advance_seconds: 9 })).body.moved).toEqual([]);
    const first = await c.post('/_devnet/clock', { advance_seconds: 1 });
    expect(first.body.moved).toHaveLength(12);
    expect((await recordOf(c, c.accounts.alice.stark_key, 1)).status).toBe(3);
    const later = await c.post('/_devnet/clock', { advance_seconds: 25 }); // two more cuts
    expect(later.body.moved).toHaveLength(12);
    expect((await recordOf(c, c.accounts.alice.stark_key, 1)).status).toBe(6);
  });
});

describe('POST /_devnet/records/{id}/status', () => {
  it('rolls back a transfer (3 -> 5): the funds return to the sender', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    const seq = (await transfer(c, alice, bob.stark_key, ETH_ASSET, '500')).body.data.sequence_id;
    expect((await c.post(`/_devnet/records/${seq}/status`, { status: 3 })).body).toEqual({ sequence_id: seq, status: 3 });
    expect((await c.post(`/_devnet/records/${seq}/status`, { status: 5 })).body).toEqual({ sequence_id: seq, status: 5 });
    expect(await balance(c, alice.stark_key, ETH_ASSET)).toEqual({ available: 10000000, frozen: 0 });
    expect(await balance(c, bob.stark_key, ETH_ASSET)).toEqual({ available: 10000000, frozen: 0 });
    expect((await recordOf(c, alice.stark_key, seq)).status).toBe(5);
  });

  it('refuses to revert when a later record already spent those funds, changing nothing', async () => {
    const c = testClient();
    const { alice, bob, carol } = c.accounts;
    const seq = (await transfer(c, alice, bob.stark_key, ETH_ASSET, '10000000')).body.data.sequence_id;
    await transfer(c, bob, carol.stark_key, ETH_ASSET, '15000000');
    const before = await snapshotOf(c, [alice.stark_key, bob.stark_key]);
    const r = await c.post(`/_devnet/records/${seq}/status`, { status: 4 });
    expect(failedCode(r)).toBe(8);
    expect(r.body.error).toMatch(/later records already spent those funds/);
    expect(await snapshotOf(c, [alice.stark_key, bob.stark_key])).toEqual(before);
    expect((await recordOf(c, alice.stark_key, seq)).status).toBe(1);
  });

  it('rejecting a deposit on L2 (1 -> 4) removes it; rolling a withdrawal (3 -> 5) refunds the sender', async () => {
    const c = testClient();
    const { alice, carol } = c.accounts;
    const dep = (await c.post('/_devnet/deposit', { stark_key: carol.stark_key, contract_address: 'eth', amount: '5' })).body.sequence_id;
    await c.post(`/_devnet/records/${dep}/status`, { status: 4 });
    expect(await balance(c, carol.stark_key, ETH_ASSET)).toEqual({ available: 10000000, frozen: 0 });
    const w = (await withdraw(c, alice, '0x76f2fc7ed90039d986e3eb4db294f05e160c8f03', ETH_ASSET, '300')).body.data.sequence_id;
    await c.post('/_devnet/batches', { layer: 'l2' });
    await c.post(`/_devnet/records/${w}/status`, { status: 5 });
    expect(await balance(c, alice.stark_key, ETH_ASSET)).toEqual({ available: 10000000, frozen: 0 });
    await c.post('/_devnet/batches', { layer: 'l1' });
    expect(
      (await c.get('/v1/withdrawal/status?stage=withdrawarea&ethaddress=0x76f2fc7ed90039d986e3eb4db294f05e160c8f03')).body.data,
    ).toEqual([]);
  });

  it.each<[string, string, Record<string, unknown>, number]>([
    ['an illegal move (1 -> 6)', '1', { status: 6 }, 19],
    ['a move back (1 -> 0)', '1', { status: 0 }, 19],
    ['an unknown record', '999', { status: 3 }, 19],
    ['a status out of range', '1', { status: 9 }, 19],
    ['a non-numeric id', 'abc', { status: 3 }, 19],
  ])('refuses %s with %s', async (_n, id, body, code) => {
    expect(failedCode(await testClient().post(`/_devnet/records/${id}/status`, body))).toBe(code);
  });
});

describe('POST /_devnet/clock', () => {
  it('advances by seconds and sets an instant, never backwards', async () => {
    const c = testClient();
    expect((await c.post('/_devnet/clock', { advance_seconds: 90 })).body.now).toBe('2026-01-01T00:01:30.000000Z');
    expect((await c.post('/_devnet/clock', { set: '2026-03-01T12:00:00.5Z' })).body.now).toBe('2026-03-01T12:00:00.500000Z');
    const seq = (await c.post('/_devnet/deposit', { stark_key: c.accounts.carol.stark_key, contract_address: 'eth', amount: '1' })).body
      .sequence_id;
    expect((await recordOf(c, c.accounts.carol.stark_key, seq)).time).toBe(Date.UTC(2026, 2, 1, 12) / 1000);
    expect(failedCode(await c.post('/_devnet/clock', { set: '2026-01-01T00:00:00Z' }))).toBe(19);
    expect(failedCode(await c.post('/_devnet/clock', {}))).toBe(19);
    expect(failedCode(await c.post('/_devnet/clock', { advance_seconds: 1, set: '2027-01-01T00:00:00Z' }))).toBe(19);
    expect(failedCode(await c.post('/_devnet/clock', { advance_seconds: -5 }))).toBe(19);
    expect(failedCode(await c.post('/_devnet/clock', { set: 'tomorrow' }))).toBe(19);
  });
});
