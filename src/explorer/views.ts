// The explorer's reads beyond the overview: the search box and the detail pages (account, record,
// order, contract, stored file) and the paged lists. Each read goes through an index of the state
// (a map lookup, an account's record list, the trade and open-order indexes), so its cost is the
// page it answers, never the history. Amounts come in display units with the quantized value beside.
import { allOf, listingOf } from '../domain/values/listing.js';
import type { NftEntry } from '../domain/catalog/nfts.js';
import { contractOf } from '../domain/catalog/assets.js';
import { findContract } from '../domain/catalog/contracts.js';
import { contractInfo } from '../domain/catalog/views.js';
import { nftsOf } from '../domain/catalog/nfts.js';
import { balanceRowsV1 } from '../domain/ledger/balances.js';
import { recordView } from '../domain/records/record-views.js';
import { isoMicros } from '../domain/state/clock.js';
import type { LedgerRecord, State, StoredFile } from '../domain/state/state.js';
import { RECORD_TYPES } from '../domain/state/state.js';
import { endpointOf } from '../domain/storage/storage.js';
import { trades } from '../domain/trading/depth.js';
import { orderDetail, priceViews } from '../domain/trading/order-views.js';
import { displayAmount } from '../domain/values/money.js';
import { readHex, toHex } from '../domain/values/hex.js';
import type { StatusStep } from './history.js';

export { DEFAULT_PAGE, MAX_PAGE } from './constants.js';

export const RECORD_TYPE_NAMES: Readonly<Record<number, string>> = Object.fromEntries(
  Object.entries(RECORD_TYPES).map(([name, n]) => [n, name]),
);

/** One search hit: what it is, its id (the hash route is `#/{kind}/{id}`), a line for people. */
export interface SearchHit {
  kind: 'account' | 'record' | 'order' | 'contract' | 'file';
  id: string;
  label: string;
}

/** A page of a list newest first: `next` is the cursor of the next page (null on the last). */
export interface Paged<T> {
  items: T[];
  total: number;
  next: number | null;
}

function nameOf(state: State, key: string): string | null {
  for (const a of state.namedAccounts) if (a.starkKey === key) return a.name;
  return null;
}

/** A normalized `0x` hex form, or undefined when `q` is not hex. */
function hexOf(q: string): string | undefined {
  const v = readHex(q, true);
  return v === undefined ? undefined : toHex(v);
}

function fileByCid(state: State, cid: string): StoredFile | undefined {
  // One map lookup per project: the cost grows with the projects, never with the files.
  for (const files of state.storage.values()) {
    const f = files.get(cid);
    if (f) return f;
  }
  return undefined;
}

/** `GET /_devnet/search?q=`: a stark key (or a genesis name), a sequence id or order id, a CID, a signature's r, a contract address. */
export function search(state: State, raw: string): SearchHit[] {
  const q = raw.trim();
  const hits: SearchHit[] = [];
  if (q === '') return hits;
  if (/^\d{1,15}$/.test(q)) {
    const id = Number(q);
    const r = state.records.get(id);
    if (r) hits.push({ kind: 'record', id: q, label: `record ${id}: ${RECORD_TYPE_NAMES[r.type] ?? r.type}, status ${r.status}` });
    const o = state.orders.get(id);
    if (o)
      hits.push({
        kind: 'order',
        id: q,
        label: `order ${id}: ${o.direction === 0 ? 'ASK' : 'BID'}, ${['placed', 'cancelled', 'filled', 'partially filled'][o.state] ?? `state ${o.state}`}`,
      });
  }
  const named = state.namedAccounts.find((a) => a.name.toLowerCase() === q.toLowerCase());
  if (named) hits.push({ kind: 'account', id: named.starkKey, label: `account ${named.name}` });
  const hex = hexOf(q);
  if (hex !== undefined) {
    if (state.accounts.has(hex) && !named) hits.push({ kind: 'account', id: hex, label: `account ${nameOf(state, hex) ?? hex}` });
    for (const key of state.signaturesByR.get(hex) ?? []) {
      for (const seq of state.signatures.get(key) ?? [])
        hits.push({ kind: 'record', id: String(seq), label: `record ${seq} signed with r = ${hex}` });
    }
  }
  const c = /^0x[0-9a-f]{1,40}$/i.test(q) || q.toLowerCase() === 'eth' ? findContract(state, hex === undefined ? 'eth' : q) : undefined;
  if (c) hits.push({ kind: 'contract', id: c.address, label: `contract ${c.symbol} (${c.type})` });
  if (/^[a-z2-7]{20,}$|^Qm[1-9A-HJ-NP-Za-km-z]{44}$|^b[a-z2-7]{20,}$/.test(q)) {
    const f = fileByCid(state, q);
    if (f) hits.push({ kind: 'file', id: f.cid, label: `file ${f.filename} (${f.size} bytes)` });
  }
  return hits.slice(0, 50);
}

