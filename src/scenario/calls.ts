// High-level calls -> requests: each looks up what the SDK would (vaults, nonce, order info) and signs as the actor.
import { signedCancelBody, signedOrderBody, signedTransferBody, signedWithdrawalBody } from './signing.js';
import { type Context, ScenarioError, isNft, must, type Actor, type AssetRef } from './context.js';
import type { Outgoing } from './target.js';
import { parseDecimal, toQuantized } from './units.js';

/** The request of a call, and whose record its `sequence_id` is (for `expect.record`). */
export interface Prepared {
  out: Outgoing;
  owner?: string | undefined;
}

type With = Record<string, unknown>;
type Builder = (ctx: Context, as: Actor | undefined, w: With) => Promise<Prepared>;

const post = (path: string, body: unknown, headers?: Record<string, string>): Outgoing => ({
  method: 'POST',
  path,
  body,
  ...(headers ? { headers } : {}),
});

function need(as: Actor | undefined, call: string): Actor {
  if (!as) throw new ScenarioError(`call "${call}" needs "as": the account that signs it`);
  return as;
}

/** The account that signs as `who`: `with.sign_as` (a forged signature), else `who`. */
const signerOf = (ctx: Context, who: Actor, w: With, call: string): Actor =>
  w.sign_as === undefined ? who : ctx.actor(w.sign_as, `${call}: with.sign_as`);

function str(w: With, key: string, call: string): string {
  const v = w[key];
  if (v === undefined || v === null || v === '') throw new ScenarioError(`${call}: with.${key} is required`);
  return String(v);
}

async function nonceOf(ctx: Context, starkKey: string, w: With): Promise<bigint> {
  if (w.nonce !== undefined) return BigInt(String(w.nonce));
  return BigInt((await must<{ nonce: number }>(ctx.target, `/v1/nonce?stark_key=${starkKey}`)).nonce);
}

/** Fungible amounts in display units; an NFT moves whole (amount 1). */
function quantity(asset: AssetRef, w: With, call: string): bigint {
  if (isNft(asset.contract)) return w.amount === undefined ? 1n : BigInt(String(w.amount));
  return toQuantized(str(w, 'amount', call), asset.contract, `${call}: with.amount`);
}

/** A signed transfer (`l1`: withdrawal) body from `from`, signed by `signer`; `at` names its fields in errors. */
async function signedMove(ctx: Context, from: Actor, signer: Actor, w: With, at: string, l1 = false, nonce?: bigint) {
  const asset = await ctx.asset(w.asset, `${at}.asset`);
  const assetId = await ctx.assetId(asset);
  const receiver = ctx.receiver(w.to, l1, `${at}.to`);
  const vaults = await must<{ vault_ids: string[] }>(ctx.target, `/v1/vaults?stark_keys=${from.stark_key},${receiver}&asset_id=${assetId}`);
  const body = (l1 ? signedWithdrawalBody : signedTransferBody)({
    starkKey: from.stark_key,
    privateKey: ctx.keyOf(signer),
    assetId,
    amount: quantity(asset, w, at.replace(/: with$/, '')),
    nonce: nonce ?? (await nonceOf(ctx, from.stark_key, w)),
    vaultId: vaults.vault_ids[0]!,
    receiver,
    receiverVaultId: vaults.vault_ids[1]!,
  });
  return { body, display: isNft(asset.contract) ? '1' : String(w.amount) };
}

function signMove(l1: boolean): Builder {
  const call = l1 ? 'withdraw' : 'transfer';
  return async (ctx, as, w) => {
    const from = need(as, call);
    const { body } = await signedMove(ctx, from, signerOf(ctx, from, w, call), w, `${call}: with`, l1);
    return { out: post(l1 ? '/v1/withdrawalto' : '/v1/transfers', body), owner: from.stark_key };
  };
}

/** `TYPE:ADDRESS[:TOKEN_ID]` as /v1/order/info takes it. */
const contractParam = (a: AssetRef): string =>
  a.contract.type === 'ETH' ? 'ETH:ETH' : `${a.contract.type}:${a.contract.address}${a.tokenId === undefined ? '' : `:${a.tokenId}`}`;

