// The emulator with `--l1 anvil` (startDevnet's `l1`): a real Anvil is started and stopped with it,
// deposits logged on L1 become L2 deposit records, L2 withdrawals that reach AcceptedOnL1 are
// credited on the contract, and a claim there empties the L2 withdraw area.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ethers } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetId, assetType } from '../../src/crypto/asset.js';
import { decodeLog } from '../../src/l1/codec.js';
import type { Hex } from '../../src/l1/codec.js';
import { anvilUnavailable } from '../../src/l1/anvil.js';
import { loadL1Artifacts } from '../../src/l1/artifacts.js';
import { FUNDED_ERC20_UNITS, FUNDED_WEI } from '../../src/l1/deploy.js';
import { Contract } from '../../src/l1/contract.js';
import { EthRpc } from '../../src/l1/rpc.js';
import { startDevnet } from '../../src/server/server.js';
import type { RunningDevnet } from '../../src/server/server.js';
import { DMINT, ETH_ASSET, RDD20, RDD20_ASSET, REDDIO721, toReply } from '../support/client.js';
import type { Account, TestClient } from '../support/client.js';
import { balance, recordOf, withdraw } from '../support/flows.js';
import { sdk08StarkKey } from '../support/sdk-keys.js';

const unavailable = anvilUnavailable();
if (unavailable !== undefined) console.warn(`test/l1/bridge.test.ts skipped: Anvil cannot run here (${unavailable})`);

const ETH_QUANTUM = 10n ** 12n;
const ETH_TYPE = assetType('ETH', undefined, ETH_QUANTUM);
const RDD20_TYPE = assetType('ERC20', BigInt(RDD20), 10n ** 12n);
const R721_TYPE = assetType('ERC721', BigInt(REDDIO721), 1n);
const TOKEN_ID = 900_001n;
const NFT_ASSET = `0x${assetId('ERC721', BigInt(REDDIO721), 1n, TOKEN_ID).toString(16)}`;

/** The TestClient shape over a socket (flows.ts drives it). */
function socketClient(running: RunningDevnet): TestClient {
  const call = async (method: string, path: string, body?: string) =>
    toReply(
      await fetch(running.url + path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body }),
      }),
    );
  const info = running.devnet.accounts();
  return {
    dn: { devnet: running.devnet } as TestClient['dn'],
    get: (p) => call('GET', p),
    post: (p, b) => call('POST', p, JSON.stringify(b)),
    delete: (p) => call('DELETE', p),
    postRaw: (p, t) => call('POST', p, t),
    accounts: Object.fromEntries(info.accounts.map((a) => [a.name, a])) as TestClient['accounts'],
    apiKey: info.api_keys[0]!,
  };
}

/** An emulator bridged to its own Anvil, with alice, her Ethereum address and the StarkEx contract. */
async function bridged() {
  const running = await startDevnet({ port: 0, l1: 'anvil' });
  const c = socketClient(running);
  const rpc = new EthRpc(running.l1!.url);
  const { contracts } = loadL1Artifacts();
  const alice = c.accounts.alice;
  const starkEx = new Contract(rpc, contracts.StarkExDevnet.abi, running.l1!.contract as Hex);
  return { running, c, rpc, contracts, alice, aliceEth: alice.eth_address.toLowerCase() as Hex, starkEx };
}

