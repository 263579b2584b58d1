// The L1 side beyond one namespace and one run: with `--l1 anvil` every namespace gets its own Anvil
// (so its own chain, contract and snapshots), `--l1 URL` bridges only default, and with `--state`
// both layers come back after a restart as the last answer left them (src/l1/layer.ts, saved.ts).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { assetType } from '../../src/crypto/asset.js';
import { encodeCall, findFunction } from '../../src/l1/codec.js';
import type { Hex } from '../../src/l1/codec.js';
import { anvilUnavailable, startAnvil } from '../../src/l1/anvil.js';
import { loadL1Artifacts } from '../../src/l1/artifacts.js';
import { FUNDED_WEI } from '../../src/l1/deploy.js';
import { Contract } from '../../src/l1/contract.js';
import { EthRpc } from '../../src/l1/rpc.js';
import { COMMAND_TABLE } from '../../src/core/commands.js';
import { startDevnet } from '../../src/server/server.js';
import type { L1Bridge } from '../../src/l1/bridge.js';
import { L1Layer } from '../../src/l1/layer.js';
import { namespaced } from '../../src/emulator/emulator.js';
import { readGenesisFile } from '../../src/emulator/genesis-file.js';
import { DEFAULT_NAMESPACE } from '../../src/http/namespace.js';
import type { RunningDevnet } from '../../src/server/server.js';
import { ETH_ASSET, toReply } from '../support/client.js';
import type { Account, TestClient } from '../support/client.js';
import { recordOf, withdraw } from '../support/flows.js';
import { client, onL1, restartFrom } from '../support/l1-clients.js';

const unavailable = anvilUnavailable();
if (unavailable !== undefined) console.warn(`test/l1/layers.test.ts skipped: Anvil cannot run here (${unavailable})`);

const ETH_QUANTUM = 10n ** 12n;
const ETH_TYPE = assetType('ETH', undefined, ETH_QUANTUM);
const { contracts } = loadL1Artifacts();

describe.skipIf(unavailable !== undefined)('--l1 anvil: every namespace has an L1 of its own', () => {
  let running: RunningDevnet;
  afterAll(() => running?.close());

  it('a new namespace gets its own Anvil and contract from its first answer; deposits, snapshots and deletes stay in it', async () => {
    running = await startDevnet({ port: 0, l1: 'anvil' });
    const main = await client(running.url);
    expect(main.l1).toMatchObject(running.l1!);
    const beta = await client(`${running.url}/ns/beta`);
    expect(beta.l1!.url).not.toBe(main.l1!.url);
    expect((await beta.get('/v1/starkex/contracts')).body.data.testnet).toBe(beta.l1!.contract);
    const b = onL1(beta);
    const m = onL1(main);
    expect(await b.rpc.getCode(beta.l1!.contract)).not.toBe('0x');
    expect(await b.rpc.getBalance(b.wallet)).toBe(FUNDED_WEI);
    const mainBlock = await m.rpc.blockNumber();
    const [mainL2, betaL2] = [await m.l2(), await b.l2()];

    await b.deposit(10n ** 16n);
    expect(await b.l2()).toBe(betaL2 + 10_000);
    const snap = (await beta.post('/_devnet/snapshots', {})).body.id as string;
    await b.deposit(2n * 10n ** 16n);
    expect(await b.l2()).toBe(betaL2 + 30_000);
    await beta.post(`/_devnet/snapshots/${snap}/revert`, {});
    expect(await b.l2()).toBe(betaL2 + 10_000);
    expect(await b.rpc.getBalance(beta.l1!.contract)).toBe(10n ** 16n);
    // Default's chain saw none of it.
    expect([await m.l2(), await m.rpc.blockNumber()]).toEqual([mainL2, mainBlock]);

    // Deleting the namespace stops its Anvil.
    expect((await main.delete('/_devnet/namespaces/beta')).status).toBe(200);
    await expect(b.rpc.chainId()).rejects.toThrow();
    // Made again, it starts from a fresh L1.
    const again = await client(`${running.url}/ns/beta`);
    expect(again.l1!.url).not.toBe(beta.l1!.url);
    expect(await onL1(again).rpc.getBalance(again.l1!.contract)).toBe(0n);
  }, 120_000);
});

