// The second reader of the contract: Stoplight Prism's validating proxy (test/contract/prism.ts) over
// the suite's recorded traffic, beside traffic.check.ts's own validator. Prism checks one exchange of
// each kind (kindOf: method, masked path, query names, status, body skeletons); the own validator checks them all.
// A refused request may be invalid (the suite sends bad input on purpose), so request-side findings
// count only where the emulator accepted the request; every answer must fit the document.
import { getPath } from 'hono/utils/url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDevnet } from '../../src/index.js';
import { kindOf, PrismProxy } from './prism.js';
import type { PrismFinding } from './prism.js';
import { readTraffic } from './traffic.js';
import type { Exchange } from './traffic.js';
import { ContractValidator, refused } from './validate.js';

const document: unknown = await (await createDevnet().fetch('/openapi.json')).json();
const validator = await ContractValidator.create(document);
let prism: PrismProxy;
let kinds: { ex: Exchange; operation: string }[];

const whole = (ex: Exchange) => ex.req.skipped === undefined && !ex.req.truncated && ex.res.skipped === undefined && !ex.res.truncated;
const routedPath = (ex: Exchange) => validator.routedPath(ex.req.method, getPath(new Request(ex.req.url)));

async function findings(ex: Exchange): Promise<PrismFinding[]> {
  const all = await prism.check(ex, routedPath(ex));
  return refused(ex) ? all.filter((f) => f.side !== 'request') : all;
}

beforeAll(async () => {
  prism = await PrismProxy.create(document);
  const seen = new Map<string, Exchange>();
  const { exchanges } = readTraffic();
  for (const ex of exchanges) if (whole(ex) && !seen.has(kindOf(ex))) seen.set(kindOf(ex), ex);
  kinds = [];
  for (const ex of seen.values()) {
    const { operation, unrouted } = validator.check(ex);
    if (operation !== undefined && !unrouted) kinds.push({ ex, operation });
  }
  console.log(`prism: ${kinds.length} kinds of exchange on documented routes, out of ${exchanges.length} recorded`);
}, 300_000);

describe("Prism's validating proxy over the recorded traffic", () => {
  it('routes every kind of recorded exchange and finds no violation in a request the emulator accepted or in any answer', async () => {
    expect(kinds.length, 'no recorded traffic: run `vitest run` (npm test does) before this check').toBeGreaterThan(100);
    const found: string[] = [];
    for (const { ex, operation } of kinds)
      for (const f of await findings(ex))
        found.push(`${operation}: ${f.side} ${f.message}${f.path ? ` at ${f.path}` : ''} (${ex.req.url})`);
    expect(found).toEqual([]);
  }, 300_000);

  it('reports a planted wrong answer and a planted invalid request it would have accepted', async () => {
    const balances = kinds.find(({ operation, ex }) => operation.startsWith('GET /v1/balances ') && ex.res.body?.includes('"OK"'));
    expect(balances, 'a recorded OK answer of GET /v1/balances').toBeDefined();
    const answer = JSON.parse(balances!.ex.res.body!) as { data: unknown };
    const wrong = { ...balances!.ex, res: { ...balances!.ex.res, body: JSON.stringify({ ...answer, data: 'not a list' }) } };
    expect((await findings(wrong)).map((f) => f.side)).toContain('response');

    const transfer = kinds.find(
      ({ operation, ex }) => operation.startsWith('POST /v1/transfers ') && !refused(ex) && ex.req.body?.includes('"nonce"'),
    );
    expect(transfer, 'a recorded accepted POST /v1/transfers').toBeDefined();
    const body = JSON.parse(transfer!.ex.req.body!) as Record<string, unknown>;
    const invalid = { ...transfer!.ex, req: { ...transfer!.ex.req, body: JSON.stringify({ ...body, nonce: { not: 'a nonce' } }) } };
    expect((await findings(invalid)).map((f) => f.side)).toContain('request');
  });
});