describe.skipIf(unavailable !== undefined)('--l1 anvil', () => {
  let running: RunningDevnet;
  let c: TestClient;
  let rpc: EthRpc;
  let starkEx: Contract;
  let rdd20: Contract;
  let r721: Contract;
  let alice: Account;
  let aliceEth: Hex;

  beforeAll(async () => {
    let contracts: ReturnType<typeof loadL1Artifacts>['contracts'];
    ({ running, c, rpc, contracts, alice, aliceEth, starkEx } = await bridged());
    rdd20 = new Contract(rpc, contracts.DevnetERC20.abi, RDD20);
    r721 = new Contract(rpc, contracts.DevnetERC721.abi, REDDIO721);
  }, 60_000);

  afterAll(async () => {
    const anvil = running?.l1?.url;
    await running?.close();
    // Stopped with the emulator: the node no longer answers.
    if (anvil !== undefined) await expect(new EthRpc(anvil).chainId()).rejects.toThrow();
  });

  it('names the deployed contract for every network and funds the genesis accounts on L1', async () => {
    const r = await c.get('/v1/starkex/contracts');
    const at = running.l1!.contract;
    expect(r.body.data).toEqual({ mainnet: at, testnet: at, sepolia: at });
    // Sepolia's id by default: the chain the official marketplace app (JS SDK 0.8) accepts.
    expect(Number(await rpc.chainId())).toBe(11_155_111);
    expect(await rpc.getBalance(aliceEth)).toBe(FUNDED_WEI);
    expect(await rdd20.read('balanceOf', [aliceEth])).toBe(FUNDED_ERC20_UNITS * 10n ** 18n);
  });

  it('takes ETH, ERC20 and ERC721 deposits made on L1 into L2 as deposit records, accepted on L1', async () => {
    const key = BigInt(alice.stark_key);
    const ethBefore = (await balance(c, alice.stark_key, ETH_ASSET)).available;
    const rddBefore = (await balance(c, alice.stark_key, RDD20_ASSET)).available;
    const seq = running.devnet.state.nextSequenceId;

    const ethTx = (await starkEx.write(aliceEth, 'depositEth', [key, ETH_TYPE, 1n], 25n * 10n ** 16n)).receipt.transactionHash;
    await rdd20.write(aliceEth, 'approve', [starkEx.address, 3n * 10n ** 18n]);
    await starkEx.write(aliceEth, 'depositERC20', [key, RDD20_TYPE, 1n, 3_000_000n]);
    const operator = (await rpc.accounts())[0]!;
    await r721.write(operator, 'mint', [aliceEth, TOKEN_ID]);
    await r721.write(aliceEth, 'approve', [starkEx.address, TOKEN_ID]);
    const nftTx = (await starkEx.write(aliceEth, 'depositNft', [key, R721_TYPE, 1n, TOKEN_ID])).receipt.transactionHash;

    // The next request reads L1 first.
    expect((await balance(c, alice.stark_key, ETH_ASSET)).available).toBe(ethBefore + 250_000);
    expect((await balance(c, alice.stark_key, RDD20_ASSET)).available).toBe(rddBefore + 3_000_000);
    expect((await balance(c, alice.stark_key, NFT_ASSET)).available).toBe(1);
    for (const [i, amount] of ['250000', '3000000', '1'].entries()) {
      const record = await recordOf(c, alice.stark_key, seq + i);
      expect(record).toMatchObject({ record_type: 1, status: 1, amount });
    }
    // Pending on L1 until a batch brings their records to L1 (StarkEx accepts deposits in a state
    // update); then the operator accepts each, naming its record. The exchange holds what was deposited.
    const pending = () =>
      Promise.all([
        starkEx.read('getDepositBalance', [key, ETH_TYPE, 1n]),
        starkEx.read('getQuantizedDepositBalance', [key, RDD20_TYPE, 1n]),
      ]);
    expect(await pending()).toEqual([25n * 10n ** 16n, 3_000_000n]);
    await c.post('/_devnet/batches', { layer: 'both' });
    expect(await pending()).toEqual([0n, 0n]);
    const accepted = await rpc.getLogs({ address: starkEx.address as Hex, fromBlock: 0n, toBlock: await rpc.blockNumber() });
    const ids = accepted.map((l) => decodeLog(starkEx.abi, l)).filter((e) => e?.name === 'LogDepositAccepted');
    expect(ids.map((e) => (e!.args as { sequenceId: bigint }).sequenceId)).toEqual([seq, seq + 1, seq + 2].map(BigInt));
    expect(await r721.read('ownerOf', [TOKEN_ID])).toBe(starkEx.address);
    // The explorer's record view names the L1 transaction behind each deposit; other records have none.
    const l1Tx = async (s: number) => (await c.get(`/_devnet/explorer/records/${s}`)).body.l1_tx;
    expect([await l1Tx(seq), await l1Tx(seq + 2)]).toEqual([ethTx, nftTx]);
    expect(await l1Tx(1)).toBeNull();
  });

  it('an L1 transaction stays off a faucet deposit of the same amount that reuses its sequence id after a revert', async () => {
    const snap = (await c.post('/_devnet/snapshots', {})).body.id as string;
    const seq = running.devnet.state.nextSequenceId;
    await starkEx.write(aliceEth, 'depositEth', [BigInt(alice.stark_key), ETH_TYPE, 1n], 10n ** 16n);
    const l1 = (await recordOf(c, alice.stark_key, seq)) as { amount: string };
    await c.post(`/_devnet/snapshots/${snap}/revert`, {});
    const again = await c.post('/_devnet/deposit', { stark_key: alice.stark_key, contract_address: 'eth', amount: l1.amount });
    expect(again.body.sequence_id).toBe(seq);
    expect((await recordOf(c, alice.stark_key, seq)).amount).toBe(l1.amount);
    expect((await c.get(`/_devnet/explorer/records/${seq}`)).body.l1_tx).toBeNull();
  });

  it('an L1 transaction stays off a record that reuses its sequence id after a revert', async () => {
    const snap = (await c.post('/_devnet/snapshots', {})).body.id as string;
    const seq = running.devnet.state.nextSequenceId;
    await starkEx.write(aliceEth, 'depositEth', [BigInt(alice.stark_key), ETH_TYPE, 1n], 10n ** 16n);
    expect((await c.get(`/_devnet/explorer/records/${seq}`)).body.l1_tx).toMatch(/^0x[0-9a-f]{64}$/);
    await c.post(`/_devnet/snapshots/${snap}/revert`, {});
    const again = await c.post('/_devnet/deposit', { stark_key: alice.stark_key, contract_address: 'eth', amount: '7' });
    expect(again.body.sequence_id).toBe(seq);
    expect((await c.get(`/_devnet/explorer/records/${seq}`)).body.l1_tx).toBeNull();
  });

  it('credits a withdrawal that reaches AcceptedOnL1 on the contract; a claim there pays it and empties the withdraw area', async () => {
    const ethAddress = '0x00000000000000000000000000000000000000e1' as Hex;
    const r = await withdraw(c, alice, ethAddress, ETH_ASSET, '100000');
    expect(r.body.status).toBe('OK');
    const seq = r.body.data.sequence_id as number;
    expect(await starkEx.read('getWithdrawalBalance', [BigInt(ethAddress), ETH_TYPE])).toBe(0n);
    await c.post('/_devnet/batches', { layer: 'both' });
    expect((await recordOf(c, alice.stark_key, seq)).status).toBe(6);
    // Credited before the batch was answered.
    expect(await starkEx.read('getWithdrawalBalance', [BigInt(ethAddress), ETH_TYPE])).toBe(100_000n * ETH_QUANTUM);
    const area = async () => (await c.get(`/v1/withdrawal/status?stage=withdrawarea&ethaddress=${ethAddress}`)).body.data;
    expect((await area()).length).toBe(1);

    await starkEx.write(aliceEth, 'withdraw', [BigInt(ethAddress), ETH_TYPE]);
    expect(await rpc.getBalance(ethAddress)).toBe(100_000n * ETH_QUANTUM);
    expect(await area()).toEqual([]);
  });

  it('an NFT withdrawn on L2 is claimed with withdrawNft', async () => {
    const r = await withdraw(c, alice, aliceEth, NFT_ASSET, '1');
    expect(r.body.status).toBe('OK');
    await c.post('/_devnet/batches', { layer: 'both' });
    await starkEx.write(aliceEth, 'withdrawNft', [BigInt(aliceEth), R721_TYPE, TOKEN_ID]);
    expect(await r721.read('ownerOf', [TOKEN_ID])).toBe(aliceEth);
  });
});

