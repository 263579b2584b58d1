// The seam between the layers under crashes, outages, hung nodes and other hands on the chain (issue 43):
// each test drives a real Anvil, most through the fault-injecting proxy of test/support/l1-proxy.ts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import solc from 'solc';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeCall, findFunction } from '../../src/l1/codec.js';
import type { Abi, Hex } from '../../src/l1/codec.js';
import { anvilUnavailable, startAnvil } from '../../src/l1/anvil.js';
import type { Anvil } from '../../src/l1/anvil.js';
import { startDevnet } from '../../src/server/server.js';
import { startCli } from '../support/cli.js';
import { ETH_ASSET } from '../support/client.js';
import { withdraw } from '../support/flows.js';
import { client, ETH_TYPE, onL1, restartFrom } from '../support/l1-clients.js';
import { startFakeNode, startL1Proxy } from '../support/l1-proxy.js';
import type { L1Proxy } from '../support/l1-proxy.js';

const unavailable = anvilUnavailable();
if (unavailable !== undefined) console.warn(`test/l1/faults.test.ts skipped: Anvil cannot run here (${unavailable})`);

const ETH_QUANTUM = 10n ** 12n;
const areaOf = async (c: Awaited<ReturnType<typeof client>>, to: string) =>
  ((await c.get(`/v1/withdrawal/status?stage=withdrawarea&ethaddress=${to}`)).body.data as { amount: number }[]).map((e) => e.amount);
const stderrOf = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((c) => String(c[0])).join('');

