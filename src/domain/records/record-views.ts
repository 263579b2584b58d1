// Records in the real service's shapes: nested for /v1/records, flattened (`order.<field>`) for /v1/record.
import { contractOf } from '../catalog/assets.js';
import { unixSeconds } from '../state/clock.js';
import { contractKeyFilter } from '../catalog/contracts.js';
import { fail, ErrorCode } from '../values/errors.js';
import { displayAmount } from '../values/money.js';
import { orderRecordObject } from '../trading/order-views.js';
import { signatureKey } from '../ledger/records.js';
import type { LedgerRecord, State } from '../state/state.js';
import { RECORD_TYPES } from '../state/state.js';
import { listingOf, mappedListing } from '../values/listing.js';
import type { Listing } from '../values/listing.js';
import { arrayRun, pageDescending, totalOf } from '../state/runs.js';
import { recordRuns } from '../ledger/record-lists.js';

export type RecordView = Record<string, unknown>;

/** Asset records (deposit, mint, transfer, withdrawal), shaped as the real service answers them. */
export function recordView(state: State, record: LedgerRecord): RecordView {
  if (record.orderId !== null) {
    const view: RecordView = {
      amount: record.amount.toString(),
      order: orderRecordObject(state, state.orders.get(record.orderId)!),
      record_type: record.type,
      sequence_id: record.sequenceId,
      stark_key: record.starkKey,
      status: record.status,
      time: unixSeconds(record.timeMicros),
    };
    if (record.reason !== null) view.reason = record.reason;
    return view;
  }
  const asset = state.assets.get(record.assetHex)!;
  const contract = contractOf(state, asset);
  const view: RecordView = {
    amount: record.amount.toString(),
    asset_id: asset.hex,
    asset_name: contract.symbol,
    asset_type: contract.type,
    contract_address: contract.address,
    display_value: displayAmount(record.amount, contract.quantum, contract.decimals),
  };
  if (record.type === RECORD_TYPES.transfer || record.type === RECORD_TYPES.withdrawal) {
    view.from = record.starkKey;
    view.to = record.to;
  }
  Object.assign(view, {
    record_type: record.type,
    sequence_id: record.sequenceId,
    stark_key: record.starkKey,
    status: record.status,
    time: unixSeconds(record.timeMicros),
    token_id: asset.tokenId === null ? '' : asset.tokenId.toString(),
  });
  if (record.reason !== null) view.reason = record.reason;
  return view;
}

/**
 * `GET /v1/record`: nested objects flattened into `parent.child` keys, as the seed shows, and the
 * nested `order` object kept beside them, which Java's SequenceRecord parses (records of other
 * types carry no `order` key at all: the marketplace app tests `'order' in record`).
 */
export function singleRecordView(view: RecordView): RecordView {
  const flat = flattenView(view);
  if (view.order !== undefined) flat.order = view.order;
  return flat;
}

/** Nested objects flattened into `parent.child` keys (token_id goes to the top level). */
export function flattenView(view: RecordView): RecordView {
  const out: RecordView = {};
  for (const [k, v] of Object.entries(view)) {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      for (const [ck, cv] of Object.entries(v as Record<string, unknown>)) {
        // token_id sits at the top level in the flattened form.
        if (ck === 'token_id') out.token_id = cv;
        else out[`${k}.${ck}`] = cv;
      }
    } else {
      out[k] = v;
    }
  }
  return out;
}

export interface RecordFilter {
  contractKey?: string | undefined;
  /** Record types to keep; undefined keeps all. */
  recordTypes?: ReadonlySet<number> | undefined;
  sequenceIds?: ReadonlySet<number> | undefined;
}

/**
 * `record_type` values that are filters over several types in the real service's table (the JS
 * SDK passes whatever number its caller chose): 0 All, 6 TransferAll, 9 OrderRecordAll.
 * Every other value selects the record type of that number.
 */
const AGGREGATE_FILTERS: ReadonlyMap<number, ReadonlySet<number> | undefined> = new Map([
  [0, undefined],
  [6, new Set<number>([RECORD_TYPES.transfer])],
  [9, new Set<number>([RECORD_TYPES.ask, RECORD_TYPES.bid])],
]);

function recordTypesFor(recordType: number | undefined): ReadonlySet<number> | undefined {
  if (recordType === undefined) return undefined;
  return AGGREGATE_FILTERS.has(recordType) ? AGGREGATE_FILTERS.get(recordType) : new Set([recordType]);
}

