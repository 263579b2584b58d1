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
    devnet.createMarketplace(c.apiKey, {
      name,
      payee: c.accounts.carol.stark_key,
      fee: { num: 15n, den: 1000n, text: '0.015' },
      projectUuid: project,
    });
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
      expect(r.body.error).toBe(
        'malformed state dump: field named_accounts nests deeper than 64 levels (a whole dump nests about a dozen)',
      );
    }
    const r = await c.postRaw('/_devnet/state', '['.repeat(100_000));
    expect(failedCode(r)).toBe(401);
    expect(r.body.error).toBe(
      'a state dump must be a JSON object whose first member is "format" (from GET /_devnet/state); this body starts with "[[[[[[[[[[[[[[[["',
    );
  });

  it('`"` followed by 200,000 `\\"` is answered at once with 401, closed or not: a dump is an object', async () => {
    const c = testClient();
    for (const body of ['"' + '\\"'.repeat(200_000), '"' + '\\"'.repeat(200_000) + '"']) {
      const r = await c.postRaw('/_devnet/state', body);
      expect(failedCode(r)).toBe(401);
      expect(r.body.error).toMatch(/^a state dump must be a JSON object whose first member is "format"/);
    }
  });

  /** POSTs a body streamed from `pieces` (UTF-8), counting the bytes the route pulled. */
  async function streamed(c: ReturnType<typeof testClient>, pieces: () => Generator<string>) {
    const encoder = new TextEncoder();
    const source = pieces();
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = source.next();
        if (next.done) return controller.close();
        const bytes = encoder.encode(next.value);
        pulled += bytes.length;
        controller.enqueue(bytes);
      },
    });
    const reply = await c.dn.fetch('http://devnet.test/_devnet/state', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    const text = await reply.text();
    return { reply: { status: reply.status, text, body: JSON.parse(text) }, pulled };
  }

  it('a body of [[],[],...] is refused from its first bytes, not buffered (24 MiB of it added ~500 MiB and stalled every request)', async () => {
    const c = testClient();
    const hash = c.dn.devnet.stateHash();
    const r = await streamed(c, function* () {
      yield '[';
      for (let i = 0; i < 24 * 1024; i++) yield '[],'.repeat(341);
      yield '[]]';
    });
    expect(failedCode(r.reply)).toBe(401);
    expect(r.reply.body.error).toMatch(/^a state dump must be a JSON object whose first member is "format"/);
    // The route refused at the first piece; the web stream between pulls a bounded way ahead of it
    // (about 256 KiB here), never the 24 MiB body.
    expect(r.pulled).toBeLessThan(1024 * 1024);
    expect(c.dn.devnet.stateHash()).toBe(hash);
  });

  it('a huge single line is refused once it passes the limit on what is held, whatever its layout', async () => {
    const c = testClient();
    const dump = (await c.get('/_devnet/state')).text;
    const at = dump.indexOf('"named_accounts":[') + '"named_accounts":['.length;
    const piece = '[],'.repeat(341 * 16);
    // In the dump's layout: one line (named_accounts) growing past 16 MiB.
    const line = await streamed(c, function* () {
      yield dump.slice(0, at);
      for (let i = 0; i < 2048; i++) yield piece;
    });
    expect(failedCode(line.reply)).toBe(19);
    expect(line.reply.body.error).toBe(
      `malformed state dump: line 8 is longer than ${16 * 1024 * 1024} characters, the most read as one line`,
    );
    expect(line.pulled).toBeLessThan(17 * 1024 * 1024);
    // In another layout (one line from the start): held whole up to the same limit.
    const whole = await streamed(c, function* () {
      yield '{"format":"l2-devnet/state@2","named_accounts":[';
      for (let i = 0; i < 2048; i++) yield piece;
    });
    expect(failedCode(whole.reply)).toBe(19);
    expect(whole.reply.body.error).toMatch(
      /^this state dump is not laid out one item per line .* larger than 16777216 characters, the most read whole/,
    );
    expect(whole.pulled).toBeLessThan(17 * 1024 * 1024);
  });
});
