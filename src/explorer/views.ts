// The explorer's reads beyond the overview: the search box and the detail pages (account, record,
// order, contract, stored file) and the paged lists. Each read goes through an index of the state
// (a map lookup, an account's record list, the trade and open-order indexes), so its cost is the
// page it answers, never the history. Amounts come in display units with the quantized value beside.
import * as v from 'valibot';
import { listingOf, mappedListing } from '../domain/values/listing.js';
import type { NftEntry } from '../domain/catalog/nfts.js';
import { contractOf } from '../domain/catalog/assets.js';
import { findContract } from '../domain/catalog/contracts.js';
import { contractInfo } from '../domain/catalog/views.js';
import { nftsOf } from '../domain/catalog/nfts.js';
import { RECORD_STATUS } from '../domain/ledger/records.js';
import { recordView } from '../domain/records/record-views.js';
import { isoMicros } from '../domain/state/clock.js';
import type { State, StoredFile } from '../domain/state/state.js';
import { TOKEN_TYPE, isNftType } from '../domain/state/state.js';
import { trades } from '../domain/trading/depth.js';
import { orderDetail, priceViews } from '../domain/trading/order-views.js';
import { displayAmount } from '../domain/values/money.js';
import { STARK_KEY, decimalInt, display, isoTime, orNull, text } from '../domain/values/wire.js';
import type { StatusStep } from './history.js';
import { BALANCE_ROW, ORDER_ROW, RECORD_ROW, balanceRows, fileUrl, nameOf, newestRecords, orderRow, page, pageOf } from './rows.js';
import { recordRow, who } from './rows.js';

export function fileByCid(state: State, cid: string): StoredFile | undefined {
  // One map lookup per project: the cost grows with the projects, never with the files.
  for (const files of state.storage.values()) {
    const f = files.get(cid);
    if (f) return f;
  }
  return undefined;
}

const anyObject = v.pipe(v.record(v.string(), v.unknown()), v.description('the object as the emulated API shows it'));

export const EXPLORER_RECORDS = v.pipe(page(RECORD_ROW), v.title('RecordPage'));

/** Every record, newest first, from sequence id `before` down (exclusive); `next` is the next older record's id + 1. */
export function recordPage(state: State, before: number | undefined, limit: number): v.InferOutput<typeof EXPLORER_RECORDS> {
  const records = newestRecords(state, before, limit + 1);
  const items = records.slice(0, limit).map((r) => recordRow(state, r));
  return { items, total: state.records.size, next: records.length > limit ? records[limit]!.sequenceId + 1 : null };
}

/** An index list read newest first, each row of a page made by `view`. */
const newestFirst = <K, T>(keys: readonly K[], view: (key: K) => T) =>
  mappedListing(
    keys.length,
    (offset, limit) => keys.slice(Math.max(0, keys.length - offset - limit), keys.length - offset).reverse(),
    view,
  );

export const EXPLORER_ACCOUNT = v.pipe(
  v.strictObject({
    stark_key: STARK_KEY,
    name: orNull('the genesis name; null for other keys'),
    operator: v.pipe(v.boolean(), v.description('whether it collects the service fee')),
    balances: v.array(BALANCE_ROW),
    records: page(RECORD_ROW),
    open_orders: page(ORDER_ROW),
  }),
  v.title('AccountDetail'),
);

/** `#/account/{key}`: balances (display and quantized), NFTs, vaults, records and open orders, each paged. */
export function accountView(
  state: State,
  key: string,
  p: { records: number; orders: number; limit: number },
): v.InferOutput<typeof EXPLORER_ACCOUNT> | undefined {
  const account = state.accounts.get(key);
  const name = nameOf(state, key);
  if (!account && name === null) return undefined;
  const records = newestFirst(account?.records ?? [], (id) => recordRow(state, state.records.get(id)!));
  const open = newestFirst([...(state.openByOwner.get(key) ?? [])], (id) => orderRow(state, id));
  return {
    stark_key: key,
    name,
    operator: key === state.operator,
    balances: balanceRows(state, key),
    records: pageOf(records, p.records, p.limit),
    open_orders: pageOf(open, p.orders, p.limit),
  };
}

type Status = v.InferOutput<typeof RECORD_STATUS>;

