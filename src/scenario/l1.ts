// The scenario's L1 steps (`l1_deposit`, `l1_claim`) and `expect.l1_balances`: transactions sent on
// the L1 node (`scenario --l1`) from a genesis account's Ethereum address, which the emulator's
// bridge funded and unlocked there (docs/l1.md). The emulator reads them at its next request.
import { assetType, customUriBlob, minimalBigEndianBytes } from '../crypto/asset.js';
import type { Hex } from '../l1/codec.js';
import { loadL1Artifacts } from '../l1/artifacts.js';
import { Contract } from '../l1/contract.js';
import { EthRpc, type Receipt } from '../l1/rpc.js';
import { type Actor, type AssetRef, type Context, ScenarioError, isNft, must } from './context.js';
import type { Reply } from './target.js';
import { parseDecimal, toQuantized } from './units.js';

type With = Record<string, unknown>;

/** The node and the contracts, found once per scenario run. */
interface L1 {
  rpc: EthRpc;
  starkEx: Contract;
  token(a: AssetRef): Contract;
  /** Wei each address paid for the gas of the scenario's own L1 transactions (added back when checking ETH). */
  gas: Map<string, bigint>;
}

const l1s = new WeakMap<Context, L1>();

async function l1Of(ctx: Context): Promise<L1> {
  let l1 = l1s.get(ctx);
  if (l1 !== undefined) return l1;
  if (ctx.l1Url === undefined) throw new ScenarioError('L1 steps need the L1 node: run with --l1 anvil, or --url with --l1 URL');
  const rpc = new EthRpc(ctx.l1Url);
  const { contracts } = loadL1Artifacts();
  const at = await must<{ testnet: Hex }>(ctx.target, '/v1/starkex/contracts');
  l1 = {
    rpc,
    starkEx: new Contract(rpc, contracts.StarkExDevnet.abi, at.testnet),
    token: (a) =>
      new Contract(rpc, (a.contract.type === 'ERC20' ? contracts.DevnetERC20 : contracts.DevnetERC721).abi, a.contract.address as Hex),
    gas: new Map(),
  };
  l1s.set(ctx, l1);
  return l1;
}

/** The asset type an asset moves under on L1: NFTs are deposited as plain ERC721 and minted back under their own type. */
function typeOf(a: AssetRef, mintable = false): bigint {
  if (!isNft(a.contract)) return BigInt(a.contract.assetType);
  return mintable && a.contract.type !== 'ERC721' ? BigInt(a.contract.assetType) : assetType('ERC721', BigInt(a.contract.address), 1n);
}

/** Sends from `from` and books its gas. */
async function send(l1: L1, from: Hex, contract: Contract, name: string, args: Parameters<Contract['write']>[2], value?: bigint) {
  const { receipt } = await contract.write(from, name, args, value);
  const paid = BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice ?? '0x0');
  l1.gas.set(from, (l1.gas.get(from) ?? 0n) + paid);
  return receipt;
}

const reply = (receipt: Receipt): Reply => {
  const result = { transaction_hash: receipt.transactionHash, block_number: Number(BigInt(receipt.blockNumber)) };
  return { http: 200, ok: true, body: result, result, text: JSON.stringify(result) };
};

/** `l1_deposit` as the SDK's depositETH/depositERC20/depositERC721 send it; `l1_claim` as its withdrawalFromL1. */
export async function l1Step(ctx: Context, call: 'l1_deposit' | 'l1_claim', as: Actor, w: With): Promise<Reply> {
  const l1 = await l1Of(ctx);
  const from = as.eth_address.toLowerCase() as Hex;
  const asset = await ctx.asset(w.asset, `${call}: with.asset`);
  if (call === 'l1_claim') {
    const owner = BigInt(ctx.receiver(w.to ?? as.name, true, 'l1_claim: with.to'));
    if (!isNft(asset.contract)) return reply(await send(l1, from, l1.starkEx, 'withdraw', [owner, typeOf(asset)]));
    const id = asset.tokenId!;
    if (asset.contract.type === 'ERC721') return reply(await send(l1, from, l1.starkEx, 'withdrawNft', [owner, typeOf(asset), id]));
    if (asset.contract.type === 'ERC721MC' && typeof w.token_url !== 'string')
      throw new ScenarioError('l1_claim: an ERC721MC token needs with.token_url (its minting blob carries it)');
    const blob = asset.contract.type === 'ERC721M' ? minimalBigEndianBytes(id) : customUriBlob(id, w.token_url as string);
    return reply(await send(l1, from, l1.starkEx, 'withdrawAndMint', [owner, typeOf(asset, true), blob]));
  }
  const starkKey = ctx.receiver(w.to ?? as.name, false, 'l1_deposit: with.to');
  const key = BigInt(starkKey);
  const vaults = await must<{ vault_ids: string[] }>(ctx.target, `/v1/vaults?stark_keys=${starkKey}&asset_id=${await ctx.assetId(asset)}`);
  const vault = BigInt(vaults.vault_ids[0]!);
  if (asset.contract.type === 'ETH') {
    const wei = toQuantized(w.amount, asset.contract, 'l1_deposit: with.amount') * asset.contract.quantum;
    return reply(await send(l1, from, l1.starkEx, 'depositEth', [key, typeOf(asset), vault], wei));
  }
  const token = l1.token(asset);
  if (asset.contract.type === 'ERC20') {
    const quantized = toQuantized(w.amount, asset.contract, 'l1_deposit: with.amount');
    await send(l1, from, token, 'approve', [l1.starkEx.address, quantized * asset.contract.quantum]);
    return reply(await send(l1, from, l1.starkEx, 'depositERC20', [key, typeOf(asset), vault, quantized]));
  }
  const id = asset.tokenId!;
  await send(l1, from, token, 'approve', [l1.starkEx.address, id]);
  return reply(await send(l1, from, l1.starkEx, 'depositNft', [key, typeOf(asset), vault, id]));
}

/** `expect.l1_balances`: account -> asset -> display amount on L1 (ETH before the gas of the scenario's own transactions; an NFT 1 or 0). */
export async function l1BalanceMismatches(ctx: Context, expected: Record<string, Record<string, string>>): Promise<string[]> {
  const l1 = await l1Of(ctx);
  const out: string[] = [];
  for (const [name, assets] of Object.entries(expected)) {
    const address = ctx.actor(name, 'l1_balances').eth_address.toLowerCase() as Hex;
    for (const [ref, want] of Object.entries(assets)) {
      const asset = await ctx.asset(ref, `l1_balances.${name}`);
      const c = asset.contract;
      let have: bigint;
      let wanted: bigint;
      if (isNft(c)) {
        const owner = await l1
          .token(asset)
          .read('ownerOf', [asset.tokenId!])
          .catch(() => '');
        have = owner === address ? 1n : 0n;
        wanted = BigInt(want);
      } else {
        have =
          c.type === 'ETH'
            ? (await l1.rpc.getBalance(address)) + (l1.gas.get(address) ?? 0n)
            : BigInt(await l1.token(asset).read('balanceOf', [address]));
        const { digits, scale } = parseDecimal(want, `l1_balances.${name}.${ref}`);
        wanted = scale > c.decimals ? -1n : digits * 10n ** BigInt(c.decimals - scale);
      }
      if (have !== wanted) out.push(`l1_balances.${name}.${ref}: expected ${want}, got ${have} base units (${c.decimals} decimals)`);
    }
  }
  return out;
}
