// L1 bridge benchmark (`npm run bench -- l1`, needs Anvil): what a deposit and a claim cost against
// an Anvil transfer of the same kind (ETH, ERC20, ERC721) plus one L2 command, in one run. A deposit
// is its L1 transaction and the next L2 request, which takes it into L2 (L1 accepts it later, with
// its batch: that cost is printed per deposit beside); a claim likewise. Goal: each at most 2x the transfer plus one L2 command. A report, not an assertion.
import { assetType } from '../../src/crypto/asset.js';
import type { Hex } from '../../src/l1/codec.js';
import { anvilUnavailable } from '../../src/l1/anvil.js';
import { loadL1Artifacts } from '../../src/l1/artifacts.js';
import { Contract } from '../../src/l1/contract.js';
import { EthRpc } from '../../src/l1/rpc.js';
import { startDevnet } from '../../src/server/server.js';
import { signedWithdrawalBody } from '../../src/testing.js';

const RDD20 = '0x57f3560b6793dcc2cb274c39e8b8eba1dd18a086' as Hex;
const REDDIO721 = '0x941661bd1134dc7cc3d107bf006b8631f6e65ad5' as Hex;
const ETH_TYPE = assetType('ETH', undefined, 10n ** 12n);
const RDD20_TYPE = assetType('ERC20', BigInt(RDD20), 10n ** 12n);
const R721_TYPE = assetType('ERC721', BigInt(REDDIO721), 1n);

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Rounds run before the timed ones (the first of a kind is slower: JIT, Anvil's caches). */
const WARM = 3;

/**
 * Runs the named steps in turn, round after round (WARM untimed rounds first), so that a drift in the
 * machine's speed falls on every step alike; the median ms of each. A step gets the round's index.
 */
async function rounds<K extends string>(n: number, steps: Record<K, (i: number) => Promise<unknown>>): Promise<Record<K, number>> {
  const ms = Object.fromEntries(Object.keys(steps).map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let i = 0; i < n + WARM; i++)
    for (const [k, step] of Object.entries(steps) as [K, (i: number) => Promise<unknown>][]) {
      const t = performance.now();
      await step(i);
      if (i >= WARM) ms[k].push(performance.now() - t);
    }
  return Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, median(v as number[])])) as Record<K, number>;
}

