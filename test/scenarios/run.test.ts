// Every scenarios/*.json runs in-process and passes; a wrong expectation fails with a readable diff.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createDevnet } from '../../src/index.js';
import { loadScenario, runScenario, scenarioDir } from '../../src/scenario/runner.js';
import type { Scenario } from '../../src/scenario/format.js';
import { inProcessTarget } from '../../src/scenario/target.js';

const DIR = fileURLToPath(new URL('../../scenarios/', import.meta.url));
const FILES = readdirSync(DIR)
  // l1-*.json need an L1 node: test/l1/scenario.test.ts runs them on Anvil.
  .filter((f) => f.endsWith('.json') && !f.startsWith('l1-'))
  .sort();

async function run(s: Scenario) {
  return runScenario(s, inProcessTarget(createDevnet().fetch), { baseDir: DIR });
}

describe('scenarios/*.json', () => {
  it('has the stories the issue asks for', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(9);
  });

  it.each(FILES)('%s passes', async (file) => {
    const path = join(DIR, file);
    const r = await runScenario(loadScenario(path), inProcessTarget(createDevnet().fetch), { baseDir: scenarioDir(path) });
    const failed = r.steps.filter((s) => !s.ok).map((s) => `step ${s.index} ${s.label}: ${s.mismatches.join('; ')}`);
    expect(failed).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.steps.length).toBe(loadScenario(path).steps.length);
  });
});

describe('the runner', () => {
  it('stops at the first unmet expectation and names each mismatch by its path', async () => {
    const r = await run({
      name: 'wrong figures',
      steps: [
        {
          as: 'alice',
          call: 'transfer',
          with: { to: 'bob', asset: 'ETH', amount: '1' },
          expect: { result: { sequence_id: 99 }, balances: { bob: { ETH: '12' } } },
        },
        { call: 'batch' },
      ],
    });
    expect(r.ok).toBe(false);
    expect(r.steps).toHaveLength(1);
    expect(r.steps[0]!.mismatches).toEqual(['result.sequence_id: expected 99, got 13', 'balances.bob.ETH: expected 12, got 11']);
  });

  it('treats a FAILED reply as a failure unless the step expects it, and checks the code', async () => {
    const r = await run({
      name: 'codes',
      steps: [{ as: 'alice', call: 'transfer', with: { to: 'bob', asset: 'ETH', amount: '1', sign_as: 'bob' } }],
    });
    expect(r.steps[0]!.mismatches[0]).toMatch(/^status: expected OK, got FAILED \(error_code 34: /);
    const wrongCode = await run({
      name: 'codes',
      steps: [
        { as: 'alice', call: 'transfer', with: { to: 'bob', asset: 'ETH', amount: '1', sign_as: 'bob' }, expect: { error_code: 13 } },
      ],
    });
    expect(wrongCode.steps[0]!.mismatches).toEqual(['error_code: expected 13, got 34']);
  });

  it('captures results for later steps, as whole values and inside strings', async () => {
    const r = await run({
      name: 'captures',
      steps: [
        { as: 'alice', call: 'sell', with: { asset: 'REDDIO721#2', price: '0.25' }, capture: 'ask' },
        {
          get: '/v1/order?order_id=${ask.sequence_id}',
          expect: { result: { order_id: '$ask.sequence_id', stark_key: '$alice.stark_key', price: '250000' } },
        },
        { get: '/v1/order?order_id=${nothing.id}' },
      ],
    });
    expect(r.steps.map((s) => s.ok)).toEqual([true, true, false]);
    expect(r.steps[2]!.mismatches[0]).toMatch(/^scenario error: \$nothing.id: nothing captured as "nothing" yet/);
  });

  it('refuses amounts finer than the quantum and unknown assets before sending anything', async () => {
    const r = await run({
      name: 'units',
      steps: [{ as: 'alice', call: 'transfer', with: { to: 'bob', asset: 'ETH', amount: '0.0000000000001' } }],
    });
    expect(r.steps[0]!.mismatches[0]).toMatch(/not a whole number of quanta/);
    const unknown = await run({
      name: 'units',
      steps: [{ as: 'alice', call: 'transfer', with: { to: 'bob', asset: 'NOPE', amount: '1' } }],
    });
    expect(unknown.steps[0]!.mismatches[0]).toMatch(
      /unknown asset "NOPE" \(known: ETH, RDD20, REDDIO721, DMINT, RED20, USDR, MKT721M, DMC\)/,
    );
  });

  it('sends a multipart upload for request.file (the storage routes will use it)', async () => {
    const seen: Array<{ type: string | null; text: string }> = [];
    const dn = createDevnet();
    const spy = async (url: string, init: RequestInit) => {
      const req = new Request(url, init);
      if (req.url.endsWith('/upload-probe')) seen.push({ type: req.headers.get('content-type'), text: await req.clone().text() });
      return dn.fetch(req);
    };
    await runScenario(
      {
        name: 'upload',
        steps: [
          {
            request: { method: 'POST', path: '/upload-probe', file: 'nft-sale.json', body: { note: 'x' } },
            expect: { status: 'FAILED', http: 404 },
          },
        ],
      },
      inProcessTarget(spy),
      { baseDir: DIR },
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]!.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]!.text).toContain('filename="nft-sale.json"');
    expect(seen[0]!.text).toContain('name="note"');
  });
});
