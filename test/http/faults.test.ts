// Fault injection: the Nth call of a route fails with the chosen code (route not run), seeded random faults
// repeat exactly, latency is added, and bad fault specs get 19.
import { describe, expect, it } from 'vitest';
import { ETH_ASSET, failedCode, testClient } from '../support/client.js';
import { transfer } from '../support/flows.js';

describe('faults', () => {
  it('fails exactly the nth matching call with the given code, without running it', async () => {
    const c = testClient();
    const f = await c.post('/_devnet/faults', { method: 'POST', path: '/v1/transfers', nth: 2, error_code: 10 });
    expect(f.body).toMatchObject({ id: 'f1', nth: 2, count: 1, error_code: 10 });
    const first = await transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 1n);
    expect(first.body.status).toBe('OK');
    const hash = (await c.get('/_devnet/invariants')).body.state_hash;
    const second = await transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 1n);
    expect(failedCode(second)).toBe(10);
    expect(second.body.error).toMatch(/injected fault/);
    expect((await c.get('/_devnet/invariants')).body.state_hash).toBe(hash);
    // The faulted call never ran, so the same nonce is still free.
    const third = await transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 1n);
    expect(third.body.status).toBe('OK');
    expect((await c.get('/_devnet/faults')).body.faults[0]).toMatchObject({ seen: 3, fired: 1 });
  });

  it('count 0 fails every call from nth on, prefixes match, GET routes too; DELETE removes them all', async () => {
    const c = testClient();
    await c.post('/_devnet/faults', { path: '/v1/balance*', error_code: 500, count: 0 });
    for (let i = 0; i < 3; i++) expect(failedCode(await c.get(`/v1/balances?stark_key=${c.accounts.alice.stark_key}`))).toBe(500);
    expect((await c.get('/_devnet/health')).body.status).toBe('ok');
    expect((await c.delete('/_devnet/faults')).body).toEqual({ removed: 1 });
    expect((await c.get(`/v1/balances?stark_key=${c.accounts.alice.stark_key}`)).body.status).toBe('OK');
  });

  it('seeded probabilistic faults fail the same calls in two fresh emulators', async () => {
    const pattern = async () => {
      const c = testClient();
      await c.post('/_devnet/faults', { path: '/v1/nonce', error_code: 11, probability: 0.5, seed: 'ci-run-7' });
      const out: string[] = [];
      for (let i = 0; i < 24; i++) out.push((await c.get(`/v1/nonce?stark_key=${c.accounts.alice.stark_key}`)).body.status);
      return out.join(',');
    };
    const a = await pattern();
    expect(a).toBe(await pattern());
    expect(a).toContain('FAILED');
    expect(a).toContain('OK');
  });

  it('adds latency to matching calls', async () => {
    const c = testClient();
    await c.post('/_devnet/faults', { path: '/v1/starkex/contracts', latency_ms: 120 });
    const t0 = performance.now();
    const r = await c.get('/v1/starkex/contracts');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(110);
    expect(r.body.status).toBe('OK');
  });

  it('refuses bad specs with 19', async () => {
    const c = testClient();
    const bad: Array<[unknown, RegExp]> = [
      [{ error_code: 10 }, /path must be a route path/],
      [{ path: '/_devnet/batches', error_code: 10 }, /cannot be faulted/],
      [{ path: '/v1/transfers', error_code: 77 }, /error_code must be a failure code/],
      [{ path: '/v1/transfers', error_code: 0 }, /error_code must be a failure code/],
      [{ path: '/v1/transfers' }, /needs error_code, latency_ms, or both/],
      [{ path: '/v1/transfers', error_code: 10, probability: 2 }, /probability must be a number in \[0, 1\]/],
      [{ path: '/v1/transfers', error_code: 10, probability: 0.1, nth: 3 }, /not both/],
      [{ path: '/v1/transfers', error_code: 10, nth: 0 }, /nth must be a positive integer/],
    ];
    for (const [spec, message] of bad) {
      const r = await c.post('/_devnet/faults', spec);
      expect(failedCode(r), JSON.stringify(spec)).toBe(19);
      expect(r.body.error).toMatch(message);
    }
    expect((await c.get('/_devnet/faults')).body.faults).toEqual([]);
  });
});
