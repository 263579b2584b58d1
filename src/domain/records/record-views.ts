// Records in the real service's shapes, declared once as schemas: nested for /v1/records, flattened (`order.<field>`) for /v1/record.
import * as v from 'valibot';
import { contractOf } from '../catalog/assets.js';
import { unixSeconds } from '../state/clock.js';
import { contractKeyFilter } from '../catalog/contracts.js';
import { fail, ErrorCode } from '../values/errors.js';
import { displayAmount } from '../values/money.js';
import { ORDER_RECORD_OBJECT, orderRecordFields, orderRecordObject } from '../trading/order-views.js';
import { RECORD_STATUS, signatureKey } from '../ledger/records.js';
import { type LedgerRecord, RECORD_TYPES, type State, TOKEN_TYPE } from '../state/state.js';
import { CONTRACT_ADDRESS, STARK_KEY, TOKEN_ID, UNIX_SECONDS, decimalInt, display, exactInt, hex, int, text } from '../values/wire.js';
import { type Listing, listingOf, mappedListing } from '../values/listing.js';
import { arrayRun, pageDescending, totalOf } from '../state/runs.js';
import { recordRuns } from '../ledger/record-lists.js';

const common = {
  amount: decimalInt('quantized units'),
  sequence_id: int('sequence id'),
  stark_key: v.pipe(STARK_KEY, v.description('whose record: the depositor, minter, sender or order owner')),
  status: RECORD_STATUS,
  time: UNIX_SECONDS,
  reason: v.optional(text('why the record failed or was undone (only then present)')),
};

const assetFields = {
  asset_id: hex('StarkEx asset id'),
  asset_name: text('symbol'),
  asset_type: TOKEN_TYPE,
  contract_address: CONTRACT_ADDRESS,
  display_value: display('amount in whole tokens'),
  token_id: TOKEN_ID,
};

/** Deposits and mints. */
const ASSET_RECORD = v.pipe(
  v.strictObject({ ...common, ...assetFields, record_type: v.pipe(v.picklist([1, 2]), v.description('1 deposit, 2 mint')) }),
  v.title('AssetRecord'),
);

/** Transfers and withdrawals: an asset record with its two ends. */
const MOVE_RECORD = v.pipe(
  v.strictObject({
    ...common,
    ...assetFields,
    record_type: v.pipe(v.picklist([3, 4]), v.description('3 transfer, 4 withdrawal')),
    from: v.pipe(STARK_KEY, v.description('the sender')),
    to: text('the receiver: a stark key (transfer) or an Ethereum address (withdrawal)'),
  }),
  v.title('MoveRecord'),
);

const ORDER_RECORD_TYPE = v.pipe(v.picklist([7, 8]), v.description('7 ASK order, 8 BID order'));

/** ASK and BID orders, with the order nested. */
const ORDER_RECORD = v.pipe(
  v.strictObject({ ...common, record_type: ORDER_RECORD_TYPE, order: ORDER_RECORD_OBJECT }),
  v.title('OrderRecord'),
);

/** A row of GET /v1/records: an asset, move or order record. */
export const RECORD = v.pipe(v.union([ASSET_RECORD, MOVE_RECORD, ORDER_RECORD]), v.title('Record'));
export type RecordView = v.InferOutput<typeof RECORD>;

/** An order record as GET /v1/record answers it: `order.<field>` keys, token_id at the top, and the nested `order` too. */
const FLAT_ORDER_RECORD = v.pipe(
  v.strictObject({
    ...common,
    record_type: ORDER_RECORD_TYPE,
    token_id: TOKEN_ID,
    ...(Object.fromEntries(Object.entries(orderRecordFields).map(([k, s]) => [`order.${k}`, s])) as {
      [K in keyof typeof orderRecordFields as `order.${K}`]: (typeof orderRecordFields)[K];
    }),
    order: v.pipe(ORDER_RECORD_OBJECT, v.description("the same order nested, as Java's SequenceRecord reads it")),
  }),
  v.title('SingleOrderRecord'),
);

/** GET /v1/record, /v1/txn, /v1/record/by/signature: a record in the single-record form (asset and move records have nothing to flatten). */
export const SINGLE_RECORD = v.pipe(v.union([ASSET_RECORD, MOVE_RECORD, FLAT_ORDER_RECORD]), v.title('SingleRecord'));
export type SingleRecordView = v.InferOutput<typeof SINGLE_RECORD>;

/** Asset records (deposit, mint, transfer, withdrawal) and order records, shaped as the real service answers them (keys in order). */
export function recordView(state: State, record: LedgerRecord): RecordView {
  const amount = record.amount.toString();
  const status = record.status as RecordView['status'];
  const tail = { sequence_id: record.sequenceId, stark_key: record.starkKey, status, time: unixSeconds(record.timeMicros) };
  const reason = record.reason === null ? {} : { reason: record.reason };
  if (record.orderId !== null) {
    const order = orderRecordObject(state, state.orders.get(record.orderId)!);
    return { amount, order, record_type: record.type as 7 | 8, ...tail, ...reason };
  }
  const asset = state.assets.get(record.assetHex)!;
  const contract = contractOf(state, asset);
  const moved = record.type === RECORD_TYPES.transfer || record.type === RECORD_TYPES.withdrawal;
  return {
    amount,
    asset_id: asset.hex,
    asset_name: contract.symbol,
    asset_type: contract.type,
    contract_address: contract.address,
    display_value: displayAmount(record.amount, contract.quantum, contract.decimals),
    ...(moved ? { from: record.starkKey, to: record.to! } : {}),
    record_type: record.type as 1 | 2 | 3 | 4,
    ...tail,
    token_id: asset.tokenId === null ? '' : asset.tokenId.toString(),
    ...reason,
  } as RecordView;
}

