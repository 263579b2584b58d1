// The README's SDK example is this suite's code: the README quotes readme-example.ts verbatim, and it runs.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startDevnet } from '../../src/index.js';
import type { RunningDevnet } from '../../src/index.js';
import { sendEthWithTheSdk } from './readme-example.js';

const ETH_ASSET = '0x352f9ffd821a525051de2d71126113505a7b0a73d98dbc0ac0ff343cfbdef5e';

describe('README: Using the official SDK with l2-devnet', () => {
  let net: RunningDevnet | undefined;
  afterEach(async () => net?.close());

  it('quotes test/conformance/readme-example.ts verbatim', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const example = readFileSync(new URL('./readme-example.ts', import.meta.url), 'utf8');
    // A boolean, so a failure names the files instead of printing the whole README.
    expect(readme.includes('```ts\n' + example + '```\n'), 'README.md must quote test/conformance/readme-example.ts in a ts block').toBe(true);
  });

  it('runs: the transfer lands and bob holds 0.25 ETH more', async () => {
    net = await startDevnet({ port: 0 });
    const bob = net.devnet.accounts().accounts.find((a) => a.name === 'bob')!;
    const before = await (await fetch(`${net.url}/v1/balance?stark_key=${bob.stark_key}&asset_id=${ETH_ASSET}`)).json() as any;
    const out = await sendEthWithTheSdk(net.url);
    const after = await (await fetch(`${net.url}/v1/balance?stark_key=${bob.stark_key}&asset_id=${ETH_ASSET}`)).json() as any;
    expect(after.data.balance_available - before.data.balance_available).toBe(250_000);
    const record = await (await fetch(`${net.url}/v1/record?stark_key=${bob.stark_key}&sequence_id=${out.sequenceId}`)).json() as any;
    expect(record.data[0]).toMatchObject({ record_type: 3, amount: '250000', to: bob.stark_key, status: 1 });
    expect(out.bobEth).toBe(after.data.display_value);
    // What the example's closing comment says it returns.
    expect(out.bobEth).toBe('10.25');
  });
});
