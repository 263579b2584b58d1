// The inspector: the request journal (GET/DELETE /_devnet/requests), /metrics parsed as Prometheus
// text, the explorer's search and detail reads, and the event stream's Last-Event-ID replay.
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet } from '../../src/index.js';
import type { RunningDevnet } from '../../src/index.js';
import { signedTransferBody } from '../../src/testing.js';
import { ETH_ASSET, failedCode, testClient } from '../support/client.js';
import type { Account, TestClient } from '../support/client.js';
import { nonceOf, transfer } from '../support/flows.js';
import { portOf, rawCall } from '../support/raw-http.js';
import { upload } from '../support/storage-files.js';

const T0 = Date.UTC(2026, 4, 1, 12, 0, 0);

/** A transfer signed as the SDKs sign it; its body is returned too (for its signature). */
async function signedTransfer(c: TestClient, from: Account, to: Account, amount: bigint, headers: Record<string, string> = {}) {
  const vaults = (await c.get(`/v1/vaults?stark_keys=${from.stark_key},${to.stark_key}&asset_id=${ETH_ASSET}`)).body.data
    .vault_ids as string[];
  const body = signedTransferBody({
    starkKey: from.stark_key,
    privateKey: from.private_key,
    assetId: ETH_ASSET,
    amount,
    nonce: await nonceOf(c, from.stark_key),
    vaultId: vaults[0]!,
    receiver: to.stark_key,
    receiverVaultId: vaults[1]!,
  });
  return { body, reply: await c.post('/v1/transfers', body, headers) };
}

