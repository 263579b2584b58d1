// The rows the explorer's answers share (a record, a balance, an order, a page of them), each
// declared once as a valibot schema beside the function that fills it: the schema types the builder
// and becomes the answer's JSON Schema in /openapi.json. The overview shows slimmer rows cut from these.
import * as v from 'valibot';
import { contractOf } from '../domain/catalog/assets.js';
import { balanceRowsV1 } from '../domain/ledger/balances.js';
import { RECORD_STATUS } from '../domain/ledger/records.js';
import { isoMicros } from '../domain/state/clock.js';
import { ORDER_STATE } from '../domain/state/orders.js';
import type { Asset, LedgerRecord, State, StoredFile } from '../domain/state/state.js';
import { endpointOf } from '../domain/storage/storage.js';
import { RECORD_TYPES, TOKEN_TYPE } from '../domain/state/state.js';
import { priceViews } from '../domain/trading/order-views.js';
import { allOf, type Listing } from '../domain/values/listing.js';
import { displayAmount } from '../domain/values/money.js';
import { STARK_KEY, TOKEN_ID, count, decimalInt, display, int, isoTime, orNull, text } from '../domain/values/wire.js';

type RecordTypeName = keyof typeof RECORD_TYPES;
export const RECORD_TYPE_NAMES = Object.fromEntries(Object.entries(RECORD_TYPES).map(([name, n]) => [n, name])) as Record<
  number,
  RecordTypeName
>;

export const intOrNull = (description: string) => v.pipe(v.nullable(int()), v.description(description));

/** A page newest first; `next` is the cursor of the next page, null on the last. */
export const page = <T extends v.GenericSchema>(item: T) =>
  v.strictObject({
    items: v.array(item),
    total: count('entries in the whole list'),
    next: intOrNull('the cursor of the next page; null on the last'),
  });

/** A page of `list` from `offset`; `next` is the offset of the page after. */
export function pageOf<T>(list: Listing<T>, offset: number, limit: number): { items: T[]; total: number; next: number | null } {
  const items = list.page(offset, limit);
  const end = offset + items.length;
  return { items, total: list.total, next: end < list.total ? end : null };
}

export function nameOf(state: State, key: string): string | null {
  for (const a of state.namedAccounts) if (a.starkKey === key) return a.name;
  return null;
}
/** A genesis name, else the key itself. */
export const who = (state: State, key: string): string => nameOf(state, key) ?? key;
export const tokenIdText = (asset: Asset): string => asset.tokenId?.toString() ?? '';
export const fileUrl = (gatewayUrl: string, f: StoredFile): string => endpointOf(gatewayUrl, f.cid) + encodeURIComponent(f.filename);

export const RECORD_ROW = v.strictObject({
  sequence_id: int('sequence id'),
  type: v.picklist(Object.keys(RECORD_TYPES) as RecordTypeName[]),
  owner: STARK_KEY,
  owner_name: orNull('the genesis name of the owner, or null'),
  to: orNull('transfers and withdrawals: the receiver (a stark key or Ethereum address); else null'),
  to_name: orNull('the genesis name of the receiver, or null'),
  status: RECORD_STATUS,
  asset: text('symbol'),
  contract_address: text('"eth", or the contract address as registered'),
  token_id: TOKEN_ID,
  amount: display('whole tokens (display units)'),
  quantized: decimalInt('the quantized amount'),
  order_id: intOrNull('order records: the order; else null'),
  reason: orNull('why it failed or was rejected; else null'),
  time: isoTime('when it was made'),
});

/** A record as a list row: display amount, quantized on hover. */
export function recordRow(state: State, r: LedgerRecord): v.InferOutput<typeof RECORD_ROW> {
  const asset = state.assets.get(r.assetHex)!;
  const c = contractOf(state, asset);
  return {
    sequence_id: r.sequenceId,
    type: RECORD_TYPE_NAMES[r.type]!,
    owner: r.starkKey,
    owner_name: nameOf(state, r.starkKey),
    to: r.to,
    to_name: r.to === null ? null : nameOf(state, r.to),
    status: r.status as v.InferOutput<typeof RECORD_STATUS>,
    asset: c.symbol,
    contract_address: c.address,
    token_id: tokenIdText(asset),
    amount: displayAmount(r.amount, c.quantum, c.decimals),
    quantized: r.amount.toString(),
    order_id: r.orderId,
    reason: r.reason,
    time: isoMicros(r.timeMicros),
  };
}

