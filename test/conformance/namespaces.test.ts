// The official JS SDK inside a namespace: its base URL carries the /ns/{name} prefix, and the README's
// flow (fund alice, send bob 0.25 ETH, read bob's balance) runs there without touching default.
import { afterEach, describe, expect, it } from 'vitest';
import { startDevnet } from '../../src/index.js';
import type { RunningDevnet } from '../../src/index.js';
import { namespaceUrl } from '../../src/testing.js';
import { sendEthWithTheSdk } from './readme-example.js';

describe('the JS SDK with a namespace in its base URL', () => {
  let net: RunningDevnet | undefined;
  afterEach(async () => net?.close());

  it('signs and sends in the namespace; default is untouched', async () => {
    net = await startDevnet({ port: 0 });
    const before = (await net.control.invariants()).state_hash;
    const base = namespaceUrl(net.url, 'sdk-1');
    const out = await sendEthWithTheSdk(base);
    expect(out.bobEth).toBe('10.25');
    const sdk = net.namespaces.instance('sdk-1')!.devnet;
    const bob = sdk.accounts().accounts.find((a) => a.name === 'bob')!;
    expect(bob.stark_key).not.toBe(net.devnet.accounts().accounts.find((a) => a.name === 'bob')!.stark_key);
    const record = (await (await fetch(`${base}/v1/record?stark_key=${bob.stark_key}&sequence_id=${out.sequenceId}`)).json()) as any;
    expect(record.data[0]).toMatchObject({ record_type: 3, amount: '250000', to: bob.stark_key });
    expect((await net.control.invariants()).state_hash).toBe(before);
  });
});