describe('GET /_devnet/requests: the request journal', () => {
  it('keeps method, path, query, status, code, error, sequence id, duration and both clocks, newest first', async () => {
    let now = T0;
    const c = testClient({ requestClock: () => (now += 5) });
    const { reply } = await signedTransfer(c, c.accounts.alice, c.accounts.bob, 1000n);
    const seq = reply.body.data.sequence_id as number;
    const refused = await c.get('/v1/record?sequence_id=99999');
    const j = (await c.get('/_devnet/requests?limit=3')).body;
    expect(j.capacity).toBe(1000);
    expect(j.entries.map((e: any) => `${e.method} ${e.path}`)).toEqual(['GET /v1/record', 'POST /v1/transfers', 'GET /v1/nonce']);
    const [rec, tr] = j.entries;
    expect(rec).toMatchObject({
      status: refused.status,
      error_code: failedCode(refused),
      error: refused.body.error,
      sequence_id: null,
      query: { sequence_id: '99999' },
      duration_ms: 5,
    });
    expect(tr).toMatchObject({
      status: 200,
      error_code: 0,
      error: null,
      sequence_id: seq,
      query: {},
      emulator_time: '2026-01-01T00:00:00.000000Z',
    });
    expect(Date.parse(tr.wall_time)).toBeGreaterThan(T0);
    expect(rec.id).toBe(tr.id + 1);
  });

  it('filters by method, path, status, error_code and since, and bounds limit', async () => {
    const c = testClient();
    await c.get(`/v1/nonce?stark_key=${c.accounts.alice.stark_key}`);
    await c.get('/v1/record?sequence_id=99999');
    await c.post('/v1/transfers', {});
    await c.get('/no/such/route');
    const list = async (q: string) =>
      ((await c.get(`/_devnet/requests?${q}`)).body.entries as any[]).map((e) => `${e.method} ${e.path} ${e.error_code}`);
    expect(await list('method=post')).toEqual(['POST /v1/transfers 1']);
    expect(await list('path=/v1/re')).toEqual(['GET /v1/record 19']);
    expect(await list('status=404')).toEqual(['GET /no/such/route 19']);
    expect(await list('error_code=0')).toEqual([`GET /v1/nonce 0`]);
    expect(await list('error_code=19&limit=1')).toEqual(['GET /no/such/route 19']);
    const first = (await c.get('/_devnet/requests')).body.entries.at(-1).id as number;
    expect(await list(`since=${first + 2}`)).toEqual(['GET /no/such/route 19']);
    // limit is 1..1000; a bad filter is refused with 19, like every other field.
    expect(failedCode(await c.get('/_devnet/requests?limit=1001'))).toBe(19);
    expect(failedCode(await c.get('/_devnet/requests?status=abc'))).toBe(19);
  });

  it('is a ring of --request-journal entries; DELETE empties it and ids go on', async () => {
    const c = testClient({ requestJournal: 3 });
    for (let i = 0; i < 5; i++) await c.get(`/v1/record?sequence_id=${1000 + i}`);
    const j = (await c.get('/_devnet/requests')).body;
    expect(j).toMatchObject({ size: 3, capacity: 3, last_id: 5 });
    expect(j.entries.map((e: any) => e.query.sequence_id)).toEqual(['1004', '1003', '1002']);
    expect((await c.delete('/_devnet/requests')).body).toEqual({ removed: 3 });
    await c.get('/v1/record?sequence_id=7');
    const after = (await c.get('/_devnet/requests')).body;
    // The DELETE itself is journaled (it changed something), then the read after it.
    expect(after.entries.map((e: any) => [e.id, e.method, e.path])).toEqual([
      [7, 'GET', '/v1/record'],
      [6, 'DELETE', '/_devnet/requests'],
    ]);
  });

  it("leaves out the explorer's own successful reads, keeps its refused ones", async () => {
    const c = testClient();
    await c.get('/_devnet/overview');
    await c.get('/_devnet/search?q=alice');
    await c.get('/metrics');
    await c.get('/_devnet/explorer/records/424242');
    const j = (await c.get('/_devnet/requests')).body;
    expect(j.entries.map((e: any) => e.path)).toEqual(['/_devnet/explorer/records/424242']);
  });

  describe('over a socket: refusals by the guard and the limits are journaled too; no secret is', () => {
    const TOKEN = 'ctl-tok-9b1d7e2a';
    let net: RunningDevnet;
    let port: number;
    const auth = { authorization: `Bearer ${TOKEN}` };
    beforeAll(async () => {
      net = await startDevnet({ port: 0, controlToken: TOKEN, maxBodyBytes: 2048 });
      port = portOf(net.url);
    });
    afterAll(() => net.close());

    it('a foreign Host (403), a body over the limit (413), a missing control token (401)', async () => {
      await rawCall(port, 'GET', '/v1/nonce', { Host: 'evil.example' });
      await rawCall(
        port,
        'POST',
        '/v1/transfers',
        { Host: '127.0.0.1', 'content-type': 'application/json' },
        JSON.stringify({ pad: 'x'.repeat(4096) }),
      );
      await rawCall(port, 'GET', '/_devnet/accounts', { Host: '127.0.0.1' });
      const j = (await (await fetch(`${net.url}/_devnet/requests?limit=3`, { headers: auth })).json()) as { entries: any[] };
      expect(j.entries.map((e) => [e.method, e.path, e.status, e.error_code])).toEqual([
        ['GET', '/_devnet/accounts', 401, 32],
        ['POST', '/v1/transfers', 413, 19],
        ['GET', '/v1/nonce', 403, 19],
      ]);
      expect(j.entries[2].error).toMatch(/DNS rebinding/);
    });

    it('never holds an API key, a signature, a private key, an Authorization value or the control token (journal and /metrics)', async () => {
      const accounts = (await (await fetch(`${net.url}/_devnet/accounts`, { headers: auth })).json()) as {
        accounts: Account[];
        api_keys: string[];
      };
      const [alice, bob] = accounts.accounts as [Account, Account];
      const apiKey = accounts.api_keys[0]!;
      const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
        const res = await fetch(net.url + path, {
          method,
          headers: { 'content-type': 'application/json', ...headers },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: res.status, body: (await res.json()) as any, text: '' };
      };
      const c = {
        get: (p: string) => call('GET', p),
        post: (p: string, b: unknown, h?: Record<string, string>) => call('POST', p, b, h),
      } as unknown as TestClient;
      const { body, reply } = await signedTransfer(c, alice, bob, 1000n, {
        'x-api-key': apiKey,
        authorization: 'Bearer some-client-secret-42',
        ...{},
      });
      expect(reply.body.status).toBe('OK');
      const sig = body.signature as { r: string; s: string };
      // Secret-like query values too: a signature, an API key and a private key in the query string
      // (of a path no route declares, so the contract check of the recorded traffic does not object).
      await call(
        'GET',
        `/v1/no-such-route?stark_key=${alice.stark_key}&signature=${sig.r}&api_key=${apiKey}&private_key=${alice.private_key}&r=${sig.r}&s=${sig.s}`,
      );
      await call('POST', '/v1/project', { name: 'p' }, { 'x-api-key': apiKey });
      const journal = await (await fetch(`${net.url}/_devnet/requests?limit=1000`, { headers: auth })).text();
      const metrics = await (await fetch(`${net.url}/metrics`, { headers: auth })).text();
      expect(journal).toContain('/v1/transfers');
      expect(journal).toContain('"signature":"[redacted]"');
      // The transfer's body is kept (what was signed), its signature masked.
      const sent = (JSON.parse(journal).entries as Array<{ path: string; body: string | null }>).find((e) => e.path === '/v1/transfers')!;
      expect(JSON.parse(sent.body!)).toMatchObject({ amount: '1000', receiver: bob.stark_key, signature: '[redacted]' });
      for (const secret of [apiKey, sig.r.slice(2), sig.s.slice(2), alice.private_key.slice(2), TOKEN, 'some-client-secret-42']) {
        expect(journal, secret).not.toContain(secret);
        expect(metrics, secret).not.toContain(secret);
      }
    });

    it('/metrics is behind the control token when one is set', async () => {
      const res = await fetch(`${net.url}/metrics`);
      expect(res.status).toBe(401);
      expect((await fetch(`${net.url}/metrics`, { headers: auth })).status).toBe(200);
    });
  });
});