/** A record as a list row: display amount, quantized on hover. */
export function recordRow(state: State, r: LedgerRecord): Record<string, unknown> {
  const asset = state.assets.get(r.assetHex)!;
  const c = contractOf(state, asset);
  return {
    sequence_id: r.sequenceId,
    type: RECORD_TYPE_NAMES[r.type] ?? String(r.type),
    owner: r.starkKey,
    owner_name: nameOf(state, r.starkKey),
    to: r.to,
    to_name: r.to === null ? null : nameOf(state, r.to),
    status: r.status,
    asset: c.symbol,
    contract_address: c.address,
    token_id: asset.tokenId?.toString() ?? '',
    amount: displayAmount(r.amount, c.quantum, c.decimals),
    quantized: r.amount.toString(),
    order_id: r.orderId,
    reason: r.reason,
    time: isoMicros(r.timeMicros),
  };
}

/** Every record, newest first, from sequence id `before` down (exclusive); ids without a record (cancels) are skipped. */
export function recordPage(state: State, before: number | undefined, limit: number): Paged<Record<string, unknown>> {
  const items: Array<Record<string, unknown>> = [];
  let id = Math.min(before ?? state.nextSequenceId, state.nextSequenceId) - 1;
  for (; id > 0 && items.length < limit; id--) {
    const r = state.records.get(id);
    if (r) items.push(recordRow(state, r));
  }
  while (id > 0 && !state.records.has(id)) id--;
  return { items, total: state.records.size, next: id > 0 ? id + 1 : null };
}

/** A slice of an index list read newest first: `offset` entries skipped. */
function newestFirst<T>(list: readonly T[], offset: number, limit: number): { items: T[]; next: number | null } {
  const items: T[] = [];
  for (let i = list.length - 1 - offset; i >= 0 && items.length < limit; i--) items.push(list[i]!);
  const end = offset + items.length;
  return { items, next: end < list.length ? end : null };
}

