// Records: one per accepted command, numbered by the global sequence counter, moving along one table.
import * as v from 'valibot';
import { ensureAccount } from './accounts.js';
import { type LedgerRecord, RecordStatus, type RecordType, type State } from '../state/state.js';
import { append, touch, touchField } from '../state/undo.js';
import { listContractRecord, listRecord, unlistContractRecord, unlistRecord } from './record-lists.js';

export { RecordStatus } from '../state/state.js';
export const RECORD_STATUS = v.pipe(
  v.picklist(Object.values(RecordStatus)),
  v.description(
    '0 submitted, 1 accepted by the service, 2 failed on the service, 3 accepted on L2, 4 rejected on L2, 5 rolled, 6 accepted on L1',
  ),
);

/** The only moves a record's status may make (docs/behaviour.md, "Records"). */
export const STATUS_TRANSITIONS: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2],
  1: [3, 4],
  3: [6, 5],
};

export function canTransition(from: number, to: number): boolean {
  return STATUS_TRANSITIONS[from]?.includes(to) ?? false;
}

/** Takes the next sequence id: every accepted command gets one. */
export function nextSequenceId(state: State): number {
  return state.nextSequenceId++;
}

export interface NewRecord {
  type: RecordType;
  starkKey: string;
  assetHex: string;
  amount: bigint;
  status: number;
  to?: string | null;
  /** List the record for `to` as well (transfers between stark keys). */
  listForReceiver?: boolean;
  reason?: string | null;
  orderId?: number | null;
}

/** Appends a record under a fresh sequence id, listed for its owner (and a stark-key receiver). */
export function appendRecord(state: State, input: NewRecord): LedgerRecord {
  // The account's and the asset's own strings, not the caller's copies: a record holds no text of its own.
  const owner = ensureAccount(state, input.starkKey);
  const asset = state.assets.get(input.assetHex)!;
  const record: LedgerRecord = {
    sequenceId: nextSequenceId(state),
    type: input.type,
    starkKey: owner.key,
    status: input.status,
    timeMicros: state.clock.nowMicros,
    assetHex: asset.hex,
    amount: input.amount,
    to: input.to ?? null,
    reason: input.reason ?? null,
    orderId: input.orderId ?? null,
  };
  // The edits below are untracked and undone by one step (undoAppend): five steps per record cost a
  // live snapshot more memory than the record itself.
  const receiver =
    input.listForReceiver && record.to !== null && record.to !== input.starkKey ? ensureAccount(state, record.to) : undefined;
  Map.prototype.set.call(state.records, record.sequenceId, record);
  countStatus(state, null, record.status);
  state.statusMoves?.push({ sequenceId: record.sequenceId, from: null, to: record.status });
  state.contracts.get(asset.contractKey)!.recordCount += 1;
  if (record.status === RecordStatus.AcceptedByService) Set.prototype.add.call(state.pendingL2, record.sequenceId);
  owner.records.push(record.sequenceId);
  receiver?.records.push(record.sequenceId);
  // The list indexes follow the account lists, in the same untracked step (undoAppend unlists first).
  listRecord(state, owner.key, record);
  if (receiver) listRecord(state, receiver.key, record);
  listContractRecord(state, record);
  state.undo.call(undoAppend, state, record);
  return record;
}

/** Reverses appendRecord's untracked edits (the steps taken after it are undone already). */
function undoAppend(state: State, record: LedgerRecord): void {
  const id = record.sequenceId;
  unlistContractRecord(state, record);
  const pop = (key: string | null): void => {
    const list = key === null ? undefined : state.accounts.get(key)?.records;
    if (list === undefined || list[list.length - 1] !== id) return;
    unlistRecord(state, key!, record);
    list.pop();
  };
  pop(record.starkKey);
  if (record.to !== record.starkKey) pop(record.to);
  Set.prototype.delete.call(state.pendingL2, id);
  state.contracts.get(state.assets.get(record.assetHex)!.contractKey)!.recordCount -= 1;
  Map.prototype.delete.call(state.records, id);
}

/** Normalized key of a signature (`0x` lowercase, unpadded r and s) in the signature index. */
export function signatureKey(r: bigint, s: bigint): string {
  return `0x${r.toString(16)}|0x${s.toString(16)}`;
}

/** Indexes an accepted signed request's signature: `GET /v1/record/by/signature` finds its records. */
export function indexSignature(state: State, key: string, sequenceId: number): void {
  const ids = state.signatures.get(key);
  // Appended in place (undone by truncation): under --signatures skip every request may carry the same
  // placeholder signature, and a copy per request would cost O(requests so far) in time, and in memory
  // for every command a live snapshot keeps.
  if (ids === undefined) {
    state.signatures.set(key, [sequenceId]);
    indexSignatureR(state, key);
  } else append(state.undo, ids, sequenceId);
}

/** Lists a new `0xr|0xs` key under its r in `signaturesByR` (an undoable replace of the list). */
export function indexSignatureR(state: State, key: string): void {
  const r = key.slice(0, key.indexOf('|'));
  const keys = state.signaturesByR.get(r);
  state.signaturesByR.set(r, keys === undefined ? [key] : [...keys, key]);
}

/** Keeps `statusCounts` in step with a record appearing (`from` null) or moving; the counts array is replaced, never edited. */
function countStatus(state: State, from: number | null, to: number): void {
  const counts = [...state.statusCounts.counts];
  if (from !== null) counts[from] = (counts[from] ?? 0) - 1;
  counts[to] = (counts[to] ?? 0) + 1;
  touch(state.undo, state.statusCounts);
  state.statusCounts.counts = counts;
}

/** Records per status counted from the records (load, and the invariant that checks the kept counts). */
export function countStatuses(records: Iterable<LedgerRecord>): number[] {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const r of records) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

/**
 * Moves a record's status along the transitions table, keeping the batch queues in step. The caller
 * has checked `canTransition` and applied any ledger effect of the move.
 */
export function setStatus(state: State, record: LedgerRecord, to: number): void {
  if (!canTransition(record.status, to)) throw new RangeError(`illegal status move ${record.status} -> ${to}`);
  if (record.status === RecordStatus.AcceptedByService) state.pendingL2.delete(record.sequenceId);
  if (record.status === RecordStatus.AcceptedOnL2) state.pendingL1.delete(record.sequenceId);
  touchField(state.undo, record, 'status');
  state.statusMoves?.push({ sequenceId: record.sequenceId, from: record.status, to });
  countStatus(state, record.status, to);
  record.status = to;
  if (to === RecordStatus.AcceptedByService) state.pendingL2.add(record.sequenceId);
  if (to === RecordStatus.AcceptedOnL2) state.pendingL1.add(record.sequenceId);
}
