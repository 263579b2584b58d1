// startDevnet over a real socket: repeated requests keep working, and two instances share nothing.
import { afterAll, describe, expect, it } from 'vitest';
import { startDevnet } from '../../src/index.js';
import type { RunningDevnet } from '../../src/index.js';

const running: RunningDevnet[] = [];
afterAll(async () => {
  await Promise.all(running.map((r) => r.close()));
});

describe('startDevnet', () => {
  it('answers many requests on one socket (headers are not shared between responses)', async () => {
    const net = await startDevnet({ port: 0 });
    running.push(net);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      for (const path of ['/_devnet/health', '/_devnet/accounts', '/v1/nonce?stark_key=0x5']) {
        const r = await fetch(net.url + path);
        statuses.push(r.status);
        expect(r.headers.get('content-type')).toContain('application/json');
        await r.text();
      }
    }
    expect(statuses).toEqual(Array(15).fill(200));
  });

  it('runs two instances side by side without cross-talk', async () => {
    const a = await startDevnet({ port: 0 });
    const b = await startDevnet({ port: 0, seed: 'b' });
    running.push(a, b);
    expect(a.port).not.toBe(b.port);
    const keyA = a.devnet.accounts().accounts[2]!.stark_key;
    await fetch(a.url + '/_devnet/deposit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ stark_key: keyA, contract_address: 'eth', amount: '7' }),
    });
    const balA = (await (await fetch(`${a.url}/v1/balances?stark_key=${keyA}`)).json()) as any;
    const balB = (await (await fetch(`${b.url}/v1/balances?stark_key=${keyA}`)).json()) as any;
    expect(balA.data.list[0].balance_available).toBe(10000007);
    expect(balB.data.total).toBe(0);
  });

  it('says how long it has been since a request arrived (the CLI idles its warm-up on it)', async () => {
    const net = await startDevnet({ port: 0 });
    running.push(net);
    expect(net.sinceLastRequest()).toBe(Infinity);
    await (await fetch(net.url + '/_devnet/health')).text();
    const after = net.sinceLastRequest();
    expect(after).toBeGreaterThanOrEqual(0);
    expect(after).toBeLessThan(5_000);
    await new Promise((r) => setTimeout(r, 30));
    expect(net.sinceLastRequest()).toBeGreaterThanOrEqual(after + 25);
  });
});
