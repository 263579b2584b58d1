// The official JS SDK 0.4.5, unmodified, driving L1 through an ethers provider at the Anvil that
// `--l1 anvil` started: depositETH, depositERC20 (after erc20.approve), a mint on L2, an NFT sale
// with its fee split, withdrawalFromL2, the batch to L1, withdrawalFromL1 (withdraw, withdrawNft,
// withdrawAndMint) and depositERC721 (after erc721.approve), with balances checked on both layers.
import { Reddio } from '@reddio.com/js';
import { ethers } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetId, assetType } from '../../src/crypto/asset.js';
import type { Hex } from '../../src/l1/codec.js';
import { anvilUnavailable } from '../../src/l1/anvil.js';
import { loadL1Artifacts } from '../../src/l1/artifacts.js';
import { Contract } from '../../src/l1/contract.js';
import { EthRpc } from '../../src/l1/rpc.js';
import type { Receipt } from '../../src/l1/rpc.js';
import { startDevnet } from '../../src/server/server.js';
import type { RunningDevnet } from '../../src/server/server.js';
import { DMINT, ETH_ASSET, RDD20, RDD20_ASSET, REDDIO721 } from '../support/client.js';

const unavailable = anvilUnavailable();
if (unavailable !== undefined) console.warn(`test/l1/sdk.test.ts skipped: Anvil cannot run here (${unavailable})`);

interface Account {
  name: string;
  stark_key: string;
  private_key: string;
  eth_address: string;
}

const ETHER = 10n ** 18n;
const MINTED = 4242n;
const DMINT_ASSET = `0x${assetId('ERC721M', BigInt(DMINT), 1n, MINTED).toString(16)}`;
const R721_4 = `0x${assetId('ERC721', BigInt(REDDIO721), 1n, 4n).toString(16)}`;