describe.skipIf(unavailable !== undefined)('--l1 anvil: what L2 had from its genesis', () => {
  let running: RunningDevnet;
  let c: TestClient;
  let starkEx: Contract;
  let alice: Account;
  let aliceEth: Hex;
  let contracts: ReturnType<typeof loadL1Artifacts>['contracts'];
  let rpc: EthRpc;

  beforeAll(async () => {
    ({ running, c, rpc, contracts, alice, aliceEth, starkEx } = await bridged());
  }, 60_000);
  afterAll(() => running?.close());

  it('an ERC20 withdrawal is backed on L1 when credited (the exchange never held it) and paid in full', async () => {
    const rdd20 = new Contract(rpc, contracts.DevnetERC20.abi, RDD20);
    const owner = '0x00000000000000000000000000000000000000e2' as Hex;
    expect((await withdraw(c, alice, owner, RDD20_ASSET, '5000000')).body.status).toBe('OK');
    await c.post('/_devnet/batches', { layer: 'both' });
    expect(await rdd20.read('balanceOf', [starkEx.address])).toBe(5n * 10n ** 18n);
    await starkEx.write(aliceEth, 'withdraw', [BigInt(owner), RDD20_TYPE]);
    expect(await rdd20.read('balanceOf', [owner])).toBe(5n * 10n ** 18n);
    expect(await rdd20.read('balanceOf', [starkEx.address])).toBe(0n);
  });

  it('an ERC721M token minted on L2 is minted on L1 by withdrawAndMint from its blob', async () => {
    const dmint = new Contract(rpc, contracts.DevnetMintableERC721.abi, DMINT.toLowerCase() as Hex);
    const asset = `0x${assetId('ERC721M', BigInt(DMINT), 1n, 1n).toString(16)}`;
    expect((await withdraw(c, alice, aliceEth, asset, '1')).body.status).toBe('OK');
    await c.post('/_devnet/batches', { layer: 'both' });
    await starkEx.write(aliceEth, 'withdrawAndMint', [BigInt(aliceEth), assetType('ERC721M', BigInt(DMINT), 1n), new Uint8Array([1])]);
    expect(await dmint.read('ownerOf', [1n])).toBe(aliceEth);
    expect((await c.get(`/v1/withdrawal/status?stage=withdrawarea&ethaddress=${aliceEth}`)).body.data).toEqual([]);
  });
});

