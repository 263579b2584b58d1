// Clients of a bridged emulator for L1 tests: a namespace's client over the socket, what its L1 gives
// alice (her wallet, the StarkEx contract, an ETH deposit), and a restart from an older l1.json.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assetType } from '../../src/crypto/asset.js';
import type { Hex } from '../../src/l1/codec.js';
import { loadL1Artifacts } from '../../src/l1/artifacts.js';
import { Contract } from '../../src/l1/contract.js';
import { EthRpc } from '../../src/l1/rpc.js';
import { startDevnet } from '../../src/server/server.js';
import { ETH_ASSET, toReply } from './client.js';
import type { Account, TestClient } from './client.js';
import { balance } from './flows.js';

export const ETH_TYPE = assetType('ETH', undefined, 10n ** 12n);
const { contracts } = loadL1Artifacts();

/** A client of one namespace over the socket (`base`: the emulator's URL, with `/ns/{name}` for another namespace). */
export async function client(base: string): Promise<TestClient & { l1: { url: string; contract: Hex } | null }> {
  const call = async (method: string, path: string, body?: string) =>
    toReply(await fetch(base + path, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body }));
  const info = (await call('GET', '/_devnet/accounts')).body;
  const config = (await call('GET', '/_devnet/config')).body;
  return {
    dn: undefined as unknown as TestClient['dn'],
    get: (p) => call('GET', p),
    post: (p, b) => call('POST', p, JSON.stringify(b)),
    delete: (p) => call('DELETE', p),
    postRaw: (p, t) => call('POST', p, t),
    accounts: Object.fromEntries(info.accounts.map((a: Account) => [a.name, a])) as TestClient['accounts'],
    apiKey: info.api_keys[0],
    l1: config.l1,
  };
}

/** What a namespace's L1 gives alice: her L1 wallet, the StarkEx contract, and a deposit from one to the other. */
export function onL1(c: Awaited<ReturnType<typeof client>>) {
  const rpc = new EthRpc(c.l1!.url);
  const starkEx = new Contract(rpc, contracts.StarkExDevnet.abi, c.l1!.contract);
  const alice = c.accounts.alice;
  const wallet = alice.eth_address.toLowerCase() as Hex;
  const deposit = (wei: bigint) => starkEx.write(wallet, 'depositEth', [BigInt(alice.stark_key), ETH_TYPE, 1n], wei);
  const l2 = async () => (await balance(c, alice.stark_key, ETH_ASSET)).available;
  return { rpc, starkEx, alice, wallet, deposit, l2 };
}

/**
 * Starts again on a state dir whose l1.json is put back to `older`: what the disk holds had the emulator
 * stopped before writing the newer one. `check` gets the main namespace's client and its L1.
 */
export async function restartFrom(
  older: string,
  options: { l1: string; stateDir: string },
  check: (main: Awaited<ReturnType<typeof client>>, m: ReturnType<typeof onL1>) => Promise<void>,
): Promise<void> {
  writeFileSync(join(options.stateDir, 'l1.json'), older);
  const running = await startDevnet({ port: 0, ...options });
  try {
    const main = await client(running.url);
    await check(main, onL1(main));
  } finally {
    await running.close();
  }
}