describe.skipIf(unavailable !== undefined)('JS SDK 0.4.5 L1 calls through an ethers provider at Anvil', () => {
  let running: RunningDevnet;
  let rpc: EthRpc;
  let alice: Account;
  let bob: Account;
  let operator: Account;
  let apiKey: string;
  const providers: ethers.providers.Web3Provider[] = [];
  /** Wei each address paid in gas for the transactions the SDK sent. */
  const gas = new Map<string, bigint>();

  /** A browser wallet's view: the node, with `address` as the selected account (the SDK signs with getSigner()). */
  function sdkFor(a: Account): Reddio {
    const address = a.eth_address.toLowerCase();
    const provider = new ethers.providers.Web3Provider({
      request: ({ method, params }: { method: string; params?: unknown[] }) =>
        method === 'eth_accounts' || method === 'eth_requestAccounts' ? Promise.resolve([address]) : rpc.request(method, params ?? []),
    });
    provider.pollingInterval = 20;
    providers.push(provider);
    const sdk = new Reddio({ provider, env: 'test' } as ConstructorParameters<typeof Reddio>[0]);
    (sdk as unknown as { request: { defaults: { baseURL?: string } } }).request.defaults.baseURL = running.url;
    return sdk;
  }

  async function paid(from: string, hash: string): Promise<Receipt> {
    const r = await rpc.receipt(hash as Hex);
    gas.set(from, (gas.get(from) ?? 0n) + BigInt(r.gasUsed) * BigInt(r.effectiveGasPrice!));
    return r;
  }

  const get = async (path: string) => (await (await fetch(running.url + path)).json()) as any;
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
    (await (
      await fetch(running.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
    ).json()) as any;
  const l2 = async (who: Account, asset: string) => (await get(`/v1/balance?stark_key=${who.stark_key}&asset_id=${asset}`)).data;
  /** L1 ETH with the gas the SDK's transactions paid added back. */
  const l1Eth = async (who: Account) =>
    (await rpc.getBalance(who.eth_address.toLowerCase() as Hex)) + (gas.get(who.eth_address.toLowerCase()) ?? 0n);

  beforeAll(async () => {
    running = await startDevnet({ port: 0, l1: 'anvil' });
    rpc = new EthRpc(running.l1!.url);
    const info = await get('/_devnet/accounts');
    const byName = Object.fromEntries((info.accounts as Account[]).map((a) => [a.name, a]));
    [alice, bob, operator, apiKey] = [byName.alice!, byName.bob!, byName.operator!, info.api_keys[0]];
  }, 60_000);

  afterAll(async () => {
    for (const p of providers) p.removeAllListeners();
    await running?.close();
  });

  it('deposit -> mint -> sell -> buy -> withdraw -> claim, and an NFT deposit, with both layers and the fee split adding up', async () => {
    const { contracts } = loadL1Artifacts();
    const rdd20 = new Contract(rpc, contracts.DevnetERC20.abi, RDD20);
    const r721 = new Contract(rpc, contracts.DevnetERC721.abi, REDDIO721);
    const dmint = new Contract(rpc, contracts.DevnetMintableERC721.abi, DMINT.toLowerCase() as Hex);
    const aliceSdk = sdkFor(alice);
    const bobSdk = sdkFor(bob);
    const aliceEth = alice.eth_address.toLowerCase();
    const bobEth = bob.eth_address.toLowerCase();
    const l1Before = { alice: await l1Eth(alice), bob: await l1Eth(bob), aliceRdd: BigInt(await rdd20.read('balanceOf', [aliceEth])) };
    const l2Before = { alice: (await l2(alice, ETH_ASSET)).balance_available, aliceRdd: (await l2(alice, RDD20_ASSET)).balance_available };

    // 1. Deposits from L1, as a dapp sends them.
    const ethDeposit = await aliceSdk.apis.depositETH({ starkKey: alice.stark_key, quantizedAmount: 2 } as never);
    await paid(aliceEth, (ethDeposit as any).raw.transactionHash);
    const approval = await aliceSdk.erc20.approve({ tokenAddress: RDD20, amount: 100 } as never);
    await paid(aliceEth, (approval as any).hash);
    const rddDeposit = await aliceSdk.apis.depositERC20({ starkKey: alice.stark_key, quantizedAmount: 100, tokenAddress: RDD20 } as never);
    await paid(aliceEth, (rddDeposit as any).raw.transactionHash);
    expect(await l1Eth(alice)).toBe(l1Before.alice - 2n * ETHER);
    expect(BigInt(await rdd20.read('balanceOf', [aliceEth]))).toBe(l1Before.aliceRdd - 100n * ETHER);
    expect((await l2(alice, ETH_ASSET)).balance_available).toBe(l2Before.alice + 2_000_000);
    expect((await l2(alice, RDD20_ASSET)).balance_available).toBe(l2Before.aliceRdd + 100_000_000);

    // 2. A mint on L2 (ERC721M, token 4242, to bob), 3. bob lists it at 1 ETH, 4. alice buys it.
    expect(
      (await post('/v1/mints', { contract_address: DMINT, stark_key: bob.stark_key, token_ids: [Number(MINTED)] }, { 'x-api-key': apiKey }))
        .status,
    ).toBe('OK');
    const order = async (sdk: Reddio, who: Account, orderType: 'buy' | 'sell') =>
      (
        await sdk.apis.order(
          await sdk.utils.getOrderParams({
            keypair: { privateKey: who.private_key.replace(/^0x/, ''), publicKey: who.stark_key },
            amount: '1',
            price: '1',
            tokenAddress: DMINT,
            tokenId: Number(MINTED),
            tokenType: 'ERC721M',
            orderType,
          } as never),
        )
      ).data;
    const bobL2 = (await l2(bob, ETH_ASSET)).balance_available;
    const feeBefore = (await l2(operator, ETH_ASSET)).balance_available;
    expect((await order(bobSdk, bob, 'sell')).status).toBe('OK');
    expect((await order(aliceSdk, alice, 'buy')).status).toBe('OK');
    // The fee split: bob gets 0.995 ETH, the operator 0.005, alice pays 1.
    expect((await l2(bob, ETH_ASSET)).balance_available).toBe(bobL2 + 995_000);
    expect((await l2(operator, ETH_ASSET)).balance_available).toBe(feeBefore + 5_000);
    expect((await l2(alice, ETH_ASSET)).balance_available).toBe(l2Before.alice + 2_000_000 - 1_000_000);
    expect((await l2(alice, DMINT_ASSET)).balance_available).toBe(1);

    // 5. Withdrawals to L1: alice the minted token, bob his proceeds and REDDIO721 #4 (a genesis token); one batch takes them to L1.
    const l2Withdraw = async (sdk: Reddio, who: Account, args: object) =>
      (
        await sdk.apis.withdrawalFromL2({
          starkKey: who.stark_key,
          privateKey: who.private_key.replace(/^0x/, ''),
          receiver: who.eth_address,
          ...args,
        } as never)
      ).data.status;
    expect(await l2Withdraw(aliceSdk, alice, { type: 'ERC721M', contractAddress: DMINT, tokenId: Number(MINTED) })).toBe('OK');
    expect(await l2Withdraw(bobSdk, bob, { type: 'ETH', amount: '0.995' })).toBe('OK');
    expect(await l2Withdraw(bobSdk, bob, { type: 'ERC721', contractAddress: REDDIO721, tokenId: 4 })).toBe('OK');
    expect((await post('/_devnet/batches', { layer: 'both' })).l1.length).toBeGreaterThanOrEqual(3);

    // 6. The claims on L1: withdraw (ETH), withdrawNft (ERC721), withdrawAndMint (ERC721M).
    const claim = async (sdk: Reddio, from: string, args: object) => {
      const tx = await sdk.apis.withdrawalFromL1(args as never);
      await paid(from, (tx as any).hash);
    };
    await claim(bobSdk, bobEth, { ethAddress: bob.eth_address, type: 'ETH', assetType: ETH_ASSET });
    await claim(bobSdk, bobEth, {
      ethAddress: bob.eth_address,
      type: 'ERC721',
      assetType: `0x${assetType('ERC721', BigInt(REDDIO721), 1n).toString(16)}`,
      tokenId: 4,
    });
    await claim(aliceSdk, aliceEth, {
      ethAddress: alice.eth_address,
      type: 'ERC721M',
      assetType: `0x${assetType('ERC721M', BigInt(DMINT), 1n).toString(16)}`,
      tokenId: Number(MINTED),
    });
    expect(await l1Eth(bob)).toBe(l1Before.bob + 995n * 10n ** 15n);
    expect(await r721.read('ownerOf', [4n])).toBe(bobEth);
    expect(await dmint.read('ownerOf', [MINTED])).toBe(aliceEth);
    for (const who of [alice, bob])
      expect((await get(`/v1/withdrawal/status?stage=withdrawarea&ethaddress=${who.eth_address}`)).data).toEqual([]);

    // 7. bob deposits REDDIO721 #4 back from L1.
    await paid(bobEth, ((await bobSdk.erc721.approve({ tokenAddress: REDDIO721, tokenId: 4 } as never)) as any).hash);
    const nftDeposit = await bobSdk.apis.depositERC721({ starkKey: bob.stark_key, tokenAddress: REDDIO721, tokenId: 4 } as never);
    await paid(bobEth, (nftDeposit as any).raw.transactionHash);
    expect(await r721.read('ownerOf', [4n])).toBe(running.l1!.contract);
    expect((await l2(bob, R721_4)).balance_available).toBe(1);
    expect(await l1Eth(bob)).toBe(l1Before.bob + 995n * 10n ** 15n);
    expect((await get('/_devnet/invariants')).ok).toBe(true);
  }, 60_000);
});