describe.skipIf(unavailable !== undefined)("--l1 URL: a node of the user's is one chain, bridged to default only", () => {
  it('default names its contract; another namespace has no L1', async () => {
    const anvil = await startAnvil();
    const running = await startDevnet({ port: 0, l1: anvil.url });
    try {
      expect((await client(running.url)).l1).toMatchObject({ url: anvil.url, contract: running.l1!.contract });
      const beta = await client(`${running.url}/ns/beta`);
      expect(beta.l1).toBeNull();
      expect((await beta.get('/v1/starkex/contracts')).body.data.testnet).not.toBe(running.l1!.contract);
    } finally {
      await running.close();
      await anvil.stop();
    }
  }, 60_000);
});

describe.skipIf(unavailable !== undefined)('--state with --l1 anvil: both layers survive a restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'l2-devnet-l1-state-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('deposits, credits and balances come back on both layers, in default and in a namespace; nothing is taken twice', async () => {
    const claimTo = '0x00000000000000000000000000000000000000e3' as Hex;
    let running = await startDevnet({ port: 0, l1: 'anvil', stateDir: dir });
    let main = await client(running.url);
    let beta = await client(`${running.url}/ns/beta`);
    let [m, b] = [onL1(main), onL1(beta)];
    await m.deposit(10n ** 16n);
    await b.deposit(3n * 10n ** 16n);
    const r = await withdraw(main, m.alice, claimTo, ETH_ASSET, '4000');
    expect(r.body.status).toBe('OK');
    await main.post('/_devnet/batches', { layer: 'both' });
    expect((await recordOf(main, m.alice.stark_key, r.body.data.sequence_id)).status).toBe(6);
    const before = {
      l2: [await m.l2(), await b.l2()],
      wallets: [await m.rpc.getBalance(m.wallet), await b.rpc.getBalance(b.wallet)],
      credit: await m.starkEx.read('getWithdrawalBalance', [BigInt(claimTo), ETH_TYPE]),
      contracts: [main.l1!.contract, beta.l1!.contract],
    };
    expect(before.credit).toBe(4000n * ETH_QUANTUM);
    await running.close();
    expect(JSON.parse(readFileSync(join(dir, 'l1.json'), 'utf8')).contract).toBe(main.l1!.contract);

    running = await startDevnet({ port: 0, l1: 'anvil', stateDir: dir });
    try {
      main = await client(running.url);
      beta = await client(`${running.url}/ns/beta`);
      [m, b] = [onL1(main), onL1(beta)];
      expect({
        l2: [await m.l2(), await b.l2()],
        wallets: [await m.rpc.getBalance(m.wallet), await b.rpc.getBalance(b.wallet)],
        credit: await m.starkEx.read('getWithdrawalBalance', [BigInt(claimTo), ETH_TYPE]),
        contracts: [main.l1!.contract, beta.l1!.contract],
      }).toEqual(before);
      // The credit made before the restart is claimable after it, and a new deposit is taken once.
      await m.starkEx.write(m.wallet, 'withdraw', [BigInt(claimTo), ETH_TYPE]);
      expect(await m.rpc.getBalance(claimTo)).toBe(4000n * ETH_QUANTUM);
      expect((await main.get(`/v1/withdrawal/status?stage=withdrawarea&ethaddress=${claimTo}`)).body.data).toEqual([]);
      await b.deposit(10n ** 16n);
      expect(await b.l2()).toBe(before.l2[1]! + 10_000);
      expect(await b.l2()).toBe(before.l2[1]! + 10_000);
    } finally {
      await running.close();
    }
  }, 180_000);
});

