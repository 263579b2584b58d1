// Every route of the API with a VALID base request, the fields a mutation may touch, and the valid flows and
// domain refusals interleaved with the malformed requests. Hard-coded from the README and the route files as
// they were when this was written: nothing is read from the build under test (not even /openapi.json).
import { clone, draft } from './draft.js';
import type { Draft } from './draft.js';
import type { FieldDef, Kind, Loc } from './mutate.js';
import { DMINT, R721, RDD20 } from './context.js';
import type { Account, Ctx, Resp } from './context.js';
import type { Rng } from './prng.js';

const f = (loc: Loc) => (name: string, kind: Kind): FieldDef => ({ name, loc, kind });
const q = f('query');
const b = f('body');
const p = f('path');

export interface Base {
  d: Draft;
  /** Who signed it (orders: the owner, for cancels later). */
  signer?: Account | undefined;
}

export interface RouteDef {
  id: string;
  weight: number;
  auth?: boolean;
  fields: FieldDef[];
  base(ctx: Ctx, rng: Rng): Promise<Base>;
  /** Route-specific malformations (multipart framing, state documents, gateway paths); false when not applicable. */
  extra?: (d: Draft, rng: Rng) => boolean;
  /** Taken after the mutated request (e.g. removing a fault it may have added). */
  after?: (ctx: Ctx, r: Resp, d: Draft) => Promise<void>;
  /** Wrapped in snapshot + revert: a malformed clock move must not leave the clock at 9999. */
  wrap?: boolean;
}

const PRICES: ReadonlyArray<readonly [string, bigint]> = [['0.5', 500000n], ['0.25', 250000n], ['0.75', 750000n], ['0.1', 100000n], ['0.6', 600000n], ['0.05', 50000n]];
const MILLION = 1000000n;

// ---------- signed bodies ----------

export interface MoveOptions {
  from?: Account;
  signer?: Account;
  asset?: 'eth' | 'rdd';
  assetId?: string;
  amount?: bigint;
  to?: string;
  expiration?: number;
  vaultOverride?: string;
  nonce?: number;
}

/** A signed transfer or withdrawal, laid out as the SDKs send it: vaults and nonce looked up first. */
export async function signedMove(ctx: Ctx, rng: Rng, kind: 'transfer' | 'withdraw', o: MoveOptions = {}): Promise<{ body: Record<string, unknown>; signer: Account }> {
  const from = o.from ?? ctx.acct(rng);
  const asset = o.asset ?? (rng.chance(0.7) || from.name === 'carol' ? 'eth' : 'rdd');
  const assetId = o.assetId ?? (asset === 'eth' ? ctx.eth : ctx.rdd);
  const to = o.to ?? (kind === 'transfer' ? ctx.other(rng, from).stark_key : rng.chance(0.8) ? from.eth_address : ctx.other(rng, from).eth_address);
  const [vault, receiverVault] = await ctx.vaults([from.stark_key, to], assetId);
  const nonce = o.nonce ?? (await ctx.nonce(from.stark_key));
  const fields = {
    starkKey: from.stark_key,
    privateKey: (o.signer ?? from).private_key,
    assetId,
    amount: o.amount ?? BigInt(rng.range(1, 2000)),
    nonce,
    vaultId: o.vaultOverride ?? vault ?? '0',
    receiver: to,
    receiverVaultId: receiverVault ?? '0',
    ...(o.expiration !== undefined ? { expirationTimestamp: o.expiration } : {}),
  };
  const body = kind === 'transfer' ? ctx.sign.signedTransferBody(fields) : ctx.sign.signedWithdrawalBody(fields);
  if (o.assetId === undefined && rng.chance(0.3)) body.contract_address = asset === 'eth' ? 'eth' : RDD20;
  return { body, signer: from };
}

export interface OrderOptions {
  who?: Account;
  signer?: Account;
  direction?: 0 | 1;
  market?: 'rdd' | 'nft';
  tokenId?: string;
  nftContract?: string;
  price?: readonly [string, bigint];
  lots?: bigint;
  baseAmount?: bigint;
  marketplace?: string;
  feeLimit?: number;
  nonce?: number;
  expiration?: number;
}

/** A signed limit order: GET /v1/order/info for vaults, ids and nonce, then signedOrderBody. */
export async function signedOrder(ctx: Ctx, rng: Rng, o: OrderOptions = {}): Promise<{ body: Record<string, unknown>; signer: Account }> {
  const market = o.market ?? 'rdd';
  const direction = o.direction ?? (rng.chance(0.5) ? 0 : 1);
  const who = o.who ?? (direction === 0 && market === 'rdd' ? rng.pick(ctx.traders().slice(0, 2)) : ctx.acct(rng));
  let contract2: string;
  let quoteAmount: bigint;
  let baseAmount: bigint;
  let price: string;
  if (market === 'nft') {
    const token = o.tokenId ?? '1';
    contract2 = `ERC721M:${o.nftContract ?? DMINT}:${token}`;
    quoteAmount = 1n;
    baseAmount = o.baseAmount ?? 1000n;
    price = baseAmount.toString();
  } else {
    const [text, micros] = o.price ?? rng.pick(PRICES);
    const lots = o.lots ?? BigInt(rng.range(1, 3));
    contract2 = `ERC20:${RDD20}`;
    quoteAmount = lots * MILLION;
    baseAmount = o.baseAmount ?? lots * micros;
    price = text;
  }
  const info = await ctx.orderInfo(who.stark_key, contract2);
  const assetIds: string[] = Array.isArray(info.asset_ids) ? info.asset_ids : [ctx.eth, ctx.rdd];
  const vaultIds: string[] = Array.isArray(info.vault_ids) ? info.vault_ids.map(String) : ['0', '0'];
  const body = ctx.sign.signedOrderBody({
    starkKey: who.stark_key,
    privateKey: (o.signer ?? who).private_key,
    direction,
    baseToken: typeof info.base_token === 'string' ? info.base_token : ctx.eth,
    quoteToken: assetIds[1] ?? ctx.rdd,
    quoteAmount,
    baseAmount,
    price,
    baseVault: vaultIds[0] ?? '0',
    quoteVault: vaultIds[1] ?? '0',
    nonce: o.nonce ?? (typeof info.nonce === 'number' ? info.nonce : 0),
    ...(o.feeLimit !== undefined ? { feeLimit: o.feeLimit } : {}),
    ...(o.marketplace !== undefined ? { marketplaceUuid: o.marketplace } : {}),
    ...(o.expiration !== undefined ? { expirationTimestamp: o.expiration } : {}),
  });
  return { body, signer: who };
}

/**
 * The signed base of a mutation step: signed by one of the funded wallets (four times in five) or a genesis trader,
 * cached per route and signer, and re-signed when the signer's nonce may have moved on (and now and then anyway).
 * A stale nonce would stop every mutated copy at the nonce check (13/24), before vaults, expiry and signature.
 */
async function cachedBase(ctx: Ctx, rng: Rng, route: string, make: (signer: Account) => Promise<{ body: Record<string, unknown>; signer: Account }>): Promise<{ body: Record<string, unknown>; signer: Account }> {
  if (ctx.needsFunding) await fund(ctx);
  const signer = ctx.signers.length && rng.chance(0.8) ? rng.pick(ctx.signers) : ctx.acct(rng);
  const key = `${route}:${signer.stark_key}`;
  const known = ctx.bases.get(key);
  if (known && known.epoch === ctx.epoch(signer.stark_key) && !rng.chance(0.1)) return known;
  const made = await make(signer);
  const entry = { ...made, epoch: ctx.epoch(signer.stark_key) };
  ctx.bases.set(key, entry);
  return entry;
}

/** Deposits ETH and RDD20 to the mutation signers (at setup, and again after a reset or a state load). */
async function fund(ctx: Ctx): Promise<void> {
  ctx.needsFunding = false;
  for (const s of ctx.signers) {
    await ctx.call('POST /_devnet/deposit', { body: { stark_key: s.stark_key, contract_address: 'eth', amount: '1000000000' }, label: 'setup' });
    await ctx.call('POST /_devnet/deposit', { body: { stark_key: s.stark_key, contract_address: RDD20, amount: '1000000000000' }, label: 'setup' });
  }
}

/** An open order to cancel: one we placed, or a fresh resting BID by carol. */
async function openOrder(ctx: Ctx, rng: Rng): Promise<{ id: number; owner: Account }> {
  if (ctx.openOrders.length && rng.chance(0.8)) return rng.pick(ctx.openOrders);
  const { body, signer } = await signedOrder(ctx, rng, { who: ctx.traders()[2], direction: 1, price: ['0.01', 10000n], lots: 1n });
  const r = await ctx.send(ctx.build('POST /v1/order', { body, label: 'setup' }), signer);
  const id = typeof r.json?.data?.sequence_id === 'number' ? (r.json.data.sequence_id as number) : 1;
  return { id, owner: signer };
}

// ---------- route-specific malformations ----------