describe.skipIf(unavailable !== undefined)('--l1 anvil: snapshots and resets take L1 with them', () => {
  let running: RunningDevnet;
  let c: TestClient;
  let rpc: EthRpc;
  let starkEx: Contract;
  let alice: Account;
  let aliceEth: Hex;
  let genesis: Awaited<ReturnType<typeof bothLayers>>;

  const deposit = (wei: bigint) => starkEx.write(aliceEth, 'depositEth', [BigInt(alice.stark_key), ETH_TYPE, 1n], wei);
  /** Alice's ETH on L2 (a request: L1 is read first), and on L1 her wallet's and the exchange's. */
  const bothLayers = async () => ({
    l2: (await balance(c, alice.stark_key, ETH_ASSET)).available,
    wallet: await rpc.getBalance(aliceEth),
    exchange: await rpc.getBalance(starkEx.address),
  });

  beforeAll(async () => {
    ({ running, c, rpc, alice, aliceEth, starkEx } = await bridged());
    genesis = await bothLayers();
  }, 60_000);
  afterAll(() => running?.close());

  it('a revert drops a later L1 deposit from both layers; a deposit made after it is read once', async () => {
    await deposit(10n ** 16n);
    const then = await bothLayers();
    expect(then.l2).toBe(genesis.l2 + 10_000);
    const snap = (await c.post('/_devnet/snapshots', {})).body.id as string;
    await deposit(2n * 10n ** 16n);
    expect((await bothLayers()).l2).toBe(then.l2 + 20_000);

    expect((await c.post(`/_devnet/snapshots/${snap}/revert`, {})).body).toEqual({ reverted: snap });
    expect(await bothLayers()).toEqual(then);

    await deposit(3n * 10n ** 16n);
    const after = await bothLayers();
    expect(after.l2).toBe(then.l2 + 30_000);
    expect(after.exchange).toBe(then.exchange + 3n * 10n ** 16n);
    // The snapshot stays usable, on L1 too.
    await c.post(`/_devnet/snapshots/${snap}/revert`, {});
    expect(await bothLayers()).toEqual(then);
  });

  it('a reset takes L1 back to the state right after the contract was deployed and the accounts funded', async () => {
    await deposit(10n ** 16n);
    expect((await c.post('/_devnet/reset', {})).body.state_hash).toMatch(/^0x/);
    expect(await bothLayers()).toEqual(genesis);
    await deposit(4n * 10n ** 16n);
    expect((await bothLayers()).l2).toBe(genesis.l2 + 40_000);
  });
});