describe.skipIf(unavailable !== undefined)('--state with --l1 URL: the node outlives the emulator', () => {
  const dir = mkdtempSync(join(tmpdir(), 'l2-devnet-l1-url-state-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a restart re-attaches to the same contract and takes what was deposited while the emulator was down, once', async () => {
    const anvil = await startAnvil();
    try {
      let running = await startDevnet({ port: 0, l1: anvil.url, stateDir: dir });
      const contract = running.l1!.contract;
      let m = onL1(await client(running.url));
      await m.deposit(10n ** 16n);
      const before = await m.l2();
      await running.close();
      await m.deposit(2n * 10n ** 16n);

      running = await startDevnet({ port: 0, l1: anvil.url, stateDir: dir });
      try {
        expect(running.l1!.contract).toBe(contract);
        m = onL1(await client(running.url));
        expect(await m.l2()).toBe(before + 20_000);
        expect(await m.l2()).toBe(before + 20_000);
        // Both pending on L1 (no batch yet), the one taken before the restart too, until their batch.
        const pending = () => m.starkEx.read('getDepositBalance', [BigInt(m.alice.stark_key), ETH_TYPE, 1n]);
        expect(await pending()).toBe(3n * 10n ** 16n);
        await fetch(`${running.url}/_devnet/batches`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"layer":"both"}',
        });
        expect(await pending()).toBe(0n);
      } finally {
        await running.close();
      }
    } finally {
      await anvil.stop();
    }
  }, 120_000);
});

describe.skipIf(unavailable !== undefined)('--l1 anvil is deterministic', () => {
  it('two runs of the same deposit give the same L1 block, stamped from the genesis time, not the wall clock', async () => {
    const run = async () => {
      const running = await startDevnet({ port: 0, l1: 'anvil' });
      try {
        const m = onL1(await client(running.url));
        const { receipt } = await m.deposit(10n ** 16n);
        await m.l2();
        const block = await m.rpc.request<{ hash: string; timestamp: string }>('eth_getBlockByNumber', [receipt.blockNumber, false]);
        return { tx: receipt.transactionHash, block: block.hash, seconds: BigInt(block.timestamp) };
      } finally {
        await running.close();
      }
    };
    const first = await run();
    expect(await run()).toEqual(first);
    // The default genesis time is 2026-01-01T00:00:00Z; one block a second after it.
    const genesis = BigInt(Date.parse('2026-01-01T00:00:00Z') / 1000);
    expect(first.seconds > genesis && first.seconds < genesis + 1000n).toBe(true);
  }, 120_000);
});

describe.skipIf(unavailable !== undefined)('--l1 anvil: a deposit is pending on L1 until its batch reaches L1', () => {
  it('the batch accepts it, naming its record; a deposit estimated before that acceptance still has gas enough after it', async () => {
    const running = await startDevnet({ port: 0, l1: 'anvil' });
    try {
      const c = await client(running.url);
      const m = onL1(c);
      const key = BigInt(m.alice.stark_key);
      const pending = () => m.starkEx.read('getDepositBalance', [key, ETH_TYPE, 1n]);
      const before = await m.l2();
      await m.deposit(10n ** 12n);
      expect(await m.l2()).toBe(before + 1);
      expect(await pending()).toBe(10n ** 12n);
      // The wallet estimates its next deposit now and sends it after the batch accepted the first: had
      // accepting cleared the slot the deposit writes, the estimate would be 15k gas short.
      const data = encodeCall(m.starkEx.abi, findFunction(m.starkEx.abi, 'depositEth', 3), [key, ETH_TYPE, 1n]);
      const gas = await m.rpc.request<Hex>('eth_estimateGas', [{ from: m.wallet, to: m.starkEx.address, data, value: '0xe8d4a51000' }]);
      await c.post('/_devnet/batches', { layer: 'both' });
      expect(await pending()).toBe(0n);
      await m.rpc.send({ from: m.wallet, to: m.starkEx.address, data, value: 10n ** 12n, gas: BigInt(gas) });
      expect(await m.l2()).toBe(before + 2);
      expect(await pending()).toBe(10n ** 12n);
    } finally {
      await running.close();
    }
  }, 60_000);
});