/** `#/account/{key}`: balances (display and quantized), NFTs, vaults, records and open orders, each paged. */
export function accountView(
  state: State,
  key: string,
  p: { records: number; orders: number; limit: number },
): Record<string, unknown> | undefined {
  const account = state.accounts.get(key);
  const name = nameOf(state, key);
  if (!account && name === null) return undefined;
  const rows = account ? allOf(balanceRowsV1(state, key)) : [];
  const balances = rows.map((b) => ({
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
  const recs = newestFirst(account?.records ?? [], p.records, p.limit);
  const open = newestFirst([...(state.openByOwner.get(key) ?? [])], p.orders, p.limit);
  return {
    stark_key: key,
    name,
    operator: key === state.operator,
    balances,
    records: {
      items: recs.items.map((id) => recordRow(state, state.records.get(id)!)),
      total: account?.records.length ?? 0,
      next: recs.next,
    },
    open_orders: { items: open.items.map((id) => orderRow(state, id)), total: state.openByOwner.get(key)?.size ?? 0, next: open.next },
  };
}

function orderRow(state: State, id: number): Record<string, unknown> {
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
    token_id: state.assets.get(o.quoteHex)!.tokenId?.toString() ?? '',
    quantity: displayAmount(o.quantity, quote.quantum, quote.decimals),
    filled: displayAmount(o.filled, quote.quantum, quote.decimals),
  };
}

/** `#/record/{id}`: every field of the record (as /v1/record shows it), its reason, the status moves seen, the L1 transaction behind it. */
export function recordDetail(state: State, id: number, steps: readonly StatusStep[], l1Tx?: string): Record<string, unknown> | undefined {
  const r = state.records.get(id);
  if (!r) return undefined;
  // Moves this process saw; when it saw none (created before it started, or the history evicted it), the creation and status now.
  const history =
    steps.length > 0
      ? steps.map((s) => ({ from: s.from, to: s.to, time: s.time, cmd: s.cmd }))
      : [{ from: null, to: r.status, time: isoMicros(r.timeMicros), cmd: '' }];
  return {
    row: recordRow(state, r),
    fields: recordView(state, r),
    reason: r.reason === null ? null : readableReason(state, r.reason),
    history,
    history_complete: steps.length > 0 && steps[0]!.from === null,
    l1_tx: l1Tx ?? null,
  };
}

/**
 * A failure reason as people read it: asset ids as their symbol (and token), stark keys as their
 * genesis name, the quantized amounts after an asset (`has N`, `needs N`) in its display units.
 */
function readableReason(state: State, reason: string): string {
  let asset: ReturnType<typeof contractOf> | undefined;
  return reason.replace(/0x[0-9a-f]+|(?<=(?:has|needs) )\d+/g, (m) => {
    if (!m.startsWith('0x')) return asset ? `${displayAmount(BigInt(m), asset.quantum, asset.decimals)} ${asset.symbol}` : m;
    const a = state.assets.get(m);
    if (a === undefined) return nameOf(state, m) ?? m;
    asset = contractOf(state, a);
    return asset.symbol + (a.tokenId === null ? '' : ` #${a.tokenId}`);
  });
}

/** `#/order/{id}`: the order as /v1/order shows it, its fills and fees. */
export function orderView(state: State, id: number, offset: number, limit: number): Record<string, unknown> | undefined {
  const o = state.orders.get(id);
  if (!o) return undefined;
  const base = contractOf(state, state.assets.get(o.baseHex)!);
  const all = trades(state, { orderId: id });
  const items = all.page(offset, limit);
  return {
    row: orderRow(state, id),
    fields: orderDetail(state, o),
    fees: {
      currency: base.symbol,
      service_fee: displayAmount(o.serviceFee, base.quantum, base.decimals),
      fee_taken: displayAmount(o.feeTaken, base.quantum, base.decimals),
      fee_taken_quantized: o.feeTaken.toString(),
    },
    fills: { items, total: all.total, next: offset + items.length < all.total ? offset + items.length : null },
  };
}

/** `#/contract/{address}`: the contract, and for an NFT contract its tokens with owners and listings, paged. */
export function contractView(state: State, address: string, offset: number, limit: number): Record<string, unknown> | undefined {
  const c = findContract(state, address);
  if (!c) return undefined;
  const info = contractInfo(state, c);
  const nft = c.type !== 'ETH' && c.type !== 'ERC20';
  const tokens = nft
    ? nftsOf(state, c, (hex) => {
        for (const id of state.openByQuote.get(hex) ?? []) {
          const o = state.orders.get(id)!;
          if (o.direction === 0) return { order_id: id, price: priceViews(state, o).display_price };
        }
        return null;
      })
    : listingOf<NftEntry>([]);
  const items = tokens.page(offset, limit);
  return {
    address: c.address,
    symbol: c.symbol,
    type: c.type,
    fields: info,
    tokens: { items, total: tokens.total, next: offset + items.length < tokens.total ? offset + items.length : null },
  };
}

/** `#/file/{cid}`: a stored file: its project, size, and gateway link. */
export function fileView(state: State, cid: string, gatewayUrl: string): Record<string, unknown> | undefined {
  const f = fileByCid(state, cid);
  if (!f) return undefined;
  return {
    cid: f.cid,
    filename: f.filename,
    size: f.size.toString(),
    project_uuid: f.projectUuid,
    created_at: isoMicros(f.createdAtMicros),
    removed: f.removed,
    url: endpointOf(gatewayUrl, f.cid) + encodeURIComponent(f.filename),
  };
}
