// POST /_devnet/state parses in time and stack linear in the body: long strings, deep nesting and
// runs of escapes are answered (OK or FAILED with a code), never 500.
import { describe, expect, it } from 'vitest';
import { stringify } from '../../src/domain/values/json.js';
import { failedCode, testClient } from '../support/client.js';

describe('POST /_devnet/state parsing', () => {
  it('a dump holding a 12,000,000-character marketplace name loads back (GET then POST used to fail)', async () => {
    const c = testClient({ signatures: 'skip' });
    const devnet = c.dn.devnet;
    const project = [...devnet.state.projects.values()].find((p) => p.owner === c.apiKey)!.uuid;
    const name = 'n'.repeat(12_000_000);
    devnet.createMarketplace(c.apiKey, { name, payee: c.accounts.carol.stark_key, fee: { num: 15n, den: 1000n, text: '0.015' }, projectUuid: project });
    const hash = devnet.stateHash();
    const dump = (await c.get('/_devnet/state')).text;
    expect(dump.length).toBeGreaterThan(12_000_000);
    await c.post('/_devnet/reset', {});
    const r = await c.postRaw('/_devnet/state', dump);
    expect(r.status).toBe(200);
    expect(r.body.state_hash).toBe(hash);
  });

  it('deep nesting inside a dump is refused with 19, at any depth (it answered 500)', async () => {
    const c = testClient();
    const dump = stringify(c.dn.devnet.dump());
    for (const depth of [100, 5_000, 100_000]) {
      const deep = '['.repeat(depth) + ']'.repeat(depth);
      const r = await c.postRaw('/_devnet/state', dump.replace('"named_accounts":[', `"named_accounts":[${deep},`));
      expect(r.status).toBe(200);
      expect(failedCode(r)).toBe(19);
      expect(r.body.error).toBe('malformed state dump: field named_accounts nests deeper than 64 levels (a whole dump nests about a dozen)');
    }
    const r = await c.postRaw('/_devnet/state', '['.repeat(100_000));
    expect(failedCode(r)).toBe(401);
    expect(r.body.error).toBe('state dump is not valid JSON: Unexpected end of JSON input at position 100000');
  });

  it('`"` followed by 200,000 `\\"` is answered at once with 401 (the old regex took seconds per 100 KB)', async () => {
    const c = testClient();
    const open = await c.postRaw('/_devnet/state', '"' + '\\"'.repeat(200_000));
    expect(failedCode(open)).toBe(401);
    expect(open.body.error).toBe('state dump is not valid JSON: Unterminated string starting at position 0');
    const closed = await c.postRaw('/_devnet/state', '"' + '\\"'.repeat(200_000) + '"');
    expect(failedCode(closed)).toBe(19);
  });
});