type Family = {
  name: string;
  help: string;
  type: string;
  metrics: Array<{ value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string; sum?: string }>;
};

/**
 * The exposition format's rules checked line by line (text format 0.0.4; empty lines are ignored): HELP and TYPE once per
 * family and before its samples, names and labels by the grammar, values as Go floats, every sample
 * in the family its TYPE announced, histogram buckets cumulative with +Inf equal to _count.
 */
function strictCheck(text: string): void {
  expect(text.endsWith('\n')).toBe(true);
  const declared = new Map<string, string>();
  const helped = new Set<string>();
  const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
  const sample = new RegExp(
    `^(${NAME})(\\{([a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"(?:,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*")*)?\\})? ([-+]?(?:\\d+(?:\\.\\d*)?(?:[eE][-+]?\\d+)?|\\.\\d+|Inf|NaN))$`,
  );
  const buckets = new Map<string, number[]>();
  const counts = new Map<string, number>();
  for (const line of text.slice(0, -1).split('\n')) {
    let m: RegExpExecArray | null;
    if (line === '') continue;
    if ((m = new RegExp(`^# HELP (${NAME}) .+$`).exec(line))) {
      expect(helped.has(m[1]!), `HELP twice: ${line}`).toBe(false);
      helped.add(m[1]!);
    } else if ((m = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`).exec(line))) {
      expect(declared.has(m[1]!), `TYPE twice: ${line}`).toBe(false);
      declared.set(m[1]!, m[2]!);
    } else {
      m = sample.exec(line);
      expect(m, `not a sample line: ${line}`).not.toBeNull();
      const name = m![1]!;
      const family = [...declared.keys()].find(
        (f) => name === f || (declared.get(f) === 'histogram' && [`${f}_bucket`, `${f}_sum`, `${f}_count`].includes(name)),
      );
      expect(family, `sample before its TYPE: ${line}`).toBeDefined();
      if (declared.get(family!) === 'counter') expect(Number(m![4])).toBeGreaterThanOrEqual(0);
      if (name.endsWith('_bucket')) buckets.set(family!, [...(buckets.get(family!) ?? []), Number(m![4])]);
      if (name.endsWith('_count')) counts.set(family!, Number(m![4]));
    }
  }
  for (const [family, values] of buckets) {
    expect(values, `${family} buckets are cumulative`).toEqual([...values].sort((a, b) => a - b));
    expect(values.at(-1), `${family} +Inf bucket = _count`).toBe(counts.get(family));
  }
}

describe('GET /metrics', () => {
  const scrape = async (c: TestClient): Promise<Map<string, Family>> => {
    const res = await c.dn.fetch('/metrics');
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    strictCheck(text);
    return new Map((parsePrometheusTextFormat(text) as Family[]).map((f) => [f.name, f]));
  };
  const value = (m: Map<string, Family>, name: string, labels: Record<string, string> = {}): number => {
    const f = m.get(name);
    const s = f?.metrics.find((x) => Object.entries(labels).every(([k, v]) => x.labels?.[k] === v));
    return s === undefined ? 0 : Number(s.value ?? s.count);
  };

  it('parses as Prometheus text, and its counters and gauges move with the traffic', async () => {
    const c = testClient();
    const before = await scrape(c);
    expect([...before.keys()]).toEqual([
      'l2devnet_http_requests_total',
      'l2devnet_http_request_duration_seconds',
      'l2devnet_commands_total',
      'l2devnet_records',
      'l2devnet_open_orders',
      'l2devnet_sse_subscribers',
      'l2devnet_request_journal_entries',
    ]);
    expect(before.get('l2devnet_http_request_duration_seconds')!.type).toBe('HISTOGRAM');
    const accepted = value(before, 'l2devnet_records', { name: 'accepted' });
    const onL1 = value(before, 'l2devnet_records', { name: 'accepted_on_l1' });

    for (let i = 0; i < 3; i++)
      expect((await transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 10n)).body.status).toBe('OK');
    await c.get('/v1/record?sequence_id=99999');
    const sse = await c.dn.fetch('/_devnet/events');
    const mid = await scrape(c);
    const route = { method: 'POST', route: '/v1/transfers', status: '200', code: '0' };
    expect(value(mid, 'l2devnet_http_requests_total', route) - value(before, 'l2devnet_http_requests_total', route)).toBe(3);
    expect(value(mid, 'l2devnet_http_requests_total', { route: '/v1/record', code: '19' })).toBe(1);
    expect(value(mid, 'l2devnet_commands_total', { command: 'transfer' })).toBe(3);
    expect(value(mid, 'l2devnet_records', { name: 'accepted' })).toBe(accepted + 3);
    expect(value(mid, 'l2devnet_sse_subscribers')).toBe(1);
    await sse.body?.cancel();

    await c.post('/_devnet/batches', { layer: 'both' });
    const after = await scrape(c);
    expect(value(after, 'l2devnet_records', { name: 'accepted' })).toBe(0);
    expect(value(after, 'l2devnet_records', { name: 'accepted_on_l1' })).toBe(onL1 + accepted + 3);
    expect(value(after, 'l2devnet_commands_total', { command: 'batches' })).toBe(1);
    // Every request so far was timed: the histogram's count is the sum of the request counter.
    const total = after.get('l2devnet_http_requests_total')!.metrics.reduce((n, s) => n + Number(s.value), 0);
    expect(Number(after.get('l2devnet_http_request_duration_seconds')!.metrics[0]!.count)).toBe(total);
    expect(value(after, 'l2devnet_sse_subscribers')).toBe(0);
  });

  it('each devnet, and each namespace of one, counts its own (no registry shared in the process)', async () => {
    const [a, b] = [testClient(), testClient()];
    for (const c of [a, b]) await scrape(c);
    for (let i = 0; i < 3; i++) await a.get('/v1/nonce?stark_key=' + a.accounts.alice.stark_key);
    await a.dn.fetch('/ns/other/v1/nonce?stark_key=' + a.accounts.alice.stark_key);
    const nonce = { method: 'GET', route: '/v1/nonce', code: '0' };
    expect(value(await scrape(a), 'l2devnet_http_requests_total', nonce)).toBe(3);
    expect(value(await scrape(b), 'l2devnet_http_requests_total', nonce)).toBe(0);
    const other = parsePrometheusTextFormat(await (await a.dn.fetch('/ns/other/metrics')).text()) as Family[];
    expect(value(new Map(other.map((f) => [f.name, f])), 'l2devnet_http_requests_total', nonce)).toBe(1);
  });

  it('labels requests by declared route, so ids in paths do not make new series', async () => {
    const c = testClient();
    for (const id of [1, 2, 3]) await c.get(`/_devnet/explorer/records/${id}`);
    await c.get('/no/such/thing');
    const m = await scrape(c);
    const routes = m.get('l2devnet_http_requests_total')!.metrics.map((s) => s.labels!.route);
    expect(routes.filter((r) => r === '/_devnet/explorer/records/:sequence_id')).toHaveLength(1);
    expect(routes).toContain('unmatched');
  });
});

describe('search and detail reads', () => {
  it('finds a stark key, a genesis name, a sequence id, an order id, a signature r, a CID, a contract', async () => {
    const c = testClient();
    const { body, reply } = await signedTransfer(c, c.accounts.alice, c.accounts.bob, 1000n);
    const seq = reply.body.data.sequence_id as number;
    const hits = async (q: string) =>
      ((await c.get(`/_devnet/search?q=${encodeURIComponent(q)}`)).body.hits as any[]).map((h) => `${h.kind} ${h.id}`);
    expect(await hits(c.accounts.bob.stark_key)).toEqual([`account ${c.accounts.bob.stark_key}`]);
    expect(await hits(c.accounts.bob.stark_key.toUpperCase().replace('0X', '0x'))).toEqual([`account ${c.accounts.bob.stark_key}`]);
    expect(await hits('carol')).toEqual([`account ${c.accounts.carol.stark_key}`]);
    expect(await hits(String(seq))).toEqual([`record ${seq}`]);
    expect(await hits((body.signature as { r: string }).r)).toEqual([`record ${seq}`]);
    expect(await hits('eth')).toEqual(['contract eth']);
    const project = (await c.post('/v1/project', { project_name: 'files' }, { 'x-api-key': c.apiKey })).body.data.project_uuid as string;
    const form = new FormData();
    form.append('file', new Blob(['hello explorer']), 'hello.txt');
    const up = (await upload(c, project, form)).body as { data: { cid: string } };
    expect(await hits(up.data.cid)).toEqual([`file ${up.data.cid}`]);
    const file = (await c.get(`/_devnet/explorer/files/${up.data.cid}`)).body;
    expect(file).toMatchObject({ filename: 'hello.txt', size: '14', removed: false });
    expect(await hits('nothing-here')).toEqual([]);
  });

  it("a record's detail: every field, its reason, its status moves with emulator times; a revert takes back the moves it undid", async () => {
    const c = testClient();
    const failed = await transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 10n ** 15n);
    const f = (await c.get(`/_devnet/explorer/records/${failed.body.data.sequence_id}`)).body;
    expect(f.reason).toMatch(/insufficient|balance/);
    expect(f.row.status).toBe(2);
    expect(f.history).toEqual([{ from: null, to: 2, time: '2026-01-01T00:00:00.000000Z', cmd: 'transfer' }]);

    const ok = (await transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 10n)).body.data.sequence_id as number;
    const snap = (await c.post('/_devnet/snapshots', {})).body.id as string;
    await c.post('/_devnet/clock', { advance_seconds: 60 });
    await c.post('/_devnet/batches', { layer: 'both' });
    const d = (await c.get(`/_devnet/explorer/records/${ok}`)).body;
    expect(d.fields).toMatchObject({ sequence_id: ok, from: c.accounts.alice.stark_key, to: c.accounts.bob.stark_key, amount: '10' });
    expect(d.history.map((h: any) => [h.from, h.to, h.time])).toEqual([
      [null, 1, '2026-01-01T00:00:00.000000Z'],
      [1, 3, '2026-01-01T00:01:00.000000Z'],
      [3, 6, '2026-01-01T00:01:00.000000Z'],
    ]);
    expect(d.history_complete).toBe(true);
    await c.post(`/_devnet/snapshots/${snap}/revert`, {});
    const back = (await c.get(`/_devnet/explorer/records/${ok}`)).body;
    expect(back.history.map((h: any) => h.to)).toEqual([1]);
  });

  it("pages through every record newest first, and through an account's records", async () => {
    const c = testClient();
    for (let i = 0; i < 7; i++)
      await c.post('/_devnet/deposit', { stark_key: c.accounts.carol.stark_key, contract_address: 'eth', amount: String(i + 1) });
    const seen: number[] = [];
    let before: number | null = null;
    do {
      const p: any = (await c.get(`/_devnet/explorer/records?limit=3${before === null ? '' : `&before=${before}`}`)).body;
      seen.push(...p.items.map((r: any) => r.sequence_id));
      before = p.next;
    } while (before !== null);
    const total = (await c.get('/_devnet/explorer/records?limit=1')).body.total as number;
    expect(seen).toHaveLength(total);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    const acct = (await c.get(`/_devnet/explorer/accounts/${c.accounts.carol.stark_key}?limit=2&records=2`)).body;
    expect(acct.records.items.map((r: any) => [r.amount, r.quantized])).toEqual([
      ['0.000005', '5'],
      ['0.000004', '4'],
    ]);
    expect(acct.records.next).toBe(4);
  });
});

describe('GET /_devnet/events with Last-Event-ID', () => {
  async function frames(res: Response, n: number): Promise<Array<{ event: string; id?: string; data: any }>> {
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let buf = '';
    const out: Array<{ event: string; id?: string; data: any }> = [];
    while (out.length < n) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
        const f = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const get = (k: string) =>
          f
            .split('\n')
            .find((l) => l.startsWith(k + ':'))
            ?.slice(k.length + 1)
            .trim();
        if (get('event') === undefined) continue; // a comment (ping)
        out.push({ event: get('event')!, ...(get('id') ? { id: get('id')! } : {}), data: JSON.parse(get('data')!) });
      }
    }
    await reader.cancel();
    return out;
  }

  it('replays the events after it, then says `reset` when they are gone', async () => {
    const c = testClient();
    for (let i = 0; i < 3; i++)
      await c.post('/_devnet/deposit', { stark_key: c.accounts.carol.stark_key, contract_address: 'eth', amount: '1' });
    // 3 deposits: a command and a record event each (seq 1..6); a page that saw seq 2 gets 3..6.
    const replay = await frames(await c.dn.fetch('/_devnet/events', { headers: { 'last-event-id': '2' } }), 5);
    expect(replay.map((f) => f.event)).toEqual(['ready', 'command', 'record', 'command', 'record']);
    expect(replay.slice(1).map((f) => f.id)).toEqual(['3', '4', '5', '6']);
    expect(replay[0]!.data).toEqual({ seq: 6 });
    // An id ahead of every event (another process's) cannot be replayed.
    const ahead = await frames(await c.dn.fetch('/_devnet/events?last_event_id=99'), 2);
    expect(ahead.map((f) => f.event)).toEqual(['ready', 'reset']);
  });

  it('keeps only the last 1000 events: an older id gets `reset`', async () => {
    const c = testClient();
    for (let i = 0; i < 510; i++)
      await c.post('/_devnet/deposit', { stark_key: c.accounts.carol.stark_key, contract_address: 'eth', amount: '1' });
    const old = await frames(await c.dn.fetch('/_devnet/events', { headers: { 'last-event-id': '5' } }), 2);
    expect(old.map((f) => f.event)).toEqual(['ready', 'reset']);
    expect(old[1]!.data).toMatchObject({ seq: 1020, last_event_id: 5 });
    const recent = await frames(await c.dn.fetch('/_devnet/events', { headers: { 'last-event-id': '1018' } }), 3);
    expect(recent.map((f) => f.id)).toEqual([undefined, '1019', '1020']);
  });
});