/** An order as the JS SDK places one: price in base display units per whole quote token. */
function signOrder(direction: 0 | 1): Builder {
  const call = direction === 0 ? 'sell' : 'buy';
  return async (ctx, as, w) => {
    const who = need(as, call);
    const quote = await ctx.asset(w.asset, `${call}: with.asset`);
    const base = await ctx.asset(w.currency ?? 'ETH', `${call}: with.currency`);
    const price = parseDecimal(str(w, 'price', call), `${call}: with.price`);
    const info = await must<{ base_token: string; asset_ids: string[]; vault_ids: string[]; nonce: number }>(
      ctx.target,
      `/v1/order/info?stark_key=${who.stark_key}&contract1=${contractParam(base)}&contract2=${contractParam(quote)}`,
    );
    const quoteAmount = quantity(quote, w, call);
    // Base display = quote display x price; it must come to whole base quanta.
    const quoteDisplay = parseDecimal(isNft(quote.contract) ? quoteAmount.toString() : String(w.amount), `${call}: with.amount`);
    const num = quoteDisplay.digits * price.digits * 10n ** BigInt(base.contract.decimals);
    const den = 10n ** BigInt(quoteDisplay.scale + price.scale) * base.contract.quantum;
    if (num % den !== 0n) throw new ScenarioError(`${call}: amount x price is not a whole number of ${base.contract.symbol} quanta`);
    const baseAmount = num / den;
    const body = signedOrderBody({
      starkKey: who.stark_key,
      privateKey: ctx.keyOf(signerOf(ctx, who, w, call)),
      direction,
      baseToken: info.base_token,
      quoteToken: info.asset_ids[1]!,
      quoteAmount,
      baseAmount,
      // NFT orders carry quantized base units; fungible markets the display price.
      price: isNft(quote.contract) ? baseAmount.toString() : str(w, 'price', call),
      baseVault: info.vault_ids[0]!,
      quoteVault: info.vault_ids[1]!,
      nonce: w.nonce === undefined ? info.nonce : BigInt(String(w.nonce)),
      feeLimit: w.fee_limit === undefined ? undefined : Number(w.fee_limit),
      marketplaceUuid: w.marketplace === undefined ? undefined : String(w.marketplace),
      timeInForce: w.time_in_force === undefined ? undefined : (String(w.time_in_force) as 'GTC' | 'IOC' | 'FOK'),
    });
    return { out: post('/v1/order', body), owner: who.stark_key };
  };
}

const apiKey = (ctx: Context, w: With) => ({ 'x-api-key': String(w.api_key ?? ctx.apiKeys[0]) });

function transferList(w: With, call: string): With[] {
  if (!Array.isArray(w.transfers) || w.transfers.length === 0)
    throw new ScenarioError(`${call}: with.transfers must be a non-empty list of {to, asset, amount}`);
  return w.transfers as With[];
}

