// Control plane for whole states: snapshots and reverts, reset, dump and load, and what bad input gets.
import { describe, expect, it } from 'vitest';
import { stringify } from '../../src/domain/values/json.js';
import { ETH_ASSET, failedCode, testClient } from '../support/client.js';
import { balance, order, transfer } from '../support/flows.js';

async function hash(c: ReturnType<typeof testClient>): Promise<string> {
  return (await c.get('/_devnet/invariants')).body.state_hash;
}

describe('snapshots', () => {
  it('revert restores balances, nonces, sequence ids and the clock exactly; the snapshot stays usable', async () => {
    const c = testClient();
    const before = await hash(c);
    const snap = await c.post('/_devnet/snapshots', {});
    expect(snap.status).toBe(200);
    expect(snap.body.id).toBe('0x1');

    const sent = await transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 1000n);
    expect(sent.body.status).toBe('OK');
    await c.post('/_devnet/clock', { advance_seconds: 60 });
    expect(await balance(c, c.accounts.bob.stark_key, ETH_ASSET)).toMatchObject({ available: 10_001_000 });

    const r = await c.post(`/_devnet/snapshots/${snap.body.id}/revert`, {});
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ reverted: '0x1' });
    expect(await hash(c)).toBe(before);
    expect(await balance(c, c.accounts.bob.stark_key, ETH_ASSET)).toMatchObject({ available: 10_000_000 });
    // The same nonce and sequence id are handed out again, as if the transfer never happened.
    const again = await transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 1000n);
    expect(again.body.data.sequence_id).toBe(sent.body.data.sequence_id);
    await c.post(`/_devnet/snapshots/${snap.body.id}/revert`, {});
    expect(await hash(c)).toBe(before);
  });

  it('reverting to an earlier snapshot drops the later ones; unknown ids get 19 and change nothing', async () => {
    const c = testClient();
    const first = (await c.post('/_devnet/snapshots', {})).body.id;
    await c.post('/_devnet/deposit', { stark_key: c.accounts.carol.stark_key, contract_address: 'eth', amount: 5 });
    const second = (await c.post('/_devnet/snapshots', {})).body.id;
    expect(second).toBe('0x2');
    expect((await c.post(`/_devnet/snapshots/${first}/revert`, {})).status).toBe(200);
    const h = await hash(c);
    const gone = await c.post(`/_devnet/snapshots/${second}/revert`, {});
    expect(failedCode(gone)).toBe(19);
    expect(gone.body.error).toMatch(/no snapshot with id "0x2"/);
    expect(failedCode(await c.post('/_devnet/snapshots/nonsense/revert', {}))).toBe(19);
    expect(await hash(c)).toBe(h);
  });
});

describe('reset', () => {
  it('goes back to the genesis state and drops snapshots', async () => {
    const c = testClient();
    const genesis = await hash(c);
    const snap = (await c.post('/_devnet/snapshots', {})).body.id;
    await c.post('/_devnet/deposit', { stark_key: c.accounts.carol.stark_key, contract_address: 'eth', amount: 5 });
    expect(await hash(c)).not.toBe(genesis);
    const r = await c.post('/_devnet/reset', {});
    expect(r.body.state_hash).toBe(genesis);
    expect(failedCode(await c.post(`/_devnet/snapshots/${snap}/revert`, {}))).toBe(19);
  });
});

describe('state dump and load', () => {
  it('GET /_devnet/state is versioned; loading it into a fresh emulator reproduces the state hash and behaviour', async () => {
    const a = testClient();
    await transfer(a, a.accounts.alice, a.accounts.bob.stark_key, ETH_ASSET, 1234n);
    const text = (await a.get('/_devnet/state')).text;
    expect(JSON.parse(text).format).toBe('l2-devnet/state@2');

    const b = testClient();
    const loaded = await b.postRaw('/_devnet/state', text);
    expect(loaded.body.state_hash).toBe(await hash(a));
    // Both now hand out the same next sequence id for the same command.
    const x = await transfer(a, a.accounts.bob, a.accounts.carol.stark_key, ETH_ASSET, 1n);
    const y = await transfer(b, b.accounts.bob, b.accounts.carol.stark_key, ETH_ASSET, 1n);
    expect(y.body).toEqual(x.body);
    expect(await hash(b)).toBe(await hash(a));
  });

  it('loads a dump of the previous format (@1): the fields it lacked get the values it implies', async () => {
    const a = testClient();
    await transfer(a, a.accounts.alice, a.accounts.bob.stark_key, ETH_ASSET, 1234n);
    await order(a, a.accounts.alice, { contract2: 'ERC721:0x941661bd1134dc7cc3d107bf006b8631f6e65ad5:1', direction: 0, quoteAmount: '1', baseAmount: '1000', price: '1000' });
    const now = JSON.parse((await a.get('/_devnet/state')).text);
    const strip = (o: Record<string, unknown>, ...keys: string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
    const { signatures: _s, ...rest } = now;
    const old = {
      ...rest,
      format: 'l2-devnet/state@1',
      contracts: now.contracts.map((c: Record<string, unknown>) => strip(c, 'id', 'removed')),
      assets: now.assets.map((x: Record<string, unknown>) => strip(x, 'uri')),
      orders: now.orders.map((o: Record<string, unknown>) => strip(o, 'timeInForce', 'payment')),
    };
    const b = testClient();
    expect((await b.postRaw('/_devnet/state', JSON.stringify(old))).body.state_hash).toMatch(/^0x/);
    // Everything but the signature index (requests accepted under @1 were never indexed) comes back as it was.
    expect(JSON.parse((await b.get('/_devnet/state')).text)).toEqual({ ...now, signatures: [] });
    expect((await b.get('/_devnet/invariants')).body.violations).toEqual([]);
    expect((await b.get('/v1/order?order_id=14')).body.data.stop_limit_time_in_force).toBe('GTC');
  });

  it('refuses malformed, foreign, older-format and inconsistent dumps with 19 (401 for bad JSON), leaving the state alone', async () => {
    const c = testClient();
    const good = (await c.get('/_devnet/state')).body;
    const h = await hash(c);
    const cases: Array<[string, string, number, RegExp]> = [
      ['not JSON', '{"format":', 401, /not valid JSON/],
      ['an array', '[]', 19, /must be a JSON object/],
      ['a foreign document', '{"hello":"world"}', 19, /not an l2-devnet state dump/],
      ['an older format', stringify({ ...good, format: 'l2-devnet/state@0' }), 19, /format "l2-devnet\/state@0" cannot be read by this build/],
      ['a missing section', stringify({ ...good, records: undefined }), 19, /malformed state dump/],
      ['an extra field', stringify({ ...good, surprise: 1 }), 19, /unexpected field surprise/],
      ['a mistyped value', stringify({ ...good, next_vault_id: 'ten' }), 19, /malformed state dump/],
      ['money from nowhere', stringify({ ...good, issued: good.issued.map(([k, v]: [string, number]) => [k, v + 1]) }), 19, /inconsistent state dump: conservation/],
    ];
    for (const [what, body, code, message] of cases) {
      const r = await c.postRaw('/_devnet/state', body);
      expect(r.status, what).toBe(200);
      expect(failedCode(r), what).toBe(code);
      expect(r.body.error, what).toMatch(message);
    }
    expect(await hash(c)).toBe(h);
  });
});