describe.skipIf(unavailable !== undefined)('docs/l1.md, as written (against the built CLI: npm run build first)', () => {
  const ROOT = join(import.meta.dirname, '../..');
  const [page, browserSection] = readFileSync(join(ROOT, 'docs/l1.md'), 'utf8').split('## Drive a browser dApp against the devnet');
  const shLines = (text: string): string[] =>
    [...text.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) =>
      m[1]!
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l !== ''),
    );
  const blocks = shLines(page!);

  /** The built CLI started with `start`'s flags on a free port: its ready line, and its stop. */
  async function startCli(
    start: string,
  ): Promise<{ ready: { url: string; l1: { url: string; contract: string } }; stop(): Promise<unknown> }> {
    const cli = spawn(
      process.execPath,
      ['dist/main.js', ...start.replace(/^npx l2-devnet /, '').split(' '), '--port', '0', '--log', 'silent'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise((resolve) => cli.once('exit', resolve));
    try {
      const line = await Promise.race([
        new Promise<string>((resolve) => createInterface({ input: cli.stdout! }).once('line', resolve)),
        exited.then((code) => Promise.reject(new Error(`the CLI exited with ${code} before its ready line`))),
      ]);
      return { ready: JSON.parse(line), stop: () => (cli.kill('SIGTERM'), exited) };
    } catch (e) {
      cli.kill('SIGKILL');
      throw e;
    }
  }

  it("drives a browser dApp's set-up: the wallet's chain, alice's Ethereum key, its Stark key by SDK 0.8, its L1 funds", async () => {
    const [start, ...curls] = shLines(browserSection!);
    expect(start).toBe('npx l2-devnet --l1 anvil');
    const { ready, stop } = await startCli(start!);
    try {
      const [accounts, config] = curls.map((line) => {
        const r = spawnSync('bash', ['-euo', 'pipefail', '-c', line.replaceAll('http://127.0.0.1:8080', ready.url)], { encoding: 'utf8' });
        expect(r.status, r.stderr).toBe(0);
        return JSON.parse(r.stdout);
      });
      expect(config.l1.url).toBe(ready.l1.url);
      // The chain id step 2 gives MetaMask.
      expect(Number(await new EthRpc(config.l1.url).chainId())).toBe(11_155_111);
      const alice = accounts.accounts.find((a: Account) => a.name === 'alice') as Account;
      const wallet = new ethers.Wallet(alice.eth_private_key!);
      expect(wallet.address.toLowerCase()).toBe(alice.eth_address);
      expect(await sdk08StarkKey(wallet)).toBe(alice.stark_key);
      expect(await new EthRpc(config.l1.url).getBalance(alice.eth_address as Hex)).toBe(FUNDED_WEI);
    } finally {
      await stop();
    }
  }, 60_000);

  it('starts the emulator with Anvil, and every command after it answers OK against it', async () => {
    const [start, ...rest] = blocks;
    const curls = rest.filter((l) => !l.startsWith('npx l2-devnet scenario '));
    expect(start).toBe('npx l2-devnet --l1 anvil');
    const { ready, stop } = await startCli(start!);
    let stopped = false;
    try {
      expect(ready.l1.contract).toMatch(/^0x[0-9a-f]{40}$/);
      expect(await new EthRpc(ready.l1.url).getCode(ready.l1.contract as Hex)).not.toBe('0x');
      expect(curls.length).toBeGreaterThan(0);
      for (const line of curls) {
        const r = spawnSync('bash', ['-euo', 'pipefail', '-c', line.replaceAll('http://127.0.0.1:8080', ready.url)], { encoding: 'utf8' });
        expect(r.status, r.stderr).toBe(0);
        expect(JSON.parse(r.stdout).status).toBe('OK');
      }
      expect(JSON.parse(spawnSync('curl', ['-s', `${ready.url}/v1/starkex/contracts`], { encoding: 'utf8' }).stdout).data.testnet).toBe(
        ready.l1.contract,
      );
      // Anvil goes with the emulator.
      stopped = true;
      expect(await stop()).toBe(0);
      await expect(new EthRpc(ready.l1.url).chainId()).rejects.toThrow();
    } finally {
      if (!stopped) await stop();
    }
  }, 60_000);

  it('runs the scenario command, which starts its own emulator and Anvil, to a pass', () => {
    const scenarios = blocks.filter((l) => l.startsWith('npx l2-devnet scenario '));
    expect(scenarios).toEqual(['npx l2-devnet scenario scenarios/l1-flow.json --l1 anvil']);
    for (const line of scenarios) {
      const r = spawnSync(process.execPath, ['dist/main.js', ...line.replace(/^npx l2-devnet /, '').split(' ')], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(r.stdout).toContain('1 of 1 scenario passed');
      expect(r.status, r.stderr).toBe(0);
    }
  }, 60_000);
});