/** One L1 transaction making three ETH deposits: the first to stark key 0 (L2 refuses it), then two to `key`. */
const THREE_DEPOSITS = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
interface IDeposits { function depositEth(uint256 starkKey, uint256 assetType, uint256 vaultId) external payable; }
contract ThreeDeposits {
  function run(address ex, uint256 assetType, uint256 key) external payable {
    uint256 each = msg.value / 3;
    IDeposits(ex).depositEth{value: each}(0, assetType, 1);
    IDeposits(ex).depositEth{value: each}(key, assetType, 1);
    IDeposits(ex).depositEth{value: each}(key, assetType, 1);
  }
}`;

function compileThreeDeposits(): { abi: Abi; bytecode: Hex } {
  const input = {
    language: 'Solidity',
    sources: { 'ThreeDeposits.sol': { content: THREE_DEPOSITS } },
    settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input)));
  const c = out.contracts['ThreeDeposits.sol'].ThreeDeposits;
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
}

describe.skipIf(unavailable !== undefined)('L1 under faults (issue 43)', () => {
  let anvil: Anvil;
  let proxy: L1Proxy;
  let dir: string;
  const timeout = process.env.L2DEVNET_L1_TIMEOUT_MS;
  beforeEach(async () => {
    anvil = await startAnvil();
    proxy = await startL1Proxy(anvil.url);
    dir = mkdtempSync(join(tmpdir(), 'l2-devnet-l1-faults-'));
  });
  afterEach(async () => {
    if (timeout === undefined) delete process.env.L2DEVNET_L1_TIMEOUT_MS;
    else process.env.L2DEVNET_L1_TIMEOUT_MS = timeout;
    await proxy.close();
    await anvil.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a deposit is credited once after a crash, though a refused deposit in the same transaction came first', async () => {
    const running = await startDevnet({ port: 0, l1: anvil.url, stateDir: dir });
    const m = onL1(await client(running.url));
    const before = await m.l2();
    const older = readFileSync(join(dir, 'l1.json'), 'utf8');
    const { abi, bytecode } = compileThreeDeposits();
    const helper = await m.rpc.deploy(m.wallet, bytecode);
    const data = encodeCall(abi, findFunction(abi, 'run', 3), [m.starkEx.address, ETH_TYPE, BigInt(m.alice.stark_key)]);
    await m.rpc.send({ from: m.wallet, to: helper, data, value: 3n * 10n ** 15n });
    expect(await m.l2()).toBe(before + 2000);
    await running.close();
    // The disk as a kill -9 leaves it after the journal took the deposits, before l1.json moved past them.
    await restartFrom(older, { l1: anvil.url, stateDir: dir }, async (_, again) => {
      expect(await again.l2()).toBe(before + 2000);
      expect(await again.l2()).toBe(before + 2000);
    });
  }, 120_000);

  it('a withdrawal credit the node refused with a 503 stays owed, is shown, and is credited once the node is back', async () => {
    const to = '0x00000000000000000000000000000000000000f1' as Hex;
    const running = await startDevnet({ port: 0, l1: proxy.url });
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const main = await client(running.url);
      const m = onL1(main);
      await m.deposit(10n ** 16n);
      await m.l2();
      const withdrawal = (await withdraw(main, m.alice, to, ETH_ASSET, '1000')).body.data.sequence_id;
      proxy.fault = { kind: 'status', status: 503 };
      await main.post('/_devnet/batches', { layer: 'both' });
      // The node is failing, so answers do not wait for the write: it is tried behind them, and shown.
      await vi.waitFor(async () => {
        const status = (await main.get('/_devnet/config')).body.l1.status;
        expect(status.owed).toContain(withdrawal);
        expect(status.owed_error).toContain('HTTP 503');
        expect(status.node).toBe('failing');
      });
      proxy.fault = { kind: 'pass' };
      // Each request tries it again; once the node answers, the credit lands, once.
      await vi.waitFor(async () => {
        await main.get(`/v1/nonce?stark_key=${m.alice.stark_key}`);
        expect(await m.starkEx.read('getWithdrawalBalance', [BigInt(to), ETH_TYPE])).toBe(1000n * ETH_QUANTUM);
      });
      await main.get(`/v1/nonce?stark_key=${m.alice.stark_key}`);
      expect(await m.starkEx.read('getWithdrawalBalance', [BigInt(to), ETH_TYPE])).toBe(1000n * ETH_QUANTUM);
      expect((await main.get('/_devnet/config')).body.l1.status).toMatchObject({ node: 'ok', owed: [], owed_error: null });
      expect(await areaOf(main, to)).toEqual([1000]);
    } finally {
      stderr.mockRestore();
      await running.close();
    }
  }, 120_000);

  it('an L1 claim moves what L1 paid out of the withdraw area, not all of it', async () => {
    const to = '0x00000000000000000000000000000000000000f2' as Hex;
    // 1000 withdrawn before --l1 was given: in the L2 withdraw area, never credited on L1.
    let running = await startDevnet({ port: 0, stateDir: dir });
    let main = await client(running.url);
    expect((await withdraw(main, main.accounts.alice, to, ETH_ASSET, '1000')).body.status).toBe('OK');
    await main.post('/_devnet/batches', { layer: 'both' });
    await running.close();
    running = await startDevnet({ port: 0, l1: anvil.url, stateDir: dir });
    try {
      main = await client(running.url);
      const m = onL1(main);
      expect((await withdraw(main, m.alice, to, ETH_ASSET, '2000')).body.status).toBe('OK');
      await main.post('/_devnet/batches', { layer: 'both' });
      expect(await areaOf(main, to)).toEqual([3000]);
      await m.starkEx.write(m.wallet, 'withdraw', [BigInt(to), ETH_TYPE]);
      expect(await m.rpc.getBalance(to)).toBe(2000n * ETH_QUANTUM);
      expect(await areaOf(main, to)).toEqual([1000]);
      expect((await main.get('/_devnet/invariants')).body.ok).toBe(true);
    } finally {
      await running.close();
    }
  }, 120_000);

  it('a node that never answers: health answers at once, other requests after one deadline, and the stop is prompt', async () => {
    process.env.L2DEVNET_L1_TIMEOUT_MS = '400';
    const running = await startDevnet({ port: 0, l1: proxy.url });
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const main = await client(running.url);
      proxy.fault = { kind: 'hang' };
      const health = await fetch(`${running.url}/_devnet/health`, { signal: AbortSignal.timeout(2000) });
      expect(health.status).toBe(200);
      const nonce = `${running.url}/v1/nonce?stark_key=${main.accounts.alice.stark_key}`;
      expect(((await (await fetch(nonce, { signal: AbortSignal.timeout(3000) })).json()) as { status: string }).status).toBe('OK');
      // Now known to be failing: no request waits for it any more.
      for (let i = 0; i < 3; i++)
        expect(((await (await fetch(nonce, { signal: AbortSignal.timeout(300) })).json()) as { status: string }).status).toBe('OK');
      expect((await main.get('/_devnet/config')).body.l1.status.problem).toContain('did not answer within 400 ms');
      expect(stderr.mock.calls.filter((c) => String(c[0]).includes('did not answer within'))).toHaveLength(1);
    } finally {
      const stopping = running.close();
      await expect(Promise.race([stopping.then(() => 'stopped'), new Promise((r) => setTimeout(() => r('hung'), 5000))])).resolves.toBe(
        'stopped',
      );
      stderr.mockRestore();
    }
  }, 60_000);

  it('start-up against a node that never answers fails within seconds, naming it', async () => {
    process.env.L2DEVNET_L1_TIMEOUT_MS = '400';
    proxy.fault = { kind: 'hang' };
    await expect(startDevnet({ port: 0, l1: proxy.url })).rejects.toThrow(`${proxy.url} did not answer within 400 ms`);
  }, 30_000);

  it('concurrent requests share the L1 read that is queued, instead of one read each', async () => {
    const running = await startDevnet({ port: 0, l1: proxy.url });
    try {
      const main = await client(running.url);
      proxy.fault = { kind: 'delay', ms: 300 };
      proxy.seen.length = 0;
      const nonce = `/v1/nonce?stark_key=${main.accounts.alice.stark_key}`;
      const answers = await Promise.all(Array.from({ length: 6 }, () => main.get(nonce)));
      expect(answers.every((a) => a.body.status === 'OK')).toBe(true);
      // One read may be running when the burst comes; all six then share the one queued behind it.
      expect(proxy.seen.filter((m) => m === 'eth_blockNumber').length).toBeLessThanOrEqual(2);
    } finally {
      await running.close();
    }
  }, 60_000);

  it("a deposit landing at a block number already read, after another party's evm_revert, is credited", async () => {
    const running = await startDevnet({ port: 0, l1: anvil.url });
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const m = onL1(await client(running.url));
      const before = await m.l2();
      const mark = await m.rpc.snapshot();
      await m.deposit(10n ** 16n);
      expect(await m.l2()).toBe(before + 10_000);
      expect(await m.rpc.revert(mark)).toBe(true);
      await m.deposit(2n * 10n ** 16n); // the same block number as the one reverted
      expect(await m.l2()).toBe(before + 30_000);
      expect(stderrOf(stderr)).toContain('is not the one read before');
      const status = ((await (await fetch(`${running.url}/_devnet/config`)).json()) as { l1: { status: { chain_rewritten: string } } }).l1
        .status;
      expect(status.chain_rewritten).toContain('is not the one read before');
    } finally {
      stderr.mockRestore();
      await running.close();
    }
  }, 60_000);
});

describe('start-up refusals name what is wrong (issue 43)', () => {
  const refusal = async (body: string, type?: string) => {
    const node = await startFakeNode(body, type);
    try {
      return await startDevnet({ port: 0, l1: node.url }).then(
        async (r) => (await r.close(), 'started'),
        (e: Error) => e.message,
      );
    } finally {
      await node.close();
    }
  };
  it('an HTML server, a server answering {} or a bare 0x1, and nothing listening', async () => {
    expect(await refusal('<html>hi</html>', 'text/html')).toMatch(/answered text\/html, not JSON-RPC: is it an Ethereum node/);
    expect(await refusal('{}')).toMatch(/answered no JSON-RPC result/);
    expect(await refusal('{"jsonrpc":"2.0","id":1,"result":"0x1"}')).toMatch(/eth_accounts: .* answered "0x1", not a list of addresses/);
    const closed = await startFakeNode('{}');
    await closed.close();
    await expect(startDevnet({ port: 0, l1: closed.url })).rejects.toThrow(/cannot reach .*ECONNREFUSED.*is the node running/);
  });

  it('a password in --l1 is sent as basic auth and never shown', async () => {
    const closed = await startFakeNode('{}');
    await closed.close();
    const url = closed.url.replace('//', '//user:S3CRET-PW@');
    const message = await startDevnet({ port: 0, l1: url }).then(
      () => 'started',
      (e: Error) => e.message,
    );
    expect(message).toContain('user:***@');
    expect(message).not.toContain('S3CRET-PW');
  });
});

describe.skipIf(unavailable !== undefined)('--l1 anvil namespaces and processes (issue 43)', () => {
  it('--max-namespaces 4 with 8 namespaces asked for at once: 4 are made, each with its L1, and 4 refused', async () => {
    const running = await startDevnet({ port: 0, l1: 'anvil', namespaces: { max: 4 } });
    try {
      const names = Array.from({ length: 8 }, (_, i) => `cap${i}`);
      const answers = await Promise.all(
        names.map(async (n) => (await fetch(`${running.url}/ns/${n}/_devnet/config`)).json() as Promise<Record<string, any>>),
      );
      const made = answers.filter((a) => a.status !== 'FAILED');
      expect(made).toHaveLength(4);
      for (const a of made) expect(a.l1?.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
      const refused = answers.filter((a) => a.status === 'FAILED');
      expect(refused.map((a) => a.error_code)).toEqual([19, 19, 19, 19]);
      expect(refused[0]!.error).toContain('--max-namespaces 4');
    } finally {
      await running.close();
    }
  }, 120_000);

  it('a request that waits on its L1 while its namespace is deleted is refused, and makes nothing anew', async () => {
    process.env.L2DEVNET_L1_TIMEOUT_MS = '5000';
    const running = await startDevnet({ port: 0, l1: 'anvil' });
    let pid: string | undefined;
    try {
      const config = (await (await fetch(`${running.url}/ns/gamma/_devnet/config`)).json()) as { l1: { url: string } };
      const port = new URL(config.l1.url).port;
      pid = execFileSync('pgrep', ['-f', `^\\S*/anvil --silent .*--port ${port}`], { encoding: 'utf8' })
        .trim()
        .split('\n')[0];
      execFileSync('kill', ['-STOP', pid!]); // its node stops answering: the next request waits on its L1
      const waiting = fetch(`${running.url}/ns/gamma/v1/nonce?stark_key=0x1`).then((r) => r.json() as Promise<Record<string, any>>);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await fetch(`${running.url}/_devnet/namespaces/gamma`, { method: 'DELETE' })).status).toBe(200);
      execFileSync('kill', ['-CONT', pid!]);
      const answer = await waiting;
      expect(answer).toMatchObject({ status: 'FAILED', error_code: 19 });
      expect(answer.error).toContain('was deleted while this request waited');
      const listed = (await (await fetch(`${running.url}/_devnet/namespaces`)).json()) as { namespaces: { name: string }[] };
      expect(listed.namespaces.map((n) => n.name)).not.toContain('gamma');
    } finally {
      if (pid !== undefined) spawnSafe(() => execFileSync('kill', ['-CONT', pid!]));
      delete process.env.L2DEVNET_L1_TIMEOUT_MS;
      await running.close();
    }
  }, 60_000);

  it('an Anvil that dies is said once on stderr, and the requests after it still answer from L2', async () => {
    const running = await startDevnet({ port: 0, l1: 'anvil' });
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const port = new URL(running.l1!.url).port;
      execFileSync('pkill', ['-KILL', '-f', `^\\S*/anvil --silent .*--port ${port}`]);
      await vi.waitFor(() => expect(stderrOf(stderr)).toContain(`Anvil on ${running.l1!.url} exited`));
      const nonce = `${running.url}/v1/nonce?stark_key=${running.devnet.accounts().accounts[0]!.stark_key}`;
      for (let i = 0; i < 3; i++) expect(((await (await fetch(nonce)).json()) as { status: string }).status).toBe('OK');
      expect(stderrOf(stderr).match(/cannot reach/g)).toHaveLength(1);
    } finally {
      stderr.mockRestore();
      await running.close();
    }
  }, 60_000);

  it('kill -9 of the emulator takes its Anvil with it', async () => {
    const cli = startCli(['--port', '0', '--l1', 'anvil', '--log', 'silent']);
    const { json } = await cli.ready;
    const node = (json.l1 as { url: string }).url;
    const answers = () =>
      fetch(node, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
      }).then(
        () => true,
        () => false,
      );
    expect(await answers()).toBe(true);
    cli.child.kill('SIGKILL');
    await cli.exited;
    await vi.waitFor(async () => expect(await answers()).toBe(false), { timeout: 5000 });
  }, 60_000);
});

function spawnSafe(f: () => void): void {
  try {
    f();
  } catch {}
}
