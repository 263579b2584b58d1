// The SDK examples of the docs are this suite's code: README.md quotes first-call.ts and docs/sdk.md
// quotes readme-example.ts, verbatim, and both run here.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startDevnet } from '../../src/index.js';
import type { RunningDevnet } from '../../src/index.js';
import { aliceBalances } from './first-call.js';
import { sendEthWithTheSdk } from './readme-example.js';

const ETH_ASSET = '0x352f9ffd821a525051de2d71126113505a7b0a73d98dbc0ac0ff343cfbdef5e';

describe('the SDK examples of README.md and docs/sdk.md', () => {
  let net: RunningDevnet | undefined;
  afterEach(async () => net?.close());

  it.each([
    ['README.md', 'first-call.ts'],
    ['docs/sdk.md', 'readme-example.ts'],
  ])('%s quotes test/conformance/%s verbatim', (doc, file) => {
    const text = readFileSync(new URL(`../../${doc}`, import.meta.url), 'utf8');
    const example = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
    // A boolean, so a failure names the files instead of printing the whole page.
    expect(text.includes('```ts\n' + example + '```\n'), `${doc} must quote test/conformance/${file} in a ts block`).toBe(true);
  });

  it("README's first call: alice's balances in the default genesis, 10 ETH and 1000 RDD20", async () => {
    net = await startDevnet({ port: 0 });
    const list = (await aliceBalances(net.url)) as unknown as { symbol: string; display_value: string }[];
    expect(list.find((b) => b.symbol === 'ETH')?.display_value).toBe('10');
    expect(list.find((b) => b.symbol === 'RDD20')?.display_value).toBe('1000');
  });

  it('runs: the transfer lands and bob holds 0.25 ETH more', async () => {
    net = await startDevnet({ port: 0 });
    const bob = net.devnet.accounts().accounts.find((a) => a.name === 'bob')!;
    const before = (await (await fetch(`${net.url}/v1/balance?stark_key=${bob.stark_key}&asset_id=${ETH_ASSET}`)).json()) as any;
    const out = await sendEthWithTheSdk(net.url);
    const after = (await (await fetch(`${net.url}/v1/balance?stark_key=${bob.stark_key}&asset_id=${ETH_ASSET}`)).json()) as any;
    expect(after.data.balance_available - before.data.balance_available).toBe(250_000);
    const record = (await (await fetch(`${net.url}/v1/record?stark_key=${bob.stark_key}&sequence_id=${out.sequenceId}`)).json()) as any;
    expect(record.data[0]).toMatchObject({ record_type: 3, amount: '250000', to: bob.stark_key, status: 1 });
    expect(out.bobEth).toBe(after.data.display_value);
    // What the example's closing comment says it returns.
    expect(out.bobEth).toBe('10.25');
  });
});