export const EXPLORER_RECORD = v.pipe(
  v.strictObject({
    row: RECORD_ROW,
    fields: anyObject,
    reason: orNull('why it failed or was rejected; else null'),
    history: v.array(
      v.strictObject({
        from: v.nullable(RECORD_STATUS),
        to: RECORD_STATUS,
        time: isoTime('emulator time of the move'),
        cmd: text('the command that made it'),
      }),
    ),
    history_complete: v.pipe(v.boolean(), v.description('whether every move since its creation was seen by this process')),
    l1_tx: orNull('the L1 transaction that caused it (a deposit read from L1, with --l1); else null'),
  }),
  v.title('RecordDetail'),
);

/** `#/record/{id}`: every field of the record (as /v1/record shows it), its reason, the status moves seen, the L1 transaction behind it. */
export function recordDetail(
  state: State,
  id: number,
  steps: readonly StatusStep[],
  l1Tx?: string,
): v.InferOutput<typeof EXPLORER_RECORD> | undefined {
  const r = state.records.get(id);
  if (!r) return undefined;
  // Moves this process saw; when it saw none (created before it started, or the history evicted it), the creation and status now.
  const history =
    steps.length > 0
      ? steps.map((s) => ({ from: s.from as Status | null, to: s.to as Status, time: s.time, cmd: s.cmd }))
      : [{ from: null, to: r.status as Status, time: isoMicros(r.timeMicros), cmd: '' }];
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
    if (a === undefined) return who(state, m);
    asset = contractOf(state, a);
    return asset.symbol + (a.tokenId === null ? '' : ` #${a.tokenId}`);
  });
}

export const EXPLORER_ORDER = v.pipe(
  v.strictObject({
    row: ORDER_ROW,
    fields: anyObject,
    fees: v.strictObject({
      currency: text('symbol'),
      service_fee: display('whole units'),
      fee_taken: display('whole units'),
      fee_taken_quantized: decimalInt('quantized'),
    }),
    fills: page(anyObject),
  }),
  v.title('OrderDetail'),
);

/** `#/order/{id}`: the order as /v1/order shows it, its fills and fees. */
export function orderView(state: State, id: number, offset: number, limit: number): v.InferOutput<typeof EXPLORER_ORDER> | undefined {
  const o = state.orders.get(id);
  if (!o) return undefined;
  const base = contractOf(state, state.assets.get(o.baseHex)!);
  return {
    row: orderRow(state, id),
    fields: orderDetail(state, o),
    fees: {
      currency: base.symbol,
      service_fee: displayAmount(o.serviceFee, base.quantum, base.decimals),
      fee_taken: displayAmount(o.feeTaken, base.quantum, base.decimals),
      fee_taken_quantized: o.feeTaken.toString(),
    },
    fills: pageOf(trades(state, { orderId: id }), offset, limit),
  };
}

export const EXPLORER_CONTRACT = v.pipe(
  v.strictObject({ address: text('as registered'), symbol: text(), type: TOKEN_TYPE, fields: anyObject, tokens: page(anyObject) }),
  v.title('ContractDetail'),
);

/** `#/contract/{address}`: the contract, and for an NFT contract its tokens with owners and listings, paged. */
export function contractView(
  state: State,
  address: string,
  offset: number,
  limit: number,
): v.InferOutput<typeof EXPLORER_CONTRACT> | undefined {
  const c = findContract(state, address);
  if (!c) return undefined;
  const tokens = isNftType(c.type)
    ? nftsOf(state, c, (hex) => {
        for (const id of state.openByQuote.get(hex) ?? []) {
          const o = state.orders.get(id)!;
          if (o.direction === 0) return { order_id: id, price: priceViews(state, o).display_price };
        }
        return null;
      })
    : listingOf<NftEntry>([]);
  return {
    address: c.address,
    symbol: c.symbol,
    type: c.type,
    fields: contractInfo(state, c),
    tokens: pageOf(tokens, offset, limit),
  };
}

export const EXPLORER_FILE = v.pipe(
  v.strictObject({
    cid: text('CID'),
    filename: text(),
    size: decimalInt('bytes'),
    project_uuid: text('project uuid'),
    created_at: isoTime('when it was stored'),
    removed: v.boolean(),
    url: text('the file on the gateway'),
  }),
  v.title('StoredFileDetail'),
);

/** `#/file/{cid}`: a stored file: its project, size, and gateway link. */
export function fileView(state: State, cid: string, gatewayUrl: string): v.InferOutput<typeof EXPLORER_FILE> | undefined {
  const f = fileByCid(state, cid);
  if (!f) return undefined;
  return {
    cid: f.cid,
    filename: f.filename,
    size: f.size.toString(),
    project_uuid: f.projectUuid,
    created_at: isoMicros(f.createdAtMicros),
    removed: f.removed,
    url: fileUrl(gatewayUrl, f),
  };
}
