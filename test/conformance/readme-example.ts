// docs/sdk.md's example, verbatim: readme.test.ts runs it and checks the page quotes this file;
// every conformance test connects through connectSdk.
import { Reddio } from '@reddio.com/js';

/** An official JS SDK (0.4.5) client whose every API call goes to the emulator at `url`. */
export function connectSdk(url: string): Reddio {
  // The ethers provider is only for L1 calls (deposits, L1 withdrawals): API-only use leaves it out.
  const reddio = new Reddio({ env: 'test' } as ConstructorParameters<typeof Reddio>[0]);
  // No base-URL option: the SDK builds its axios instance in the constructor and reads it per call.
  (reddio as unknown as { request: { defaults: { baseURL?: string } } }).request.defaults.baseURL = url;
  return reddio;
}

/** Funds alice through the control plane, then sends bob 0.25 ETH with the SDK. */
export async function sendEthWithTheSdk(url: string) {
  const reddio = connectSdk(url);
  const devnet = (path: string, body?: object) =>
    fetch(url + path, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}).then(
      (r) => r.json() as Promise<any>,
    );

  // Genesis accounts and their keys; 1 ETH is 1000000 quantized units (quantum 10^12).
  const { accounts } = await devnet('/_devnet/accounts');
  const [alice, bob] = accounts;
  const deposit = await devnet('/_devnet/deposit', { stark_key: alice.stark_key, contract_address: 'eth', amount: '1000000' });
  if (deposit.sequence_id === undefined) throw new Error(`deposit failed: ${JSON.stringify(deposit)}`);

  // The SDK wants the private key without 0x: with it, transfers and cancels are signed with
  // another key and fail with code 34 (InvalidSignature), on the real service as here.
  const { data } = await reddio.apis.transfer({
    starkKey: alice.stark_key,
    privateKey: alice.private_key.replace(/^0x/, ''),
    receiver: bob.stark_key,
    type: 'ETH',
    amount: '0.25',
  });
  // Failures resolve too (HTTP 200): check data.status, not only exceptions.
  if (data.status !== 'OK') throw new Error(`transfer failed: ${data.error}`);

  const { assetId } = await reddio.utils.getAssetTypeAndId({ type: 'ETH' });
  const balance = await reddio.apis.getBalance({ starkKey: bob.stark_key, assetId });
  return { sequenceId: data.data.sequence_id, bobEth: balance.data.data.display_value }; // '10.25': bob's genesis 10 ETH and the 0.25
}