/** The records listed for a key, newest first, filtered. Cost grows with that key's records only. */
export function recordsOf(state: State, starkKey: string, filter: RecordFilter): LedgerRecord[] {
  const ids = state.accounts.get(starkKey)?.records ?? [];
  const out: LedgerRecord[] = [];
  for (let i = ids.length - 1; i >= 0; i--) {
    const record = state.records.get(ids[i]!)!;
    if (filter.recordTypes !== undefined && !filter.recordTypes.has(record.type)) continue;
    if (filter.sequenceIds !== undefined && !filter.sequenceIds.has(record.sequenceId)) continue;
    if (filter.contractKey !== undefined && state.assets.get(record.assetHex)!.contractKey !== filter.contractKey) continue;
    out.push(record);
  }
  return out;
}

export interface RecordQuery {
  contractAddress?: string | undefined;
  /** A record type, or an aggregate filter (0 all, 6 transfers, 9 orders). */
  recordType?: number | undefined;
  sequenceIds?: number[] | undefined;
}

/** `GET /v1/records` for a normalized stark key: the page's views are built when the page is read. */
export function recordsFor(state: State, starkKey: string, q: RecordQuery): Listing<RecordView> {
  const filter: RecordFilter = {
    contractKey: contractKeyFilter(state, q.contractAddress),
    recordTypes: recordTypesFor(q.recordType),
    sequenceIds: q.sequenceIds === undefined ? undefined : new Set(q.sequenceIds),
  };
  const view = (r: LedgerRecord) => recordView(state, r);
  if (filter.sequenceIds !== undefined) return listingOf(namedRecords(state, starkKey, filter), view);
  const runs = recordRuns(state, starkKey, filter.contractKey, filter.recordTypes);
  if (runs === undefined) return listingOf(recordsOf(state, starkKey, filter), view);
  return mappedListing(
    totalOf(runs),
    (offset, limit) => pageDescending(runs, offset, limit),
    (id) => view(state.records.get(id)!),
  );
}

/** The records named by `sequence_ids` that the key lists and the filter keeps, newest first: O(k log n). */
function namedRecords(state: State, starkKey: string, filter: RecordFilter): LedgerRecord[] {
  const listed = arrayRun(state.accounts.get(starkKey)?.records ?? []);
  const out: LedgerRecord[] = [];
  for (const id of [...filter.sequenceIds!].sort((a, b) => b - a)) {
    const at = listed.rankOf(id);
    if (listed.slice(at, at + 1)[0] !== id) continue;
    const record = state.records.get(id)!;
    if (filter.recordTypes !== undefined && !filter.recordTypes.has(record.type)) continue;
    if (filter.contractKey !== undefined && state.assets.get(record.assetHex)!.contractKey !== filter.contractKey) continue;
    out.push(record);
  }
  return out;
}

/**
 * `GET /v1/record`: one record listed for the key (sender or receiver), or any record when no key is
 * given (Java's batch and multi transfer pollers send none; so does `GET /v1/txn`); 19 otherwise.
 */
export function recordFor(state: State, starkKey: string | undefined, sequenceId: number): RecordView {
  const record = state.records.get(sequenceId);
  if (record === undefined) fail(ErrorCode.InvalidParam, `no record with sequence_id ${sequenceId}`);
  if (starkKey !== undefined && record.starkKey !== starkKey && record.to !== starkKey)
    fail(ErrorCode.InvalidParam, `no record with sequence_id ${sequenceId} for stark_key ${starkKey}`);
  return singleRecordView(recordView(state, record));
}

/** `GET /v1/record/by/signature`: the records an accepted signed request created, in /v1/record's shape; [] for none. */
export function recordsBySignature(state: State, r: bigint, s: bigint): RecordView[] {
  return (state.signatures.get(signatureKey(r, s)) ?? []).map((id) => singleRecordView(recordView(state, state.records.get(id)!)));
}

/** `GET /v1/token?seq_id=`: the token a mint record created (19 for any other sequence id). */
export function mintedToken(state: State, sequenceId: number): { token_id: bigint } {
  const record = state.records.get(sequenceId);
  if (record === undefined || record.type !== RECORD_TYPES.mint)
    fail(ErrorCode.InvalidParam, `sequence_id ${sequenceId} is not a mint record`);
  return { token_id: state.assets.get(record.assetHex)!.tokenId! };
}