/**
 * `GET /v1/record`: the order of an order record flattened into `order.<field>` keys (token_id at the
 * top), as the seed shows, and the nested `order` object kept beside them, which Java's SequenceRecord
 * parses (records of other types carry no `order` key at all: the marketplace app tests `'order' in record`).
 */
export function singleRecordView(view: RecordView): SingleRecordView {
  if (!('order' in view)) return view;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(view)) {
    if (k !== 'order') out[k] = x;
    else for (const [ok, ox] of Object.entries(x as object)) out[ok === 'token_id' ? ok : `order.${ok}`] = ox;
  }
  out.order = view.order;
  return out as SingleRecordView;
}

/**
 * `record_type` values that are filters over several types in the real service's table (the JS
 * SDK passes whatever number its caller chose): 0 All, 6 TransferAll, 9 OrderRecordAll.
 * Every other value selects the record type of that number.
 */
function recordTypesFor(t: number | undefined): ReadonlySet<number> | undefined {
  if (t === undefined || t === 0) return undefined;
  return new Set(t === 6 ? [RECORD_TYPES.transfer] : t === 9 ? [RECORD_TYPES.ask, RECORD_TYPES.bid] : [t]);
}

export interface RecordQuery {
  contractAddress?: string | undefined;
  /** A record type, or an aggregate filter (0 all, 6 transfers, 9 orders). */
  recordType?: number | undefined;
  sequenceIds?: number[] | undefined;
}

/** `GET /v1/records` for a normalized stark key: the page's views are built when the page is read. */
export function recordsFor(state: State, starkKey: string, q: RecordQuery): Listing<RecordView> {
  const contractKey = contractKeyFilter(state, q.contractAddress);
  const types = recordTypesFor(q.recordType);
  const view = (r: LedgerRecord) => recordView(state, r);
  // The records of `ids` (in their order) that the filter keeps.
  const kept = (ids: readonly number[]) =>
    ids
      .map((id) => state.records.get(id)!)
      .filter(
        (r) =>
          (types === undefined || types.has(r.type)) &&
          (contractKey === undefined || state.assets.get(r.assetHex)!.contractKey === contractKey),
      );
  const ids = state.accounts.get(starkKey)?.records ?? [];
  if (q.sequenceIds !== undefined) {
    // The named records the key lists, newest first: O(k log n).
    const listed = arrayRun(ids);
    const named = [...new Set(q.sequenceIds)].sort((a, b) => b - a).filter((id) => ids[listed.rankOf(id)] === id);
    return listingOf(kept(named), view);
  }
  const runs = recordRuns(state, starkKey, contractKey, types);
  // A short history without lists: filtered whole, newest first.
  if (runs === undefined) return listingOf(kept([...ids].reverse()), view);
  return mappedListing(
    totalOf(runs),
    (offset, limit) => pageDescending(runs, offset, limit),
    (id) => view(state.records.get(id)!),
  );
}

/**
 * `GET /v1/txns?contract_address=`: every record naming the contract's assets (any key's), newest
 * first, from the contract's own list (a page costs its rows); 15 for a contract not registered (the caller checks it was given).
 */
export function contractRecords(state: State, contractAddress: string): Listing<RecordView> {
  const key = contractKeyFilter(state, contractAddress)!;
  const runs = [state.lists.contractRecords.get(key) ?? arrayRun([])];
  return mappedListing(
    totalOf(runs),
    (offset, limit) => pageDescending(runs, offset, limit),
    (id) => recordView(state, state.records.get(id)!),
  );
}

/**
 * `GET /v1/record`: one record listed for the key (sender or receiver), or any record when no key is
 * given (Java's batch and multi transfer pollers send none; so does `GET /v1/txn`); 19 otherwise.
 */
export function recordFor(state: State, starkKey: string | undefined, sequenceId: number): SingleRecordView {
  const record = state.records.get(sequenceId);
  if (record === undefined) fail(ErrorCode.InvalidParam, `no record with sequence_id ${sequenceId}`);
  if (starkKey !== undefined && record.starkKey !== starkKey && record.to !== starkKey)
    fail(ErrorCode.InvalidParam, `no record with sequence_id ${sequenceId} for stark_key ${starkKey}`);
  return singleRecordView(recordView(state, record));
}

/** `GET /v1/record/by/signature`: the records an accepted signed request created, in /v1/record's shape; [] for none. */
export function recordsBySignature(state: State, r: bigint, s: bigint): SingleRecordView[] {
  return (state.signatures.get(signatureKey(r, s)) ?? []).map((id) => singleRecordView(recordView(state, state.records.get(id)!)));
}

/** GET /v1/token: the token id a mint created. */
export const MINTED_TOKEN = v.strictObject({ token_id: exactInt('the token id') });

/** `GET /v1/token?seq_id=`: the token a mint record created (19 for any other sequence id). */
export function mintedToken(state: State, sequenceId: number): v.InferOutput<typeof MINTED_TOKEN> {
  const record = state.records.get(sequenceId);
  if (record === undefined || record.type !== RECORD_TYPES.mint)
    fail(ErrorCode.InvalidParam, `sequence_id ${sequenceId} is not a mint record`);
  return { token_id: state.assets.get(record.assetHex)!.tokenId! };
}