describe.skipIf(unavailable !== undefined)('--l1 anvil: found by review', () => {
  it("a namespace's first request is bridged: a snapshot it takes covers L1", async () => {
    const running = await startDevnet({ port: 0, l1: 'anvil', namespaces: { max: 1 } });
    try {
      // The only place (max 1) gets its L1, and the first request of the namespace is the snapshot.
      const snap = (await fetch(`${running.url}/ns/eps/_devnet/snapshots`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }).then((r) => r.json())) as {
        id: string;
      };
      const eps = await client(`${running.url}/ns/eps`);
      expect(eps.l1).not.toBeNull();
      const e = onL1(eps);
      const before = { l2: await e.l2(), wallet: await e.rpc.getBalance(e.wallet), exchange: await e.rpc.getBalance(eps.l1!.contract) };
      expect(before.wallet).toBe(FUNDED_WEI);
      await e.deposit(10n ** 16n);
      expect(await e.l2()).toBe(before.l2 + 10_000);
      await eps.post(`/_devnet/snapshots/${snap.id}/revert`, {});
      expect({ l2: await e.l2(), wallet: await e.rpc.getBalance(e.wallet), exchange: await e.rpc.getBalance(eps.l1!.contract) }).toEqual(
        before,
      );
    } finally {
      await running.close();
    }
  }, 60_000);

  it('with --state, what happened on L1 after the last request is kept by the stop and taken after the restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2-devnet-l1-tail-'));
    try {
      let running = await startDevnet({ port: 0, l1: 'anvil', stateDir: dir });
      const m = onL1(await client(running.url));
      const before = await m.l2();
      await m.deposit(10n ** 16n);
      await running.close();
      running = await startDevnet({ port: 0, l1: 'anvil', stateDir: dir });
      try {
        expect(await onL1(await client(running.url)).l2()).toBe(before + 10_000);
      } finally {
        await running.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('two first requests of a new namespace race, the refused one first: the namespace keeps an L1 that works', async () => {
    // In process, so that the refused request surely reaches the layer first.
    const genesis = readGenesisFile();
    const layer = await L1Layer.start({ l1: 'anvil' }, genesis, [DEFAULT_NAMESPACE]);
    const { namespaces: registry } = namespaced({ genesis }, undefined, undefined, layer);
    try {
      await layer.settled();
      const url = (path: string) => `http://127.0.0.1/ns/race${path}`;
      const refused = layer.fetch(
        registry,
        new Request(url('/v1/transfers'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
      );
      const accepted = layer.fetch(registry, new Request(url('/_devnet/accounts')));
      expect([((await (await refused).json()) as { status: string }).status, (await accepted).status]).toEqual(['FAILED', 200]);
      const link = layer.link('race')!;
      expect(link).toBeDefined();
      const starkEx = new Contract(new EthRpc(link.url), contracts.StarkExDevnet.abi, link.contract as Hex);
      const { accounts } = (await (await layer.fetch(registry, new Request(url('/_devnet/accounts')))).json()) as { accounts: Account[] };
      const alice = accounts[0]!;
      const balance = new Request(url(`/v1/balance?stark_key=${alice.stark_key}&asset_id=${ETH_ASSET}`));
      const l2 = async () => Number(((await (await layer.fetch(registry, balance.clone())).json()) as any).data.available);
      const before = await l2();
      await starkEx.write(alice.eth_address.toLowerCase() as Hex, 'depositEth', [BigInt(alice.stark_key), ETH_TYPE, 1n], 10n ** 16n);
      expect(await l2()).toBeCloseTo(before + 0.01, 9);
    } finally {
      registry.close();
      await layer.stop();
    }
  }, 60_000);
});

describe.skipIf(unavailable !== undefined)('--state with --l1: a stop between L2 and l1.json loses nothing and takes nothing twice', () => {
  const dir = mkdtempSync(join(tmpdir(), 'l2-devnet-l1-crash-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const l1json = join(dir, 'l1.json');

  it('--l1 URL: a deposit the journal has, read again from an older l1.json, is not taken twice', async () => {
    const anvil = await startAnvil();
    try {
      const running = await startDevnet({ port: 0, l1: anvil.url, stateDir: dir });
      const m = onL1(await client(running.url));
      const before = await m.l2();
      const older = readFileSync(l1json, 'utf8');
      await m.deposit(10n ** 16n);
      expect(await m.l2()).toBe(before + 10_000);
      await running.close();
      await restartFrom(older, { l1: anvil.url, stateDir: dir }, async (_, m) => {
        expect(await m.l2()).toBe(before + 10_000);
        expect(await m.starkEx.read('getDepositBalance', [BigInt(m.alice.stark_key), ETH_TYPE, 1n])).toBe(10n ** 16n);
      });
    } finally {
      await anvil.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('--l1 anvil: a withdrawal the journal moved to AcceptedOnL1 is credited after a restart from a chain without the credit; blocks keep their time order', async () => {
    const claimTo = '0x00000000000000000000000000000000000000e4' as Hex;
    const running = await startDevnet({ port: 0, l1: 'anvil', stateDir: dir });
    const main = await client(running.url);
    const m = onL1(main);
    await m.deposit(10n ** 16n);
    await m.l2();
    const r = await withdraw(main, m.alice, claimTo, ETH_ASSET, '4000');
    expect(r.body.status).toBe('OK');
    const older = readFileSync(l1json, 'utf8');
    await main.post('/_devnet/batches', { layer: 'both' });
    expect(await m.starkEx.read('getWithdrawalBalance', [BigInt(claimTo), ETH_TYPE])).toBe(4000n * ETH_QUANTUM);
    const last = await m.rpc.request<{ timestamp: Hex }>('eth_getBlockByNumber', ['latest', false]);
    await running.close();
    await restartFrom(older, { l1: 'anvil', stateDir: dir }, async (_, m) => {
      expect(await m.starkEx.read('getWithdrawalBalance', [BigInt(claimTo), ETH_TYPE])).toBe(4000n * ETH_QUANTUM);
      const { receipt } = await m.deposit(10n ** 12n);
      const block = await m.rpc.request<{ timestamp: Hex }>('eth_getBlockByNumber', [receipt.blockNumber, false]);
      expect(BigInt(block.timestamp) > BigInt(last.timestamp)).toBe(true);
    });
  }, 120_000);

  it('a revert to a snapshot taken before a restart says that L1 stays as it is', async () => {
    const own = mkdtempSync(join(tmpdir(), 'l2-devnet-l1-old-snapshot-'));
    let running = await startDevnet({ port: 0, l1: 'anvil', stateDir: own });
    const snap = (await (await client(running.url)).post('/_devnet/snapshots', {})).body.id as string;
    await running.close();
    running = await startDevnet({ port: 0, l1: 'anvil', stateDir: own });
    const stderr = vi.spyOn(process.stderr, 'write');
    try {
      expect((await (await client(running.url)).post(`/_devnet/snapshots/${snap}/revert`, {})).body.reverted).toBe(snap);
      expect(stderr.mock.calls.map((c) => String(c[0])).join('')).toContain(`L2 was reverted to ${snap}, L1 was not`);
    } finally {
      stderr.mockRestore();
      await running.close();
      rmSync(own, { recursive: true, force: true });
    }
  }, 60_000);

  it('a corrupt l1.json is named in the error, with what to do', async () => {
    const own = mkdtempSync(join(tmpdir(), 'l2-devnet-l1-corrupt-'));
    try {
      const running = await startDevnet({ port: 0, l1: 'anvil', stateDir: own });
      await running.close();
      writeFileSync(join(own, 'l1.json'), '{"format":"l2-devnet/l1@2","contract":');
      await expect(startDevnet({ port: 0, l1: 'anvil', stateDir: own })).rejects.toThrow(`${join(own, 'l1.json')} cannot be read (`);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.skipIf(unavailable !== undefined)('--state with --l1: found by the second review', () => {
  it('--l1 URL: a claim the journal has, read again from an older l1.json, does not empty a later credit from the L2 withdraw area', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2-devnet-l1-claim-again-'));
    const l1json = join(dir, 'l1.json');
    const claimTo = '0x00000000000000000000000000000000000000e5' as Hex;
    const area = async (c: Awaited<ReturnType<typeof client>>) =>
      ((await c.get(`/v1/withdrawal/status?stage=withdrawarea&ethaddress=${claimTo}`)).body.data as { amount: number }[]).map(
        (e) => e.amount,
      );
    const anvil = await startAnvil();
    try {
      const running = await startDevnet({ port: 0, l1: anvil.url, stateDir: dir });
      const main = await client(running.url);
      const m = onL1(main);
      await m.deposit(10n ** 16n);
      await m.l2();
      expect((await withdraw(main, m.alice, claimTo, ETH_ASSET, '4000')).body.status).toBe('OK');
      await main.post('/_devnet/batches', { layer: 'both' });
      const older = readFileSync(l1json, 'utf8');
      await m.starkEx.write(m.wallet, 'withdraw', [BigInt(claimTo), ETH_TYPE]);
      expect(await area(main)).toEqual([]);
      expect((await withdraw(main, m.alice, claimTo, ETH_ASSET, '3000')).body.status).toBe('OK');
      await main.post('/_devnet/batches', { layer: 'both' });
      expect(await area(main)).toEqual([3000]);
      await running.close();
      // What the disk holds had the emulator stopped after L2 took the claim, before l1.json was written.
      await restartFrom(older, { l1: anvil.url, stateDir: dir }, async (main, m) => {
        expect(await m.starkEx.read('getWithdrawalBalance', [BigInt(claimTo), ETH_TYPE])).toBe(3000n * ETH_QUANTUM);
        expect(await area(main)).toEqual([3000]);
      });
    } finally {
      await anvil.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
  it('a batch whose deposit acceptance L1 refuses still credits the withdrawals after it', async () => {
    const claimTo = '0x00000000000000000000000000000000000000e6' as Hex;
    const running = await startDevnet({ port: 0, l1: 'anvil' });
    const stderr = vi.spyOn(process.stderr, 'write');
    try {
      const main = await client(running.url);
      const m = onL1(main);
      await m.l2();
      // Someone reverts the chain under the emulator (evm_revert on its node): the deposit L2 took is gone from L1.
      const mark = await m.rpc.snapshot();
      await m.deposit(10n ** 16n);
      await m.l2();
      expect(await m.rpc.revert(mark)).toBe(true);
      expect((await withdraw(main, m.alice, claimTo, ETH_ASSET, '4000')).body.status).toBe('OK');
      await main.post('/_devnet/batches', { layer: 'both' });
      expect(stderr.mock.calls.map((c) => String(c[0])).join('')).toContain('DEPOSIT_INSUFFICIENT');
      expect(await m.starkEx.read('getWithdrawalBalance', [BigInt(claimTo), ETH_TYPE])).toBe(4000n * ETH_QUANTUM);
    } finally {
      stderr.mockRestore();
      await running.close();
    }
  }, 60_000);
  it('--l1 anvil: a stop right after L2 took a claim finds the claim on both layers after the restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2-devnet-l1-claim-stop-'));
    const l1json = join(dir, 'l1.json');
    const claimTo = '0x00000000000000000000000000000000000000e7' as Hex;
    const area = async (c: Awaited<ReturnType<typeof client>>) =>
      ((await c.get(`/v1/withdrawal/status?stage=withdrawarea&ethaddress=${claimTo}`)).body.data as { amount: number }[]).map(
        (e) => e.amount,
      );
    // What the disk holds when L2 takes the claim: had the emulator stopped then, a restart would find this.
    let atClaim: string | undefined;
    const claim = COMMAND_TABLE.claim;
    const spy = vi.spyOn(COMMAND_TABLE, 'claim').mockImplementation((...args) => {
      atClaim = readFileSync(l1json, 'utf8');
      return claim(...args);
    });
    try {
      const running = await startDevnet({ port: 0, l1: 'anvil', stateDir: dir });
      const main = await client(running.url);
      const m = onL1(main);
      await m.deposit(10n ** 16n);
      await m.l2();
      expect((await withdraw(main, m.alice, claimTo, ETH_ASSET, '4000')).body.status).toBe('OK');
      await main.post('/_devnet/batches', { layer: 'both' });
      await m.starkEx.write(m.wallet, 'withdraw', [BigInt(claimTo), ETH_TYPE]);
      expect(await area(main)).toEqual([]);
      await running.close();
      spy.mockRestore();
      await restartFrom(atClaim!, { l1: 'anvil', stateDir: dir }, async (main, m) => {
        expect([await area(main), await m.starkEx.read('getWithdrawalBalance', [BigInt(claimTo), ETH_TYPE])]).toEqual([[], 0n]);
        expect(await m.rpc.getBalance(claimTo)).toBe(4000n * ETH_QUANTUM);
      });
    } finally {
      spy.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
  it('a snapshot taken while a credit waits in the queue, reverted to after the credit, does not credit it twice', async () => {
    const claimTo = '0x00000000000000000000000000000000000000e8' as Hex;
    const genesis = readGenesisFile();
    const layer = await L1Layer.start({ l1: 'anvil' }, genesis, [DEFAULT_NAMESPACE]);
    const { namespaces: registry } = namespaced({ genesis }, undefined, undefined, layer);
    try {
      await layer.settled();
      const call = async (method: string, path: string, body?: string) =>
        toReply(
          await layer.fetch(
            registry,
            new Request(`http://127.0.0.1${path}`, {
              method,
              headers: body === undefined ? {} : { 'content-type': 'application/json' },
              body,
            }),
          ),
        );
      const info = (await call('GET', '/_devnet/accounts')).body;
      const c = {
        get: (p: string) => call('GET', p),
        post: (p: string, b: unknown) => call('POST', p, JSON.stringify(b)),
        accounts: Object.fromEntries(info.accounts.map((a: Account) => [a.name, a])),
      } as unknown as TestClient;
      const alice = c.accounts.alice;
      expect((await withdraw(c, alice, claimTo, ETH_ASSET, '4000')).body.status).toBe('OK');
      const devnet = registry.instance(DEFAULT_NAMESPACE)!.devnet;
      const bridge = (layer as unknown as { ready: Map<string, L1Bridge> }).ready.get(DEFAULT_NAMESPACE)!;
      const starkEx = new Contract(bridge.rpc, contracts.StarkExDevnet.abi, bridge.starkEx.address);
      const credit = () => starkEx.read('getWithdrawalBalance', [BigInt(claimTo), ETH_TYPE]);
      // A batch request's answer and a snapshot request's, as they interleave when both are in flight:
      // the batch's settle is queued, and the snapshot is taken before it has run.
      devnet.batches('both');
      const settled = bridge.settle();
      const { id } = devnet.snapshot();
      await settled;
      await bridge.settle();
      expect(await credit()).toBe(4000n * ETH_QUANTUM);
      devnet.revert(id);
      await bridge.settle(); // the revert's own step (L1 back to the snapshot)
      await bridge.settle(); // and what it left owed
      expect(await credit()).toBe(4000n * ETH_QUANTUM);
    } finally {
      registry.close();
      await layer.stop();
    }
  }, 60_000);
  it('a deposit read by a sync queued before a revert is not taken into the reverted L2 when L1 goes back too', async () => {
    const genesis = readGenesisFile();
    const layer = await L1Layer.start({ l1: 'anvil' }, genesis, [DEFAULT_NAMESPACE]);
    const { namespaces: registry } = namespaced({ genesis }, undefined, undefined, layer);
    try {
      await layer.settled();
      const accounts = (await (await layer.fetch(registry, new Request('http://127.0.0.1/_devnet/accounts'))).json()) as {
        accounts: Account[];
      };
      const alice = accounts.accounts[0]!;
      const devnet = registry.instance(DEFAULT_NAMESPACE)!.devnet;
      const bridge = (layer as unknown as { ready: Map<string, L1Bridge> }).ready.get(DEFAULT_NAMESPACE)!;
      const starkEx = new Contract(bridge.rpc, contracts.StarkExDevnet.abi, bridge.starkEx.address);
      const l2 = () => devnet.balance(alice.stark_key, BigInt(ETH_ASSET)) as unknown;
      const { id } = devnet.snapshot();
      await bridge.settle();
      const before = { l2: l2(), exchange: await bridge.rpc.getBalance(bridge.starkEx.address) };
      await starkEx.write(alice.eth_address.toLowerCase() as Hex, 'depositEth', [BigInt(alice.stark_key), ETH_TYPE, 1n], 10n ** 16n);
      // A request's sync is queued; before it reads L1, another request reverts L2 (and queues L1's revert).
      const synced = bridge.sync();
      devnet.revert(id);
      await synced;
      await bridge.settle();
      expect({ l2: l2(), exchange: await bridge.rpc.getBalance(bridge.starkEx.address) }).toEqual(before);
    } finally {
      registry.close();
      await layer.stop();
    }
  }, 60_000);
});

describe.skipIf(unavailable !== undefined)('--l1-chain-id', () => {
  it("sets the chain id of each namespace's Anvil (5: Goerli, for SDK 0.4 apps)", async () => {
    const running = await startDevnet({ port: 0, l1: 'anvil', l1ChainId: 5 });
    try {
      expect(await new EthRpc(running.l1!.url).chainId()).toBe(5n);
      const other = await client(`${running.url}/ns/other`);
      expect(await new EthRpc(other.l1!.url).chainId()).toBe(5n);
    } finally {
      await running.close();
    }
  }, 60_000);
});