function multipartExtra(d: Draft, rng: Rng): boolean {
  const body = d.body;
  if (body?.kind !== 'multipart') return false;
  const file = body.parts.find((x) => x.name === 'file') ?? body.parts[0];
  const r = rng.int(17);
  const names = ['no-parts', 'part-name', 'filename', 'empty-file', 'car-type', 'no-closing', 'boundary-mismatch', 'no-boundary', 'quoted-boundary', 'lf-only', 'two-files', 'field-first', 'binary', 'declared-413', 'preamble', 'long-boundary', 'truncated'];
  switch (r) {
    case 0: body.parts = []; break;
    case 1: if (file) file.name = rng.pick(['files', 'FILE', '', undefined, 'file ', 'file[]']); break;
    case 2: if (file) file.filename = rng.pick([undefined, '', '../x.txt', 'a/b.txt', 'x'.repeat(1000) + '.txt', '日本.txt', 'x.car', 'x.CAR', '.', 'a"b.txt', 'a%2Fb.txt', ' .txt', 'no-extension']); break;
    case 3: if (file) file.content = ''; break;
    case 4: if (file) file.type = rng.pick(['application/vnd.ipld.car', 'application/json', '', 'text/html']); break;
    case 5: body.close = false; break;
    case 6: d.ct = 'multipart/form-data; boundary=other'; break;
    case 7: d.ct = rng.pick(['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/mixed; boundary=' + body.boundary, 'application/octet-stream']); break;
    case 8: d.ct = `multipart/form-data; boundary="${body.boundary}"`; break;
    case 9: body.crlf = '\n'; break;
    case 10: body.parts.push({ name: 'file', filename: 'second.txt', type: 'text/plain', content: 'second file' }); break;
    case 11: body.parts.unshift({ name: 'note', content: 'x'.repeat(rng.pick([0, 10, 5000])) }); break;
    case 12: if (file) file.content = Uint8Array.from([0, 255, 254, 10, 13, 45, 45, 0xc3, 0x28, ...Array.from({ length: 64 }, (_, i) => (i * 37) & 255)]); break;
    case 13: d.headers.push(['content-length', String(rng.pick([104857600 + 1048577, 200000000, 1e12]))]); break;
    case 14: body.edit = (t) => (rng.chance(0.5) ? 'preamble text\r\n' + t : t + 'epilogue'); break;
    case 15: {
      const nb = rng.pick(['x'.repeat(71), 'a b', 'é', '-', '"q"']);
      body.boundary = nb;
      break;
    }
    default: {
      const cut = rng.range(1, 200);
      body.edit = (t) => t.slice(0, Math.max(0, t.length - cut));
    }
  }
  d.labels.push(`multipart:${names[r]}`);
  return true;
}