export async function runL1(options: { runs?: number } = {}): Promise<void> {
  const why = anvilUnavailable();
  if (why !== undefined) {
    console.log(`l1: skipped, Anvil cannot run here (${why})`);
    return;
  }
  const n = options.runs ?? 15;
  const m = n + WARM;
  const running = await startDevnet({ port: 0, l1: 'anvil', signatures: 'skip' });
  try {
    const rpc = new EthRpc(running.l1!.url);
    const { contracts } = loadL1Artifacts();
    const starkEx = new Contract(rpc, contracts.StarkExDevnet.abi, running.l1!.contract as Hex);
    const rdd20 = new Contract(rpc, contracts.DevnetERC20.abi, RDD20);
    const r721 = new Contract(rpc, contracts.DevnetERC721.abi, REDDIO721);
    const json = async (path: string, body?: unknown): Promise<any> =>
      (
        await fetch(
          running.url + path,
          body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        )
      ).json();
    const { accounts } = await json('/_devnet/accounts');
    const [alice, bob] = accounts as { stark_key: string; private_key: string; eth_address: string }[];
    const from = alice!.eth_address.toLowerCase() as Hex;
    const to = bob!.eth_address.toLowerCase() as Hex;
    const key = BigInt(alice!.stark_key);
    const operator = (await rpc.accounts())[0]!;
    const l2 = () => json(`/v1/balance?stark_key=${alice!.stark_key}&asset_id=0x${ETH_TYPE.toString(16)}`);
    // Tokens and allowances for every round, made before the clock runs.
    const tokens = 700_000n;
    for (let i = 0n; i < BigInt(3 * m); i++) await r721.write(operator, 'mint', [from, tokens + i]);
    await r721.write(from, 'setApprovalForAll', [starkEx.address, true]);
    await rdd20.write(from, 'approve', [starkEx.address, 10n ** 30n]);

    // Each round: one L2 command, one Anvil transfer of each kind, one deposit of each kind.
    const l2Command = () => json('/_devnet/deposit', { stark_key: alice!.stark_key, contract_address: 'eth', amount: '1' });
    const transfers = {
      transferETH: () => rpc.send({ from, to, value: 10n ** 12n }),
      transferERC20: () => rdd20.write(from, 'transfer', [to, 10n ** 12n]),
    };
    const first = await rounds(n, {
      l2Command,
      ...transfers,
      transferERC721: (i) => r721.write(from, 'transferFrom', [from, to, tokens + BigInt(i)]),
      depositETH: async () => {
        await starkEx.write(from, 'depositEth', [key, ETH_TYPE, 1n], 10n ** 12n);
        await l2();
      },
      depositERC20: async () => {
        await starkEx.write(from, 'depositERC20', [key, RDD20_TYPE, 1n, 1n]);
        await l2();
      },
      depositERC721: async (i) => {
        await starkEx.write(from, 'depositNft', [key, R721_TYPE, 1n, tokens + BigInt(m + i)]);
        await l2();
      },
    });
    // The deposits' acceptance on L1 comes with the batch that brings their records to L1, not with the
    // request that takes them: its cost per deposit, printed beside the ratios.
    const cut = performance.now();
    await json('/_devnet/batches', { layer: 'both' });
    const acceptEach = (performance.now() - cut) / (3 * m);
    // Claims: one credited withdrawal per round (ETH and ERC20 to distinct owners, the deposited NFTs), one batch.
    const owner = (kind: number, i: number) => `0x${(0xb0000 + kind * 0x1000 + i).toString(16).padStart(40, '0')}` as Hex;
    const assets: [string, number, (i: number) => string][] = [
      ['ETH', 0, () => `0x${ETH_TYPE.toString(16)}`],
      ['ERC20', 1, () => `0x${RDD20_TYPE.toString(16)}`],
    ];
    let nonce = (await json(`/v1/nonce?stark_key=${alice!.stark_key}`)).data.nonce as number;
    const withdraw = async (assetId: string, amount: bigint, receiver: string) => {
      const vaults = (await json(`/v1/vaults?stark_keys=${alice!.stark_key},${receiver}&asset_id=${assetId}`)).data.vault_ids;
      const body = signedWithdrawalBody({
        starkKey: alice!.stark_key,
        privateKey: undefined,
        assetId,
        amount,
        nonce: BigInt(nonce++),
        vaultId: vaults[0],
        receiver,
        receiverVaultId: vaults[1],
      });
      const r = await json('/v1/withdrawalto', body);
      if (r.status !== 'OK') throw new Error(`withdrawal refused: ${JSON.stringify(r)}`);
    };
    for (const [, kind, id] of assets) for (let i = 0; i < m; i++) await withdraw(id(i), 1n, owner(kind, i));
    const nftIds: string[] = [];
    for (let i = 0; i < m; i++) {
      const id = (await json(`/v1/assetid?type=ERC721&contract_address=${REDDIO721}&token_id=${tokens + BigInt(m + i)}`)).data.asset_id;
      nftIds.push(id);
      await withdraw(id, 1n, from);
    }
    await json('/_devnet/batches', { layer: 'both' });
    // Each round: one L2 command, one Anvil transfer of each kind, one claim of each kind.
    const then = await rounds(n, {
      l2Command,
      ...transfers,
      transferERC721: (i) => r721.write(from, 'transferFrom', [from, to, tokens + BigInt(2 * m + i)]),
      claimETH: async (i) => {
        await starkEx.write(from, 'withdraw', [BigInt(owner(0, i)), ETH_TYPE]);
        await l2();
      },
      claimERC20: async (i) => {
        await starkEx.write(from, 'withdraw', [BigInt(owner(1, i)), RDD20_TYPE]);
        await l2();
      },
      claimERC721: async (i) => {
        await starkEx.write(from, 'withdrawNft', [BigInt(from), R721_TYPE, tokens + BigInt(m + i)]);
        await l2();
      },
    });
    const left = (await json(`/v1/withdrawal/status?stage=withdrawarea&ethaddress=${from}`)).data.length;
    if (left !== 0) throw new Error(`${left} NFT withdrawals were not taken as claimed into L2`);

    console.log(`l1 (median of ${n} interleaved rounds, ms; goal: each at most 2x the Anvil transfer of its kind + one L2 command)`);
    console.log(`  (each deposit's acceptance, in the batch that brings its record to L1: ${acceptEach.toFixed(2)} ms)`);
    for (const [what, t] of [
      ['deposit', first as Record<string, number>],
      ['claim', then as Record<string, number>],
    ] as const) {
      for (const kind of ['ETH', 'ERC20', 'ERC721'] as const) {
        const own = t[`${what}${kind}`]!;
        const transfer = t[`transfer${kind}`]!;
        const ratio = own / (2 * transfer + t.l2Command!);
        console.log(
          `  ${what} ${kind.padEnd(6)} ${own.toFixed(2).padStart(7)}  transfer ${transfer.toFixed(2).padStart(6)}  L2 command ${t.l2Command!.toFixed(2).padStart(6)}  ratio to budget ${ratio.toFixed(2)} ${ratio <= 1 ? 'ok' : 'MISSED'}`,
        );
      }
    }
  } finally {
    await running.close();
  }
}