/** The L1 calls are not requests to the emulator: src/scenario/l1.ts sends them. */
const BUILDERS = {
  async deposit(ctx, as, w) {
    const to = w.to === undefined ? need(as, 'deposit').stark_key : ctx.receiver(w.to, false, 'deposit: with.to');
    const asset = await ctx.asset(w.asset, 'deposit: with.asset');
    const contract_address = asset.contract.type === 'ETH' ? 'eth' : asset.contract.address;
    const amount =
      asset.tokenId === undefined
        ? { amount: toQuantized(str(w, 'amount', 'deposit'), asset.contract, 'deposit: with.amount').toString() }
        : { token_id: asset.tokenId.toString() };
    return { out: post('/_devnet/deposit', { stark_key: to, contract_address, ...amount }), owner: to };
  },
  transfer: signMove(false),
  withdraw: signMove(true),
  /** Java's batch transfer: one sender (`as`), items sharing its nonce, amounts in display units. */
  async batch_transfer(ctx, as, w) {
    const from = need(as, 'batch_transfer');
    const nonce = await nonceOf(ctx, from.stark_key, w);
    const items = [];
    for (const [i, item] of transferList(w, 'batch_transfer').entries()) {
      const { body, display } = await signedMove(ctx, from, from, item, `batch_transfer: with.transfers[${i}]`, false, nonce);
      items.push({ ...body, amount: display });
    }
    const outer = { r: '0x1', s: '0x1', stark_key: from.stark_key };
    return {
      out: post('/v1/batchtransfer', {
        transfers: items,
        stark_key: from.stark_key,
        nonce: Number(nonce),
        signature: outer,
        base_token_transfer_seq_id: null,
      }),
      owner: from.stark_key,
    };
  },
  /** Java's multi transfer: each item signed by its own sender (`from`, default `as`); the outer signature is the first's. */
  async multi_transfer(ctx, as, w) {
    const items = [];
    const next = new Map<string, bigint>();
    for (const [i, item] of transferList(w, 'multi_transfer').entries()) {
      const at = `multi_transfer: with.transfers[${i}]`;
      const from = item.from === undefined ? need(as, 'multi_transfer') : ctx.actor(item.from, `${at}.from`);
      const nonce = next.get(from.stark_key) ?? (await nonceOf(ctx, from.stark_key, item));
      next.set(from.stark_key, nonce + 1n);
      items.push((await signedMove(ctx, from, from, item, at, false, nonce)).body);
    }
    return { out: post('/v1/multitransfer', { transfers: items, signature: items[0]!.signature }) };
  },
  sell: signOrder(0),
  buy: signOrder(1),
  async cancel(ctx, as, w) {
    const who = need(as, 'cancel');
    const id = str(w, 'order', 'cancel');
    return {
      out: post(`/v1/orders/${id}/cancel`, signedCancelBody(who.stark_key, ctx.keyOf(signerOf(ctx, who, w, 'cancel')), BigInt(id))),
    };
  },
  async mint(ctx, as, w) {
    const to = w.to === undefined ? need(as, 'mint').stark_key : ctx.receiver(w.to, false, 'mint: with.to');
    const contract = await ctx.contract(str(w, 'contract', 'mint'), 'mint: with.contract');
    const count = w.token_ids !== undefined ? { token_ids: w.token_ids } : { amount: Number(w.amount ?? 1) };
    const url = w.token_url !== undefined ? { token_url: String(w.token_url) } : {};
    return { out: post('/v1/mints', { contract_address: contract.address, stark_key: to, ...count, ...url }, apiKey(ctx, w)), owner: to };
  },
  async marketplace(ctx, _as, w) {
    let project = w.project;
    if (project === undefined) {
      project = (await must<{ project_uuid: string }[]>(ctx.target, '/v1/project', apiKey(ctx, w)))[0]?.project_uuid;
    }
    const body = {
      marketplace_name: w.name ?? 'Scenario market',
      marketplace_payee_address: ctx.receiver(w.payee, false, 'marketplace: with.payee'),
      marketplace_fee: str(w, 'fee', 'marketplace'),
      project_uuid: project,
    };
    return { out: post('/v1/marketplace', body, apiKey(ctx, w)) };
  },
  batch: async (_ctx, _as, w) => ({ out: post('/_devnet/batches', { layer: w.layer ?? 'both' }) }),
  clock: async (_ctx, _as, w) => ({ out: post('/_devnet/clock', w) }),
  snapshot: async () => ({ out: post('/_devnet/snapshots', {}) }),
  revert: async (_ctx, _as, w) => ({ out: post(`/_devnet/snapshots/${str(w, 'id', 'revert')}/revert`, {}) }),
  reset: async () => ({ out: post('/_devnet/reset', {}) }),
  record_status: async (_ctx, _as, w) => ({
    out: post(`/_devnet/records/${str(w, 'sequence_id', 'record_status')}/status`, { status: w.status }),
  }),
  async claim(ctx, as, w) {
    const asset = await ctx.asset(w.asset, 'claim: with.asset');
    const ethaddress = ctx.receiver(w.to ?? need(as, 'claim').name, true, 'claim: with.to');
    return { out: post('/_devnet/withdrawals/claim', { ethaddress, asset_id: await ctx.assetId(asset) }) };
  },
} satisfies Record<string, Builder>;

/** The calls that are requests to the emulator (format.ts's CallName adds the L1 ones). */
export type RequestCallName = keyof typeof BUILDERS;
const CALLS = [...Object.keys(BUILDERS), 'l1_deposit', 'l1_claim'];

export async function prepareCall(ctx: Context, call: string, as: Actor | undefined, w: With): Promise<Prepared> {
  if (!Object.hasOwn(BUILDERS, call)) throw new ScenarioError(`unknown call ${JSON.stringify(call)} (calls: ${CALLS.join(', ')})`);
  return BUILDERS[call as RequestCallName](ctx, as, w);
}