function stateExtra(d: Draft, rng: Rng): boolean {
  const body = d.body;
  if (body?.kind !== 'text' || !body.text.startsWith('{')) return false;
  const r = rng.int(8);
  const names = ['format', 'rename-key', 'negative', 'extra-key', 'string-number', 'truncate', 'null-field', 'drop-first'];
  const t = body.text;
  body.text = [
    () => t.replace('"l2-devnet/state@3"', rng.pick(['"l2-devnet/state@1"', '"x"', '1', 'null'])),
    () => t.replace(/"([a-z_]+)":/, '"$1x":'),
    () => t.replace(/:(\d+)/, ':-$1'),
    () => t.slice(0, -1) + ',"extra":1}',
    () => t.replace(/:(\d+)/, ':"$1"'),
    () => t.slice(0, rng.int(t.length)),
    () => t.replace(/:("[^"]*"|\d+|\[|\{)/, ':null$1'.replace('$1', '')),
    () => '{' + t.slice(t.indexOf(',') + 1),
  ][r]!();
  d.labels.push(`state:${names[r]}`);
  return true;
}

function gatewayRestExtra(d: Draft, rng: Rng): boolean {
  if (!d.path.endsWith('/*')) return false;
  const name = (d.rest ?? '/x').slice(1);
  d.rest = '/' + rng.pick(['missing.txt', '%zz', '..', '../..', name.toUpperCase(), name + '/x', '', '/' + name, '%2e%2e/x', 'a'.repeat(2000), encodeURIComponent(name), name + '%00', '%E0%A4%A', name + '/']);
  d.labels.push(`rest:${d.rest.length > 24 ? d.rest.slice(0, 20) + '…' : d.rest}`);
  return true;
}

// ---------- the catalogue ----------

const SIGNED_MOVE_FIELDS: FieldDef[] = [
  b('stark_key', 'starkkey'), b('asset_id', 'hex'), b('amount', 'uint'), b('nonce', 'uint'), b('vault_id', 'uint'), b('receiver', 'starkkey'),
  b('receiver_vault_id', 'uint'), b('expiration_timestamp', 'uint'), b('signature', 'sig'), b('signature.r', 'hex'), b('signature.s', 'hex'),
  b('contract_address', 'address'), b('token_id', 'uint'),
];
const ORDER_FIELDS: FieldDef[] = [
  b('stark_key', 'starkkey'), b('direction', 'enum'), b('token_sell', 'hex'), b('token_buy', 'hex'), b('base_token', 'hex'), b('quote_token', 'hex'),
  b('amount_sell', 'uint'), b('amount_buy', 'uint'), b('amount', 'uint'), b('price', 'decimal'), b('vault_id_sell', 'uint'), b('vault_id_buy', 'uint'),
  b('nonce', 'uint'), b('expiration_timestamp', 'uint'), b('fee_info', 'object'), b('fee_info.fee_limit', 'uint'), b('fee_info.token_id', 'hex'),
  b('fee_info.source_vault_id', 'uint'), b('marketplace_uuid', 'uuid'), b('signature', 'sig'), b('signature.r', 'hex'), b('signature.s', 'hex'), b('account_id', 'any'),
];
const PAGE: FieldDef[] = [q('limit', 'uint'), q('page', 'uint')];

const pageQuery = (rng: Rng): Record<string, string | undefined> =>
  rng.chance(0.5) ? { limit: String(rng.pick([1, 2, 10, 100, 1000])), page: String(rng.pick([1, 2, 3])) } : {};

const contractTypeOf = (ctx: Ctx, address: string): string =>
  address === RDD20 ? 'ERC20' : address === R721 ? 'ERC721' : address === DMINT ? 'ERC721M' : (ctx.contracts.find((c) => c.address === address)?.type ?? 'ETH');

export function catalogue(): RouteDef[] {
  const routes: RouteDef[] = [];
  const add = (r: RouteDef) => routes.push(r);
  const get = (ctx: Ctx, route: string, query: Record<string, string | undefined> = {}, o: { params?: Record<string, string>; key?: string } = {}): Base => ({ d: ctx.build(route, { query, ...o }) });

  // contracts and assets
  add({
    id: 'GET /v1/contract_info', weight: 3, fields: [q('contract_address', 'address'), q('type', 'text')],
    base: async (ctx, rng) => {
      const address = rng.pick(['ETH', 'eth', RDD20, R721, DMINT, ...ctx.contracts.map((c) => c.address)]);
      const type = rng.chance(0.4) ? (contractTypeOf(ctx, address) === 'ERC721M' && rng.chance(0.5) ? 'MINTABLE_ERC721' : contractTypeOf(ctx, address)) : undefined;
      return get(ctx, 'GET /v1/contract_info', { contract_address: address, type });
    },
  });
  add({
    id: 'GET /v1/assetid', weight: 3, fields: [q('type', 'text'), q('token_id', 'uint'), q('quantum', 'uint'), q('contract_address', 'address')],
    base: async (ctx, rng) => {
      const t = rng.pick(['ETH', 'ERC20', 'ERC721', 'ERC721M', 'MINTABLE_ERC721']);
      const query: Record<string, string | undefined> = { type: t };
      if (t !== 'ETH') query.contract_address = t === 'ERC20' ? RDD20 : t === 'ERC721' ? R721 : DMINT;
      if (t.includes('721')) query.token_id = String(rng.range(1, 20));
      if (rng.chance(0.3) && !t.includes('721')) query.quantum = rng.pick(['1', '1000000000000']);
      return get(ctx, 'GET /v1/assetid', query);
    },
  });
  add({ id: 'GET /v1/starkex/contracts', weight: 1, fields: [], base: async (ctx) => get(ctx, 'GET /v1/starkex/contracts') });

  // accounts
  add({
    id: 'GET /v1/vaults', weight: 3, fields: [q('stark_keys', 'list'), q('asset_id', 'list')],
    base: async (ctx, rng) => {
      const a = ctx.acct(rng);
      const keys = rng.chance(0.5) ? [a.stark_key] : [a.stark_key, ctx.other(rng, a).stark_key];
      const assets = rng.chance(0.8) ? [rng.pick([ctx.eth, ctx.rdd])] : keys.map(() => rng.pick([ctx.eth, ctx.rdd]));
      return get(ctx, 'GET /v1/vaults', { stark_keys: keys.join(','), asset_id: assets.join(',') });
    },
  });
  add({ id: 'GET /v1/nonce', weight: 2, fields: [q('stark_key', 'starkkey')], base: async (ctx, rng) => get(ctx, 'GET /v1/nonce', { stark_key: ctx.acct(rng).stark_key }) });
  add({ id: 'GET /v1/wallets', weight: 1.5, fields: [q('count', 'uint')], base: async (ctx, rng) => get(ctx, 'GET /v1/wallets', rng.chance(0.7) ? { count: String(rng.range(1, 5)) } : {}) });

  // balances
  add({ id: 'GET /v1/balance', weight: 2.5, fields: [q('stark_key', 'starkkey'), q('asset_id', 'hex')], base: async (ctx, rng) => get(ctx, 'GET /v1/balance', { stark_key: ctx.acct(rng).stark_key, asset_id: rng.pick([ctx.eth, ctx.rdd, ...ctx.nftAssets.values()]) }) });
  add({
    id: 'GET /v1/balances', weight: 2.5, fields: [q('stark_key', 'starkkey'), q('contract_address', 'address'), ...PAGE],
    base: async (ctx, rng) => get(ctx, 'GET /v1/balances', { stark_key: ctx.acct(rng).stark_key, contract_address: rng.chance(0.4) ? rng.pick([RDD20, R721, DMINT, 'eth']) : undefined, ...pageQuery(rng) }),
  });
  add({
    id: 'GET /v2/balances', weight: 2, fields: [q('stark_key', 'starkkey'), q('contract_address', 'address')],
    base: async (ctx, rng) => get(ctx, 'GET /v2/balances', { stark_key: ctx.acct(rng).stark_key, contract_address: rng.chance(0.4) ? rng.pick([RDD20, R721, DMINT]) : undefined }),
  });

  // transfers and withdrawals
  add({
    id: 'POST /v1/transfers', weight: 6, fields: SIGNED_MOVE_FIELDS,
    base: async (ctx, rng) => {
      const { body, signer } = await cachedBase(ctx, rng, 'transfer', (from) => signedMove(ctx, rng, 'transfer', { from, ...(rng.chance(0.5) && ctx.signers.length ? { to: rng.pick(ctx.signers.filter((x) => x !== from).concat(ctx.traders()[0]!)).stark_key } : {}) }));
      return { d: ctx.build('POST /v1/transfers', { body }), signer };
    },
  });
  add({
    id: 'POST /v1/withdrawalto', weight: 5, fields: SIGNED_MOVE_FIELDS.map((x) => (x.name === 'receiver' ? b('receiver', 'ethaddress') : x)),
    base: async (ctx, rng) => {
      const { body, signer } = await cachedBase(ctx, rng, 'withdraw', (from) => signedMove(ctx, rng, 'withdraw', { from, to: rng.pick(ctx.traders()).eth_address }));
      return { d: ctx.build('POST /v1/withdrawalto', { body }), signer };
    },
  });
  add({ id: 'GET /v1/withdrawal/status', weight: 2, fields: [q('stage', 'text'), q('ethaddress', 'ethaddress')], base: async (ctx, rng) => get(ctx, 'GET /v1/withdrawal/status', { stage: 'withdrawarea', ethaddress: ctx.acct(rng).eth_address }) });

  // mints
  add({
    id: 'POST /v1/mints', weight: 4, auth: true, fields: [b('contract_address', 'address'), b('stark_key', 'starkkey'), b('amount', 'uint'), b('token_ids', 'list')],
    base: async (ctx, rng) => {
      const mintable = ctx.contracts.filter((c) => c.type !== 'ERC20').map((c) => c.address);
      const body: Record<string, unknown> = { contract_address: rng.chance(0.8) || !mintable.length ? DMINT : rng.pick(mintable), stark_key: ctx.acct(rng).stark_key };
      const r = rng.int(3);
      if (r === 0) body.amount = rng.pick([1, '1', 2, '3']);
      else if (r === 1) body.token_ids = ctx.nextTokenId();
      else body.token_ids = [ctx.nextTokenId(), ctx.nextTokenId()];
      return { d: ctx.build('POST /v1/mints', { body, key: ctx.apiKey }) };
    },
  });

  // orders
  add({
    id: 'POST /v1/order', weight: 7, fields: ORDER_FIELDS,
    base: async (ctx, rng) => {
      const { body, signer } = await cachedBase(ctx, rng, 'order', (who) => {
        // Far from the flows' prices (0.05..0.75): an accepted base rests in the book rather than trading.
        const direction = rng.chance(0.5) ? 0 : 1;
        const price = direction === 0 ? (['0.9', 900000n] as const) : (['0.02', 20000n] as const);
        return signedOrder(ctx, rng, { who, direction, price, ...(rng.chance(0.2) && ctx.marketplaces.length ? { marketplace: rng.pick(ctx.marketplaces) } : {}) });
      });
      return { d: ctx.build('POST /v1/order', { body }), signer };
    },
  });
  add({
    id: 'GET /v1/orders', weight: 2, fields: [q('stark_key', 'starkkey'), q('direction', 'enum'), q('token_ids', 'list'), q('contract_address', 'address'), ...PAGE],
    base: async (ctx, rng) => get(ctx, 'GET /v1/orders', {
      stark_key: rng.chance(0.5) ? ctx.acct(rng).stark_key : undefined,
      direction: rng.chance(0.4) ? rng.pick(['0', '1']) : undefined,
      token_ids: rng.chance(0.2) ? '1,2' : undefined,
      contract_address: rng.chance(0.5) ? rng.pick([RDD20, DMINT, R721]) : undefined,
      ...pageQuery(rng),
    }),
  });
  add({ id: 'GET /v1/order', weight: 2, fields: [q('order_id', 'uint')], base: async (ctx, rng) => get(ctx, 'GET /v1/order', { order_id: String(ctx.orderIds.length ? rng.pick(ctx.orderIds) : rng.range(1, 30)) }) });
  add({
    id: 'GET /v1/order/info', weight: 3, fields: [q('stark_key', 'starkkey'), q('contract1', 'text'), q('contract2', 'text')],
    base: async (ctx, rng) => get(ctx, 'GET /v1/order/info', {
      stark_key: ctx.acct(rng).stark_key,
      contract1: rng.chance(0.8) ? 'ETH:ETH' : undefined,
      contract2: rng.pick([`ERC20:${RDD20}`, `ERC721:${R721}:${rng.range(1, 5)}`, `ERC721M:${DMINT}:${rng.range(1, 2)}`, `MINTABLE_ERC721:${DMINT}:1`]),
    }),
  });
  add({ id: 'GET /v1/depth', weight: 1.5, fields: [q('base_contract', 'address'), q('quote_contract', 'address')], base: async (ctx, rng) => get(ctx, 'GET /v1/depth', { base_contract: rng.pick(['ETH', 'eth']), quote_contract: rng.pick([RDD20, DMINT]) }) });
  add({
    id: 'GET /v1/trades', weight: 2, fields: [q('order_id', 'uint'), q('stark_key', 'starkkey'), q('base_token_contract_addr', 'address'), q('quote_token_contract_addr', 'address'), ...PAGE],
    base: async (ctx, rng) => {
      const r = rng.int(3);
      const query: Record<string, string | undefined> = r === 0 && ctx.orderIds.length ? { order_id: String(rng.pick(ctx.orderIds)) } : r === 1 ? { stark_key: ctx.acct(rng).stark_key } : { base_token_contract_addr: 'eth', quote_token_contract_addr: rng.pick([RDD20, DMINT]) };
      return get(ctx, 'GET /v1/trades', { ...query, ...pageQuery(rng) });
    },
  });
  add({
    id: 'POST /v1/orders/:order_id/cancel', weight: 4, fields: [p('order_id', 'uint'), b('stark_key', 'starkkey'), b('signature', 'sig'), b('signature.r', 'hex'), b('signature.s', 'hex')],
    base: async (ctx, rng) => {
      const { id, owner } = await openOrder(ctx, rng);
      const known = ctx.bases.get(`cancel:${id}`);
      const body = known?.body ?? ctx.sign.signedCancelBody(owner.stark_key, owner.private_key, id);
      ctx.bases.set(`cancel:${id}`, { body, signer: owner });
      return { d: ctx.build('POST /v1/orders/:order_id/cancel', { params: { order_id: String(id) }, body }) };
    },
  });

  // projects and contracts
  const project = (ctx: Ctx, rng: Rng) => (ctx.projects.length && rng.chance(0.7) ? rng.pick(ctx.projects) : ctx.demoProject);
  add({ id: 'GET /v1/project', weight: 1.5, auth: true, fields: [], base: async (ctx) => get(ctx, 'GET /v1/project', {}, { key: ctx.apiKey }) });
  add({
    id: 'POST /v1/project', weight: 2.5, auth: true, fields: [b('project_name', 'text')],
    base: async (ctx, rng) => ({ d: ctx.build('POST /v1/project', { body: { project_name: `project ${rng.hex(6)}` }, key: ctx.apiKey }) }),
  });
  add({
    id: 'POST /v1/project/edit_project', weight: 2, auth: true, fields: [b('project_uuid', 'uuid'), b('new_project_name', 'text')],
    base: async (ctx, rng) => ({ d: ctx.build('POST /v1/project/edit_project', { body: { project_uuid: project(ctx, rng), new_project_name: `renamed ${rng.hex(4)}` }, key: ctx.apiKey }) }),
  });
  add({
    id: 'POST /v1/project/remove_project', weight: 1.5, auth: true, fields: [b('project_uuid', 'uuid')],
    base: async (ctx, rng) => ({ d: ctx.build('POST /v1/project/remove_project', { body: { project_uuid: project(ctx, rng) }, key: ctx.apiKey }) }),
  });
  add({
    id: 'POST /v1/project/contract', weight: 4, auth: true,
    fields: [
      b('project_uuid', 'uuid'), b('contract_type', 'text'), b('contract_address', 'address'), b('decimals', 'uint'), b('contract_count', 'uint'), b('name', 'text'),
      b('symbol', 'text'), b('base_uri', 'text'), b('metadata_url', 'text'), b('description', 'text'), b('image_url', 'text'), b('external_link', 'text'), b('banner_image_url', 'text'),
    ],
    base: async (ctx, rng) => {
      const type = rng.pick(['ERC20', 'ERC721', 'ERC721M'] as const);
      const body: Record<string, unknown> = { project_uuid: project(ctx, rng), contract_type: type, contract_address: '0x' + rng.hex(40), name: `Token ${rng.hex(4)}`, symbol: `T${rng.hex(3).toUpperCase()}` };
      if (type === 'ERC20') body.decimals = rng.pick([0, 6, 18, '18']);
      if (rng.chance(0.5)) body.contract_count = rng.pick([0, 100, '10000']);
      if (rng.chance(0.3)) Object.assign(body, { base_uri: 'https://example.invalid/', metadata_url: 'https://example.invalid/m', description: 'd', image_url: 'https://example.invalid/i.png', external_link: 'https://example.invalid', banner_image_url: 'https://example.invalid/b.png' });
      return { d: ctx.build('POST /v1/project/contract', { body, key: ctx.apiKey }) };
    },
  });
  add({
    id: 'POST /v1/project/remove_contract', weight: 1.5, auth: true, fields: [b('contract_uuid', 'uuid')],
    base: async (ctx, rng) => ({ d: ctx.build('POST /v1/project/remove_contract', { body: { contract_uuid: ctx.contracts.length ? rng.pick(ctx.contracts).uuid : ctx.demoProject }, key: ctx.apiKey }) }),
  });

  // marketplaces, collections, NFTs
  add({
    id: 'POST /v1/marketplace', weight: 3, auth: true, fields: [b('marketplace_name', 'text'), b('marketplace_payee_address', 'starkkey'), b('marketplace_fee', 'decimal'), b('project_uuid', 'uuid')],
    base: async (ctx, rng) => ({ d: ctx.build('POST /v1/marketplace', { body: { marketplace_name: `market ${rng.hex(4)}`, marketplace_payee_address: ctx.acct(rng).stark_key, marketplace_fee: rng.pick(['0.01', '0.015', '0', '0.1']), project_uuid: ctx.demoProject }, key: ctx.apiKey }) }),
  });
  add({
    id: 'GET /v1/collection', weight: 2, fields: [q('quote_contract_address', 'address'), q('token_ids', 'list'), q('base_contract_address', 'address'), ...PAGE],
    base: async (ctx, rng) => get(ctx, 'GET /v1/collection', { quote_contract_address: rng.pick([DMINT, R721]), token_ids: rng.chance(0.3) ? '1,2,3' : undefined, base_contract_address: rng.chance(0.3) ? 'ETH' : undefined, ...pageQuery(rng) }),
  });
  add({ id: 'GET /v1/collection/:address', weight: 1.5, fields: [p('address', 'address')], base: async (ctx, rng) => get(ctx, 'GET /v1/collection/:address', {}, { params: { address: rng.pick([DMINT, R721, RDD20, ...ctx.contracts.map((c) => c.address)]) } }) });
  add({ id: 'GET /v1/nfts/:address', weight: 1.5, fields: [p('address', 'address'), ...PAGE], base: async (ctx, rng) => get(ctx, 'GET /v1/nfts/:address', pageQuery(rng), { params: { address: rng.pick([DMINT, R721]) } }) });

  // records
  add({
    id: 'GET /v1/records', weight: 2.5, fields: [q('stark_key', 'starkkey'), q('record_type', 'uint'), q('sequence_ids', 'list'), q('contract_address', 'address'), ...PAGE],
    base: async (ctx, rng) => get(ctx, 'GET /v1/records', {
      stark_key: ctx.acct(rng).stark_key,
      record_type: rng.chance(0.3) ? rng.pick(['0', '1', '6', '9']) : undefined,
      sequence_ids: rng.chance(0.2) && ctx.seqIds.length ? ctx.seqIds.slice(-3).join(',') : undefined,
      contract_address: rng.chance(0.2) ? rng.pick([RDD20, DMINT]) : undefined,
      ...pageQuery(rng),
    }),
  });
  add({ id: 'GET /v1/record', weight: 2, fields: [q('stark_key', 'starkkey'), q('sequence_id', 'uint')], base: async (ctx, rng) => get(ctx, 'GET /v1/record', { stark_key: ctx.acct(rng).stark_key, sequence_id: String(ctx.seqIds.length ? rng.pick(ctx.seqIds) : rng.range(1, 12)) }) });

  // storage and gateway
  const storageProject = (ctx: Ctx, rng: Rng) => (rng.chance(0.8) ? ctx.demoProject : project(ctx, rng));
  add({
    id: 'POST /v1/project/:uuid/storage', weight: 3, auth: true, fields: [p('uuid', 'uuid')], extra: multipartExtra,
    base: async (ctx, rng) => {
      const d = ctx.build('POST /v1/project/:uuid/storage', { params: { uuid: storageProject(ctx, rng) }, key: ctx.apiKey });
      d.body = { kind: 'multipart', boundary: `----differential${rng.hex(8)}`, parts: [{ name: 'file', filename: `f-${rng.hex(6)}.${rng.pick(['txt', 'json', 'html', 'bin', 'png'])}`, type: rng.pick(['text/plain', 'application/octet-stream', undefined]), content: `content ${rng.hex(rng.pick([8, 64, 2048]))}\n` }] };
      return { d };
    },
  });
  add({ id: 'GET /v1/project/:uuid/storage', weight: 1.5, auth: true, fields: [p('uuid', 'uuid'), ...PAGE], base: async (ctx, rng) => get(ctx, 'GET /v1/project/:uuid/storage', pageQuery(rng), { params: { uuid: storageProject(ctx, rng) }, key: ctx.apiKey }) });
  add({
    id: 'POST /v1/project/:uuid/storage/remove', weight: 1.5, auth: true, fields: [p('uuid', 'uuid'), b('cid', 'cid')],
    base: async (ctx, rng) => ({ d: ctx.build('POST /v1/project/:uuid/storage/remove', { params: { uuid: storageProject(ctx, rng) }, body: { cid: ctx.cids.length ? rng.pick(ctx.cids).cid : 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy' }, key: ctx.apiKey }) }),
  });
  const someCid = (ctx: Ctx, rng: Rng) => (ctx.cids.length ? rng.pick(ctx.cids) : { cid: 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy', name: 'x' });
  const namedCid = (ctx: Ctx, rng: Rng) => {
    const named = ctx.cids.filter((c) => c.name !== '');
    return named.length ? rng.pick(named) : someCid(ctx, rng);
  };
  add({ id: 'GET /ipfs/:cid', weight: 1.5, fields: [p('cid', 'cid')], base: async (ctx, rng) => get(ctx, 'GET /ipfs/:cid', {}, { params: { cid: someCid(ctx, rng).cid } }) });
  add({
    id: 'GET /ipfs/:cid/*', weight: 1.5, fields: [p('cid', 'cid')], extra: gatewayRestExtra,
    base: async (ctx, rng) => {
      const c = namedCid(ctx, rng);
      const d = ctx.build('GET /ipfs/:cid/*', { params: { cid: c.cid } });
      d.rest = '/' + (c.name || 'x');
      return { d };
    },
  });

  // control plane
  add({ id: 'GET /_devnet/health', weight: 0.5, fields: [], base: async (ctx) => get(ctx, 'GET /_devnet/health') });
  add({ id: 'GET /_devnet/accounts', weight: 0.5, fields: [], base: async (ctx) => get(ctx, 'GET /_devnet/accounts') });
  add({ id: 'POST /_devnet/api-keys', weight: 0.5, fields: [], base: async (ctx) => ({ d: ctx.build('POST /_devnet/api-keys') }) });
  add({ id: 'GET /_devnet/invariants', weight: 0.3, fields: [], base: async (ctx) => get(ctx, 'GET /_devnet/invariants') });
  add({ id: 'GET /_devnet/overview', weight: 0.3, fields: [], base: async (ctx) => get(ctx, 'GET /_devnet/overview') });
  add({
    id: 'POST /_devnet/deposit', weight: 4, fields: [b('stark_key', 'starkkey'), b('contract_address', 'address'), b('amount', 'uint'), b('token_id', 'uint')],
    base: async (ctx, rng) => {
      const r = rng.int(4);
      const body: Record<string, unknown> = { stark_key: ctx.acct(rng).stark_key, contract_address: r === 0 ? RDD20 : r === 1 ? R721 : rng.pick(['eth', 'ETH']) };
      if (r === 1) body.token_id = ctx.nextTokenId();
      else body.amount = rng.pick(['1000', 1000, '1000000']);
      return { d: ctx.build('POST /_devnet/deposit', { body }) };
    },
  });
  add({ id: 'POST /_devnet/batches', weight: 1.5, fields: [b('layer', 'enum')], base: async (ctx, rng) => ({ d: ctx.build('POST /_devnet/batches', { body: { layer: rng.pick(['l2', 'l1', 'both']) } }) }) });
  add({
    id: 'POST /_devnet/records/:sequence_id/status', weight: 2, fields: [p('sequence_id', 'uint'), b('status', 'uint')],
    base: async (ctx, rng) => ({ d: ctx.build('POST /_devnet/records/:sequence_id/status', { params: { sequence_id: String(ctx.seqIds.length ? rng.pick(ctx.seqIds) : rng.range(1, 12)) }, body: { status: rng.pick([3, 6, 4, 5, 2]) } }) }),
  });
  add({
    id: 'POST /_devnet/clock', weight: 2, wrap: true, fields: [b('advance_seconds', 'uint'), b('set', 'text')],
    base: async (ctx, rng) => ({ d: ctx.build('POST /_devnet/clock', { body: rng.chance(0.7) ? { advance_seconds: rng.pick([1, 60, '3600', 86400]) } : { set: rng.pick(['2026-06-01T00:00:00Z', '2027-01-01T00:00:00.000000Z', '2030-01-01T12:00:00+02:00']) } }) }),
  });
  add({
    id: 'POST /_devnet/withdrawals/claim', weight: 2, fields: [b('ethaddress', 'ethaddress'), b('asset_id', 'hex')],
    base: async (ctx, rng) => ({ d: ctx.build('POST /_devnet/withdrawals/claim', { body: { ethaddress: ctx.acct(rng).eth_address, asset_id: rng.pick([ctx.eth, ctx.rdd]) } }) }),
  });
  add({ id: 'POST /_devnet/snapshots', weight: 0.5, fields: [], base: async (ctx) => ({ d: ctx.build('POST /_devnet/snapshots') }) });
  add({
    id: 'POST /_devnet/snapshots/:id/revert', weight: 1, fields: [p('id', 'hex')],
    base: async (ctx, rng) => ({ d: ctx.build('POST /_devnet/snapshots/:id/revert', { params: { id: ctx.snapshots.length ? rng.pick(ctx.snapshots) : '0x1' } }) }),
  });
  add({ id: 'POST /_devnet/reset', weight: 0.03, fields: [], base: async (ctx) => ({ d: ctx.build('POST /_devnet/reset') }) });
  add({ id: 'GET /_devnet/state', weight: 0.1, fields: [], base: async (ctx) => get(ctx, 'GET /_devnet/state') });
  add({
    id: 'POST /_devnet/state', weight: 0.4, fields: [], extra: stateExtra,
    base: async (ctx) => {
      if (ctx.dump === undefined) {
        const r = await ctx.call('GET /_devnet/state', { label: 'lookup' });
        if (r.status === 200) ctx.dump = r.text;
      }
      return { d: ctx.build('POST /_devnet/state', { rawBody: { kind: 'text', text: ctx.dump ?? '{}' } }) };
    },
    // The loader accepts some malformed dumps (a negative clock, next_sequence_id as a string or beyond 2^53):
    // the state they leave can hang GET /_devnet/overview, so an accepted malformed dump is replaced at once.
    after: async (ctx, r, d) => {
      if (d.labels[0] !== 'base' && r.status === 200 && typeof r.json?.state_hash === 'string' && ctx.dump) {
        await ctx.call('POST /_devnet/state', { rawBody: { kind: 'text', text: ctx.dump }, label: 'cleanup' });
      }
    },
  });
  add({
    id: 'POST /_devnet/faults', weight: 2,
    fields: [b('method', 'text'), b('path', 'text'), b('error_code', 'uint'), b('latency_ms', 'uint'), b('probability', 'decimal'), b('nth', 'uint'), b('count', 'uint'), b('seed', 'text'), b('message', 'text')],
    base: async (ctx, rng) => {
      const body: Record<string, unknown> = { path: rng.pick(['/v1/nonce', '/v1/*', '/v1/transfers', '/ipfs/*']), error_code: rng.pick([13, 19, 34, 2, 500]) };
      if (rng.chance(0.3)) body.method = rng.pick(['GET', 'post']);
      if (rng.chance(0.5)) Object.assign(body, { nth: rng.range(1, 3), count: rng.range(0, 2) });
      else if (rng.chance(0.5)) Object.assign(body, { probability: 0.5, seed: 's' + rng.hex(4) });
      if (rng.chance(0.2)) body.message = 'injected by differential';
      return { d: ctx.build('POST /_devnet/faults', { body }) };
    },
    // Whatever the mutated body added (a 60 s latency on /v1/*, say) goes before the next request.
    after: async (ctx) => {
      await ctx.call('DELETE /_devnet/faults', { label: 'cleanup' });
    },
  });
  add({ id: 'GET /_devnet/faults', weight: 0.3, fields: [], base: async (ctx) => get(ctx, 'GET /_devnet/faults') });
  add({ id: 'DELETE /_devnet/faults', weight: 0.3, fields: [], base: async (ctx) => ({ d: ctx.build('DELETE /_devnet/faults') }) });
  add({ id: 'GET /_devnet/events', weight: 0.05, fields: [], base: async (ctx) => get(ctx, 'GET /_devnet/events') });
  add({ id: 'GET /', weight: 0.1, fields: [], base: async (ctx) => get(ctx, 'GET /') });
  add({ id: 'GET /explorer.js', weight: 0.05, fields: [], base: async (ctx) => get(ctx, 'GET /explorer.js') });
  add({ id: 'GET /explorer.css', weight: 0.05, fields: [], base: async (ctx) => get(ctx, 'GET /explorer.css') });
  return routes;
}

// ---------- setup, valid flows, domain refusals, unknown routes ----------

/** The genesis as the API shows it: accounts and keys, asset ids, the demo project, one more API key, wallets. */
export async function setup(ctx: Ctx): Promise<void> {
  const acc = (await ctx.call('GET /_devnet/accounts', { label: 'setup' })).json ?? {};
  ctx.accounts = Array.isArray(acc.accounts) ? acc.accounts : [];
  ctx.apiKey = Array.isArray(acc.api_keys) ? String(acc.api_keys[0]) : '';
  ctx.operator = String(acc.operator ?? '');
  if (ctx.accounts.length < 4) throw new Error(`GET /_devnet/accounts answered ${ctx.accounts.length} accounts; the corpus needs the default genesis (4)`);
  ctx.eth = String((await ctx.call('GET /v1/contract_info', { query: { contract_address: 'ETH' }, label: 'setup' })).json?.data?.asset_type ?? '0x1');
  ctx.rdd = String((await ctx.call('GET /v1/contract_info', { query: { contract_address: RDD20 }, label: 'setup' })).json?.data?.asset_type ?? '0x2');
  for (const t of ['1', '2', '3']) await ctx.nftAsset('ERC721', R721, t);
  for (const t of ['1', '2']) await ctx.nftAsset('ERC721M', DMINT, t);
  const projects = (await ctx.call('GET /v1/project', { key: ctx.apiKey, label: 'setup' })).json?.data;
  ctx.demoProject = Array.isArray(projects) && projects[0] ? String(projects[0].project_uuid) : '';
  if (Array.isArray(projects) && projects[0] && Array.isArray(projects[0].contracts)) {
    for (const c of projects[0].contracts) ctx.demoContracts.push({ uuid: String(c.contract_uuid), address: String(c.contract_address), type: c.type });
  }
  await ctx.call('POST /_devnet/api-keys', { label: 'setup' });
  const wallets = (await ctx.call('GET /v1/wallets', { query: { count: '5' }, label: 'setup' })).json?.wallets;
  if (Array.isArray(wallets)) {
    ctx.wallets = wallets.map((w: { stark_key: string }) => w.stark_key);
    ctx.signers = wallets.slice(0, 3).map((w: { stark_key: string; stark_private_key: string }, i: number) => ({ name: `wallet${i + 1}`, stark_key: w.stark_key, private_key: w.stark_private_key, eth_address: '' }));
  }
  await fund(ctx);
}

type Step = (ctx: Ctx, rng: Rng) => Promise<void>;

const sendLearn = (ctx: Ctx, _route: string, d: Draft, signer?: Account): Promise<Resp> => ctx.send(d, signer);

async function placeOrder(ctx: Ctx, rng: Rng, o: OrderOptions, label: string): Promise<Resp> {
  const { body, signer } = await signedOrder(ctx, rng, o);
  return sendLearn(ctx, 'POST /v1/order', ctx.build('POST /v1/order', { body, label }), signer);
}

async function mintTo(ctx: Ctx, who: Account, label: string, contract = DMINT): Promise<string> {
  const token = ctx.nextTokenId();
  await sendLearn(ctx, 'POST /v1/mints', ctx.build('POST /v1/mints', { body: { contract_address: contract, stark_key: who.stark_key, token_ids: token }, key: ctx.apiKey, label }));
  return token;
}

async function upload(ctx: Ctx, rng: Rng, label: string): Promise<{ cid: string; name: string } | undefined> {
  const name = `flow-${rng.hex(6)}.txt`;
  const d = ctx.build('POST /v1/project/:uuid/storage', { params: { uuid: ctx.demoProject }, key: ctx.apiKey, label });
  d.body = { kind: 'multipart', boundary: `----flow${rng.hex(8)}`, parts: [{ name: 'file', filename: name, type: 'text/plain', content: `flow file ${rng.hex(32)}\n` }] };
  const r = await ctx.send(d);
  const cid = r.json?.data?.cid;
  return typeof cid === 'string' ? { cid, name } : undefined;
}

/** Valid sequences that move the state along, so later malformed requests meet balances, books and ids. */
export const FLOWS: ReadonlyArray<readonly [number, string, Step]> = [
  [10, 'transfer', async (ctx, rng) => {
    const { body, signer } = await signedMove(ctx, rng, 'transfer');
    await sendLearn(ctx, 'POST /v1/transfers', ctx.build('POST /v1/transfers', { body, label: 'flow:transfer' }));
    ctx.bases.set('replay:transfer', { body, signer });
  }],
  [6, 'withdraw', async (ctx, rng) => {
    const { body } = await signedMove(ctx, rng, 'withdraw');
    await sendLearn(ctx, 'POST /v1/withdrawalto', ctx.build('POST /v1/withdrawalto', { body, label: 'flow:withdraw' }));
  }],
  [3, 'withdraw-settle-claim', async (ctx, rng) => {
    const from = ctx.acct(rng);
    const { body } = await signedMove(ctx, rng, 'withdraw', { from, to: from.eth_address, asset: 'eth' });
    await sendLearn(ctx, 'POST /v1/withdrawalto', ctx.build('POST /v1/withdrawalto', { body, label: 'flow:claim' }));
    await ctx.call('POST /_devnet/batches', { body: { layer: 'both' }, label: 'flow:claim' });
    await ctx.call('GET /v1/withdrawal/status', { query: { stage: 'withdrawarea', ethaddress: from.eth_address }, label: 'flow:claim' });
    await ctx.call('POST /_devnet/withdrawals/claim', { body: { ethaddress: from.eth_address, asset_id: ctx.eth }, label: 'flow:claim' });
  }],
  [10, 'match', async (ctx, rng) => {
    const price = rng.pick(PRICES);
    const seller = rng.pick(ctx.traders().slice(0, 2));
    const buyer = ctx.other(rng, seller);
    const lots = BigInt(rng.range(1, 2));
    await placeOrder(ctx, rng, { who: seller, direction: 0, price, lots }, 'flow:match');
    await placeOrder(ctx, rng, { who: buyer, direction: 1, price, lots: lots + BigInt(rng.int(2)) }, 'flow:match');
    if (rng.chance(0.5)) await ctx.call('GET /v1/depth', { query: { base_contract: 'ETH', quote_contract: RDD20 }, label: 'flow:match' });
  }],
  [6, 'rest-cancel', async (ctx, rng) => {
    const who = ctx.acct(rng);
    const r = await placeOrder(ctx, rng, { who, direction: 1, price: ['0.01', 10000n], lots: 1n }, 'flow:rest');
    const id = r.json?.data?.sequence_id;
    if (typeof id === 'number' && rng.chance(0.5)) {
      await sendLearn(ctx, 'POST /v1/orders/:order_id/cancel', ctx.build('POST /v1/orders/:order_id/cancel', { params: { order_id: String(id) }, body: ctx.sign.signedCancelBody(who.stark_key, who.private_key, id), label: 'flow:cancel' }));
      ctx.openOrders = ctx.openOrders.filter((o) => o.id !== id);
    }
  }],
  [5, 'nft-sale', async (ctx, rng) => {
    const seller = rng.pick(ctx.traders().slice(0, 2));
    const buyer = ctx.other(rng, seller);
    const token = await mintTo(ctx, seller, 'flow:nft');
    const market = rng.chance(0.3) && ctx.marketplaces.length ? rng.pick(ctx.marketplaces) : undefined;
    const price = BigInt(rng.pick([1000, 1500, 2000]));
    await placeOrder(ctx, rng, { who: seller, direction: 0, market: 'nft', tokenId: token, baseAmount: price, ...(market ? { marketplace: market } : {}) }, 'flow:nft');
    if (rng.chance(0.8)) await placeOrder(ctx, rng, { who: buyer, direction: 1, market: 'nft', tokenId: token, baseAmount: price + BigInt(rng.pick([0, 500])) }, 'flow:nft');
  }],
  [4, 'nft-transfer', async (ctx, rng) => {
    const from = ctx.acct(rng);
    const token = await mintTo(ctx, from, 'flow:nft-transfer');
    const assetId = await ctx.nftAsset('ERC721M', DMINT, token);
    const { body } = await signedMove(ctx, rng, 'transfer', { from, assetId, amount: 1n });
    if (rng.chance(0.5)) Object.assign(body, { contract_address: DMINT, token_id: token });
    await sendLearn(ctx, 'POST /v1/transfers', ctx.build('POST /v1/transfers', { body, label: 'flow:nft-transfer' }));
  }],
  [6, 'deposit', async (ctx, rng) => {
    const who = ctx.acct(rng);
    const r = rng.int(3);
    const body = r === 0 ? { stark_key: who.stark_key, contract_address: 'eth', amount: String(rng.range(1, 5) * 1000000) } : r === 1 ? { stark_key: who.stark_key, contract_address: RDD20, amount: '10000000' } : { stark_key: who.stark_key, contract_address: R721, token_id: ctx.nextTokenId() };
    await sendLearn(ctx, 'POST /_devnet/deposit', ctx.build('POST /_devnet/deposit', { body, label: 'flow:deposit' }));
  }],
  [4, 'project', async (ctx, rng) => {
    const r = await sendLearn(ctx, 'POST /v1/project', ctx.build('POST /v1/project', { body: { project_name: `flow ${rng.hex(6)}` }, key: ctx.apiKey, label: 'flow:project' }));
    const uuid = r.json?.data?.project_uuid;
    if (typeof uuid !== 'string') return;
    const type = rng.pick(['ERC20', 'ERC721', 'ERC721M'] as const);
    const address = '0x' + rng.hex(40);
    const cd = ctx.build('POST /v1/project/contract', { body: { project_uuid: uuid, contract_type: type, contract_address: address, name: `Flow ${type}`, symbol: `F${rng.hex(3).toUpperCase()}`, ...(type === 'ERC20' ? { decimals: 18 } : { contract_count: 1000 }) }, key: ctx.apiKey, label: 'flow:project' });
    const c = await ctx.send(cd);
    const cu = c.json?.data?.contract_uuid;
    if (type !== 'ERC20' && rng.chance(0.6)) await mintTo(ctx, ctx.acct(rng), 'flow:project', address);
    if (rng.chance(0.5)) await ctx.call('POST /v1/project/edit_project', { body: { project_uuid: uuid, new_project_name: `flow renamed ${rng.hex(4)}` }, key: ctx.apiKey, label: 'flow:project' });
    if (rng.chance(0.3) && typeof cu === 'string') {
      await ctx.call('POST /v1/project/remove_contract', { body: { contract_uuid: cu }, key: ctx.apiKey, label: 'flow:project' });
      await ctx.call('POST /v1/project/remove_project', { body: { project_uuid: uuid }, key: ctx.apiKey, label: 'flow:project' });
    }
    if (rng.chance(0.3)) await ctx.call('GET /v1/project', { key: ctx.apiKey, label: 'flow:project' });
  }],
  [3, 'marketplace', async (ctx, rng) => {
    await sendLearn(ctx, 'POST /v1/marketplace', ctx.build('POST /v1/marketplace', { body: { marketplace_name: `flow market ${rng.hex(4)}`, marketplace_payee_address: ctx.acct(rng).stark_key, marketplace_fee: rng.pick(['0.01', '0.02', '0.005']), project_uuid: ctx.demoProject }, key: ctx.apiKey, label: 'flow:marketplace' }));
  }],
  [3, 'storage', async (ctx, rng) => {
    const u = await upload(ctx, rng, 'flow:storage');
    if (!u) return;
    await ctx.call('GET /v1/project/:uuid/storage', { params: { uuid: ctx.demoProject }, query: { limit: '5', page: '1' }, key: ctx.apiKey, label: 'flow:storage' });
    await ctx.call('GET /ipfs/:cid', { params: { cid: u.cid }, label: 'flow:storage' });
    const d = ctx.build('GET /ipfs/:cid/*', { params: { cid: u.cid }, label: 'flow:storage' });
    d.rest = '/' + u.name;
    await ctx.send(d);
    if (rng.chance(0.3)) await ctx.call('POST /v1/project/:uuid/storage/remove', { params: { uuid: ctx.demoProject }, body: { cid: u.cid }, key: ctx.apiKey, label: 'flow:storage' });
  }],
  [4, 'batch', async (ctx, rng) => {
    await ctx.call('POST /_devnet/batches', { body: rng.chance(0.3) ? undefined : { layer: rng.pick(['l2', 'l1', 'both']) }, label: 'flow:batch' });
    if (rng.chance(0.4) && ctx.seqIds.length) await ctx.call('POST /_devnet/records/:sequence_id/status', { params: { sequence_id: String(rng.pick(ctx.seqIds)) }, body: { status: rng.pick([3, 6, 4, 5]) }, label: 'flow:record-status' });
  }],
  [2, 'snapshot', async (ctx, rng) => {
    if (ctx.snapshots.length && rng.chance(0.3)) {
      const id = rng.pick(ctx.snapshots);
      await ctx.call('POST /_devnet/snapshots/:id/revert', { params: { id }, label: 'flow:revert' });
      ctx.snapshots = ctx.snapshots.slice(0, ctx.snapshots.indexOf(id) + 1);
    } else {
      await ctx.call('POST /_devnet/snapshots', { label: 'flow:snapshot' });
    }
  }],
  [8, 'reads', async (ctx, rng) => {
    const a = ctx.acct(rng);
    const reads: Array<() => Promise<Resp>> = [
      () => ctx.call('GET /v1/balances', { query: { stark_key: a.stark_key }, label: 'flow:read' }),
      () => ctx.call('GET /v2/balances', { query: { stark_key: a.stark_key }, label: 'flow:read' }),
      () => ctx.call('GET /v1/balance', { query: { stark_key: a.stark_key, asset_id: ctx.eth }, label: 'flow:read' }),
      () => ctx.call('GET /v1/records', { query: { stark_key: a.stark_key, limit: '5' }, label: 'flow:read' }),
      () => ctx.call('GET /v1/record', { query: { stark_key: a.stark_key, sequence_id: String(ctx.seqIds.length ? rng.pick(ctx.seqIds) : 1) }, label: 'flow:read' }),
      () => ctx.call('GET /v1/orders', { query: { contract_address: RDD20, limit: '5' }, label: 'flow:read' }),
      () => ctx.call('GET /v1/order', { query: { order_id: String(ctx.orderIds.length ? rng.pick(ctx.orderIds) : 1) }, label: 'flow:read' }),
      () => ctx.call('GET /v1/trades', { query: { stark_key: a.stark_key, limit: '5' }, label: 'flow:read' }),
      () => ctx.call('GET /v1/depth', { query: { base_contract: 'ETH', quote_contract: RDD20 }, label: 'flow:read' }),
      () => ctx.call('GET /v1/nfts/:address', { params: { address: DMINT }, query: { limit: '5', page: String(rng.range(1, 3)) }, label: 'flow:read' }),
      () => ctx.call('GET /v1/collection', { query: { quote_contract_address: DMINT }, label: 'flow:read' }),
      () => ctx.call('GET /v1/collection/:address', { params: { address: rng.pick([DMINT, R721, RDD20]) }, label: 'flow:read' }),
      () => ctx.call('GET /v1/withdrawal/status', { query: { stage: 'withdrawarea', ethaddress: a.eth_address }, label: 'flow:read' }),
      () => ctx.call('GET /_devnet/overview', { label: 'flow:read' }),
      () => ctx.call('GET /_devnet/invariants', { label: 'flow:read' }),
    ];
    for (let i = 0; i < 3; i++) await rng.pick(reads)();
  }],
  [2, 'faults', async (ctx, rng) => {
    const path = rng.pick(['/v1/nonce', '/v1/balance']);
    const body: Record<string, unknown> = rng.chance(0.5) ? { path, error_code: rng.pick([13, 19, 2, 34]), nth: rng.range(1, 2), count: rng.range(0, 2) } : { path, error_code: 19, probability: 0.5, seed: 'differential' };
    await ctx.call('POST /_devnet/faults', { body, label: 'flow:faults' });
    const a = ctx.acct(rng);
    for (let i = 0; i < 3; i++) await ctx.call(path === '/v1/nonce' ? 'GET /v1/nonce' : 'GET /v1/balance', { query: path === '/v1/nonce' ? { stark_key: a.stark_key } : { stark_key: a.stark_key, asset_id: ctx.eth }, label: 'flow:faults' });
    await ctx.call('GET /_devnet/faults', { label: 'flow:faults' });
    await ctx.call('DELETE /_devnet/faults', { label: 'flow:faults' });
  }],
  [2, 'clock', async (ctx, rng) => {
    await ctx.call('POST /_devnet/clock', { body: { advance_seconds: rng.pick([1, 60, 3600]) }, label: 'flow:clock' });
  }],
  [0.3, 'state', async (ctx) => {
    const r = await ctx.call('GET /_devnet/state', { label: 'flow:state' });
    if (r.status === 200) ctx.dump = r.text;
    if (ctx.dump) await ctx.call('POST /_devnet/state', { rawBody: { kind: 'text', text: ctx.dump }, label: 'flow:state' });
  }],
  [0.1, 'reset', async (ctx) => {
    await ctx.call('POST /_devnet/reset', { label: 'flow:reset' });
    ctx.snapshots = [];
    ctx.openOrders = [];
  }],
  [1, 'api-key', async (ctx) => {
    await ctx.call('POST /_devnet/api-keys', { label: 'flow:api-key' });
  }],
];

/** Well-formed requests the domain must refuse: wrong signer, overdraw, replay, expiry, wrong owner, duplicates. */
export const DOMAIN: ReadonlyArray<readonly [number, string, Step]> = [
  [3, 'transfer-overdraw', async (ctx, rng) => {
    const { body } = await signedMove(ctx, rng, 'transfer', { amount: rng.pick([9_000_000_000_000_000_000n, 100_000_000n, 10_000_001n]) });
    await ctx.call('POST /v1/transfers', { body, label: 'domain:overdraw' });
  }],
  [3, 'transfer-wrong-signer', async (ctx, rng) => {
    const from = ctx.acct(rng);
    const { body } = await signedMove(ctx, rng, 'transfer', { from, signer: ctx.other(rng, from) });
    await ctx.call('POST /v1/transfers', { body, label: 'domain:wrong-signer' });
  }],
  [3, 'transfer-replay', async (ctx) => {
    const known = ctx.bases.get('replay:transfer');
    if (known) await ctx.call('POST /v1/transfers', { body: known.body, label: 'domain:replay' });
  }],
  [2, 'transfer-expired', async (ctx, rng) => {
    const { body } = await signedMove(ctx, rng, 'transfer', { expiration: rng.pick([1, 400000, 491000]) });
    await ctx.call('POST /v1/transfers', { body, label: 'domain:expired' });
  }],
  [2, 'transfer-nft-amount-2', async (ctx, rng) => {
    const alice = ctx.traders()[0]!;
    const { body } = await signedMove(ctx, rng, 'transfer', { from: alice, assetId: await ctx.nftAsset('ERC721M', DMINT, '1'), amount: 2n });
    await ctx.call('POST /v1/transfers', { body, label: 'domain:nft-amount' });
  }],
  [2, 'transfer-foreign-vault', async (ctx, rng) => {
    const from = ctx.acct(rng);
    const to = ctx.other(rng, from);
    const [, theirs] = await ctx.vaults([from.stark_key, to.stark_key], ctx.eth);
    const { body } = await signedMove(ctx, rng, 'transfer', { from, asset: 'eth', vaultOverride: theirs ?? '0' });
    await ctx.call('POST /v1/transfers', { body, label: 'domain:foreign-vault' });
  }],
  [2, 'transfer-stale-nonce', async (ctx, rng) => {
    const { body } = await signedMove(ctx, rng, 'transfer', { nonce: rng.pick([0, 1, 2]) });
    await ctx.call('POST /v1/transfers', { body, label: 'domain:stale-nonce' });
  }],
  [2, 'transfer-to-wallet', async (ctx, rng) => {
    const { body } = await signedMove(ctx, rng, 'transfer', { to: ctx.wallets.length > 3 ? rng.pick(ctx.wallets.slice(3)) : ctx.operator });
    await ctx.call('POST /v1/transfers', { body, label: 'domain:to-wallet' });
  }],
  [2, 'withdraw-overdraw', async (ctx, rng) => {
    const { body } = await signedMove(ctx, rng, 'withdraw', { amount: 9_000_000_000_000_000_000n });
    await ctx.call('POST /v1/withdrawalto', { body, label: 'domain:withdraw-overdraw' });
  }],
  [2, 'withdraw-wrong-signer', async (ctx, rng) => {
    const from = ctx.acct(rng);
    const { body } = await signedMove(ctx, rng, 'withdraw', { from, signer: ctx.other(rng, from) });
    await ctx.call('POST /v1/withdrawalto', { body, label: 'domain:withdraw-wrong-signer' });
  }],
  [2, 'order-overdraw', async (ctx, rng) => {
    await placeOrder(ctx, rng, { direction: 1, who: ctx.traders()[2], price: ['0.5', 500000n], lots: 100n }, 'domain:order-overdraw');
  }],
  [2, 'order-wrong-signer', async (ctx, rng) => {
    const who = ctx.acct(rng);
    await placeOrder(ctx, rng, { who, signer: ctx.other(rng, who) }, 'domain:order-wrong-signer');
  }],
  [2, 'order-fee-limit', async (ctx, rng) => {
    await placeOrder(ctx, rng, { feeLimit: rng.pick([0, 1, 0.5]) }, 'domain:order-fee-limit');
  }],
  [2, 'order-unknown-market', async (ctx, rng) => {
    await placeOrder(ctx, rng, { marketplace: rng.pick(['00000000-0000-4000-8000-000000000000', ctx.demoProject]) }, 'domain:order-unknown-market');
  }],
  [2, 'order-expired', async (ctx, rng) => {
    await placeOrder(ctx, rng, { expiration: rng.pick([1, 490000]) }, 'domain:order-expired');
  }],
  [2, 'order-stale-nonce', async (ctx, rng) => {
    await placeOrder(ctx, rng, { nonce: 0 }, 'domain:order-stale-nonce');
  }],
  [2, 'order-nft-not-owned', async (ctx, rng) => {
    await placeOrder(ctx, rng, { who: ctx.traders()[2], direction: 0, market: 'nft', tokenId: '1' }, 'domain:order-not-owned');
  }],
  [2, 'order-nft-unminted', async (ctx, rng) => {
    await placeOrder(ctx, rng, { direction: 1, market: 'nft', tokenId: '99999999' }, 'domain:order-unminted');
  }],
  [3, 'cancel-wrong-owner', async (ctx, rng) => {
    const { id, owner } = await openOrder(ctx, rng);
    const thief = ctx.other(rng, owner);
    await ctx.call('POST /v1/orders/:order_id/cancel', { params: { order_id: String(id) }, body: ctx.sign.signedCancelBody(thief.stark_key, thief.private_key, id), label: 'domain:cancel-wrong-owner' });
  }],
  [2, 'cancel-wrong-signature', async (ctx, rng) => {
    const { id, owner } = await openOrder(ctx, rng);
    await ctx.call('POST /v1/orders/:order_id/cancel', { params: { order_id: String(id) }, body: ctx.sign.signedCancelBody(owner.stark_key, ctx.other(rng, owner).private_key, id), label: 'domain:cancel-wrong-sig' });
  }],
  [2, 'cancel-twice', async (ctx, rng) => {
    const { id, owner } = await openOrder(ctx, rng);
    const body = ctx.sign.signedCancelBody(owner.stark_key, owner.private_key, id);
    await ctx.call('POST /v1/orders/:order_id/cancel', { params: { order_id: String(id) }, body, label: 'domain:cancel' });
    await ctx.call('POST /v1/orders/:order_id/cancel', { params: { order_id: String(id) }, body, label: 'domain:cancel-twice' });
    ctx.openOrders = ctx.openOrders.filter((o) => o.id !== id);
  }],
  [2, 'cancel-not-an-order', async (ctx, rng) => {
    const a = ctx.acct(rng);
    const id = rng.chance(0.5) && ctx.seqIds.length ? rng.pick(ctx.seqIds) : 99999999;
    await ctx.call('POST /v1/orders/:order_id/cancel', { params: { order_id: String(id) }, body: ctx.sign.signedCancelBody(a.stark_key, a.private_key, id), label: 'domain:cancel-unknown' });
  }],
  [2, 'mint-other-key', async (ctx, rng) => {
    await ctx.call('POST /v1/mints', { body: { contract_address: DMINT, stark_key: ctx.acct(rng).stark_key, amount: 1 }, key: ctx.otherKeys.length ? rng.pick(ctx.otherKeys) : 'rk-none', label: 'domain:mint-other-key' });
  }],
  [2, 'mint-existing', async (ctx, rng) => {
    await ctx.call('POST /v1/mints', { body: { contract_address: rng.pick([DMINT, R721, RDD20]), stark_key: ctx.acct(rng).stark_key, token_ids: rng.pick(['1', '1,2', '2,2']) }, key: ctx.apiKey, label: 'domain:mint-existing' });
  }],
  [2, 'mint-too-many', async (ctx, rng) => {
    await ctx.call('POST /v1/mints', { body: { contract_address: DMINT, stark_key: ctx.acct(rng).stark_key, amount: rng.pick([0, 101, 100000]) }, key: ctx.apiKey, label: 'domain:mint-too-many' });
  }],
  [2, 'contract-duplicate', async (ctx, rng) => {
    await ctx.call('POST /v1/project/contract', { body: { project_uuid: ctx.demoProject, contract_type: rng.pick(['ERC20', 'ERC721']), contract_address: rng.pick([RDD20, R721, DMINT.toLowerCase()]), name: 'dup' }, key: ctx.apiKey, label: 'domain:contract-duplicate' });
  }],
  [2, 'contract-other-key', async (ctx, rng) => {
    await ctx.call('POST /v1/project/contract', { body: { project_uuid: ctx.demoProject, contract_type: 'ERC721', contract_address: '0x' + rng.hex(40) }, key: ctx.otherKeys.length ? rng.pick(ctx.otherKeys) : 'rk-none', label: 'domain:contract-other-key' });
  }],
  [2, 'remove-used', async (ctx, rng) => {
    if (rng.chance(0.5) && ctx.demoContracts.length) await ctx.call('POST /v1/project/remove_contract', { body: { contract_uuid: rng.pick(ctx.demoContracts).uuid }, key: ctx.apiKey, label: 'domain:remove-used-contract' });
    else await ctx.call('POST /v1/project/remove_project', { body: { project_uuid: ctx.demoProject }, key: ctx.apiKey, label: 'domain:remove-nonempty-project' });
  }],
  [2, 'other-key-project', async (ctx, rng) => {
    const key = ctx.otherKeys.length ? rng.pick(ctx.otherKeys) : 'rk-none';
    const r = rng.int(4);
    if (r === 0) await ctx.call('POST /v1/project/edit_project', { body: { project_uuid: ctx.demoProject, new_project_name: 'stolen' }, key, label: 'domain:other-key' });
    else if (r === 1) await ctx.call('POST /v1/marketplace', { body: { marketplace_name: 'x', marketplace_payee_address: ctx.acct(rng).stark_key, marketplace_fee: '0.01', project_uuid: ctx.demoProject }, key, label: 'domain:other-key' });
    else if (r === 2) await ctx.call('GET /v1/project/:uuid/storage', { params: { uuid: ctx.demoProject }, key, label: 'domain:other-key' });
    else await ctx.call('POST /v1/project/:uuid/storage/remove', { params: { uuid: ctx.demoProject }, body: { cid: ctx.cids[0]?.cid ?? 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy' }, key, label: 'domain:other-key' });
  }],
  [2, 'claim-nothing', async (ctx, rng) => {
    await ctx.call('POST /_devnet/withdrawals/claim', { body: { ethaddress: '0x' + rng.hex(40), asset_id: rng.pick([ctx.eth, ctx.rdd, '0x1']) }, label: 'domain:claim-nothing' });
  }],
  [2, 'record-status-illegal', async (ctx, rng) => {
    await ctx.call('POST /_devnet/records/:sequence_id/status', { params: { sequence_id: String(rng.pick([1, 2, 3, 99999, ...ctx.seqIds])) }, body: { status: rng.pick([0, 1, 2, 3, 4, 5, 6]) }, label: 'domain:record-status' });
  }],
  [1, 'revert-unknown', async (ctx, rng) => {
    await ctx.call('POST /_devnet/snapshots/:id/revert', { params: { id: rng.pick(['0xffff', '0x0', '1', 'abc']) }, label: 'domain:revert-unknown' });
  }],
  [2, 'deposit-odd', async (ctx, rng) => {
    const body = rng.pick([
      { stark_key: ctx.acct(rng).stark_key, contract_address: '0x' + rng.hex(40), amount: '1' },
      { stark_key: ctx.acct(rng).stark_key, contract_address: R721, token_id: '1' },
      { stark_key: ctx.acct(rng).stark_key, contract_address: R721, amount: '1' },
      { stark_key: ctx.acct(rng).stark_key, contract_address: 'eth', token_id: '5' },
      { stark_key: ctx.acct(rng).stark_key, contract_address: 'eth', amount: '1', token_id: '5' },
      { stark_key: ctx.acct(rng).stark_key, contract_address: DMINT, token_id: ctx.nextTokenId() },
      { stark_key: ctx.acct(rng).stark_key, contract_address: 'eth' },
    ]);
    await ctx.call('POST /_devnet/deposit', { body, label: 'domain:deposit' });
  }],
  [1, 'clock-backwards', async (ctx, rng) => {
    await ctx.call('POST /_devnet/clock', { body: rng.pick([{ set: '2025-01-01T00:00:00Z' }, { set: '10000-01-01T00:00:00Z' }, { advance_seconds: 1, set: '2030-01-01T00:00:00Z' }, {}]), label: 'domain:clock' });
  }],
  [1, 'fault-bad', async (ctx, rng) => {
    await ctx.call('POST /_devnet/faults', { body: rng.pick([{ path: '/_devnet/health', error_code: 19 }, { path: '/v1/nonce' }, { path: '/v1/nonce', error_code: 0 }, { path: '/v1/nonce', error_code: 19, probability: 0.5, nth: 2 }, { path: 'v1/nonce', error_code: 19 }]), label: 'domain:fault' });
    await ctx.call('DELETE /_devnet/faults', { label: 'cleanup' });
  }],
];

/** Paths no route declares (or declares for another method). */
export async function unknownRoute(ctx: Ctx, rng: Rng): Promise<void> {
  const path = rng.pick(['/v3/balances', '/v3/order', '/v1/unknown', '/v1', '/v2', '/v2/balance', '/_devnet', '/_devnet/unknown', '/ipfs', '/ipfs/', '/v1/project//storage', '/favicon.ico', '/openapi', '/v1/order/', '/V1/nonce', '/%', '/..', '/v1/orders/1/cancel/x', '/robots.txt', '/v1/orders/1', '/v1/transfers/1', '/_devnet/records/1', '/_devnet/snapshots/0x1', '/v1/nfts', '/v1/collection/', '/%2e%2e/etc/passwd', '/v1/nonce%00', '/' + 'a'.repeat(5000)]);
  const method = rng.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);
  const d = draft(`${method} ${path.length > 60 ? path.slice(0, 20) + '…' : path}`, { labels: ['unknown-route'], pathOverride: path });
  if (method !== 'GET' && rng.chance(0.5)) d.body = { kind: 'json', value: { a: 1 } };
  await ctx.send(d);
}

/** A base request mutated (the corpus's main kind of step). */
export async function mutatedRequest(ctx: Ctx, rng: Rng, route: RouteDef, mutate: (d: Draft) => void): Promise<void> {
  const { d, signer } = await route.base(ctx, rng.fork('base'));
  const m = clone(d);
  // One in twenty goes unmutated: the base itself, valid (or refused by the state it meets).
  if (rng.chance(0.05)) {
    m.labels = ['base'];
  } else {
    m.labels = [];
    const mr = rng.fork('mutate');
    if (route.extra && mr.chance(0.5) && route.extra(m, mr)) {
      if (mr.chance(0.2)) mutate(m);
    } else {
      mutate(m);
    }
  }
  let snapshot: string | undefined;
  if (route.wrap) {
    const s = await ctx.call('POST /_devnet/snapshots', { label: 'wrap' });
    snapshot = typeof s.json?.id === 'string' ? s.json.id : undefined;
  }
  const r = await ctx.send(m, signer);
  if (route.after) await route.after(ctx, r, m);
  if (snapshot) {
    await ctx.call('POST /_devnet/snapshots/:id/revert', { params: { id: snapshot }, label: 'wrap' });
    ctx.snapshots = ctx.snapshots.filter((x) => x !== snapshot);
  }
}