/**
 * The newest `limit` records below sequence id `before` (default: all), newest first. Ids are read
 * down from there, which costs only what it shows unless many ids in a row took no record (cancels,
 * API keys); past a few windows of misses, one pass over the records (kept in sequence order)
 * finishes the page instead: the cost is never the counter's value.
 */
export function newestRecords(state: State, before: number | undefined, limit: number): LedgerRecord[] {
  const out: LedgerRecord[] = [];
  let id = Math.min(before ?? state.nextSequenceId, state.nextSequenceId) - 1;
  for (let misses = 0; id > 0 && out.length < limit && misses < 8 * limit; id--) {
    const r = state.records.get(id);
    if (r) out.push(r);
    else misses++;
  }
  if (id <= 0 || out.length === limit || out.length === state.records.size) return out;
  // The newest records below `id`, in a ring of the last (limit - found) seen.
  const want = limit - out.length;
  const ring: LedgerRecord[] = [];
  let at = 0;
  for (const r of state.records.values()) {
    if (r.sequenceId > id) break;
    if (ring.length < want) ring.push(r);
    else ring[at] = r;
    at = (at + 1) % want;
  }
  for (let i = 0; i < ring.length; i++) out.push(ring[(at - 1 - i + 2 * ring.length) % ring.length]!);
  return out;
}

export const BALANCE_ROW = v.strictObject({
  symbol: text(),
  type: TOKEN_TYPE,
  contract_address: text('"eth", or the contract address as registered'),
  asset_id: text('asset id'),
  token_id: TOKEN_ID,
  available: display('whole tokens free to spend'),
  available_quantized: decimalInt('quantized'),
  frozen: display('whole tokens held by open orders'),
  frozen_quantized: decimalInt('quantized'),
  vault_id: orNull('the vault of (key, asset), if allocated'),
});

/** Every balance of `key` (none for a key without an account), display and quantized. */
export function balanceRows(state: State, key: string): v.InferOutput<typeof BALANCE_ROW>[] {
  return (state.accounts.has(key) ? allOf(balanceRowsV1(state, key)) : []).map((b) => ({
    symbol: b.symbol,
    type: b.type,
    contract_address: b.contract_address,
    asset_id: b.asset_id,
    token_id: b.token_id,
    available: b.display_value,
    available_quantized: b.balance_available.toString(),
    frozen: b.display_frozen,
    frozen_quantized: b.balance_frozen.toString(),
    vault_id: state.vaults.get(`${key}|${b.asset_id}`)?.toString() ?? null,
  }));
}

export const ORDER_ROW = v.strictObject({
  order_id: int('order id'),
  side: v.picklist(['ASK', 'BID']),
  owner: STARK_KEY,
  state: ORDER_STATE,
  price: display('price in whole currency units per whole token'),
  base: text('symbol of the currency'),
  quote: text('symbol of the token traded'),
  token_id: TOKEN_ID,
  quantity: display('whole tokens'),
  filled: display('whole tokens traded so far'),
});

export function orderRow(state: State, id: number): v.InferOutput<typeof ORDER_ROW> {
  const o = state.orders.get(id)!;
  const quote = contractOf(state, state.assets.get(o.quoteHex)!);
  const base = contractOf(state, state.assets.get(o.baseHex)!);
  return {
    order_id: o.id,
    side: o.direction === 0 ? 'ASK' : 'BID',
    owner: o.starkKey,
    state: o.state,
    price: priceViews(state, o).display_price,
    base: base.symbol,
    quote: quote.symbol,
    token_id: tokenIdText(state.assets.get(o.quoteHex)!),
    quantity: displayAmount(o.quantity, quote.quantum, quote.decimals),
    filled: displayAmount(o.filled, quote.quantum, quote.decimals),
  };
}
