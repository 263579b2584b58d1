// Records: one per accepted command, numbered by the global sequence counter, moving along one table.
import { ensureAccount } from '../ledger/accounts.js';
import type { LedgerRecord, RecordType, State } from '../state/state.js';
import { append, touch } from '../state/undo.js';

export const RecordStatus = {
  SubmittedToService: 0,
  AcceptedByService: 1,
  FailedOnService: 2,
  AcceptedOnL2: 3,
  RejectedOnL2: 4,
  Rolled: 5,
  AcceptedOnL1: 6,
} as const;

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
  const id = state.nextSequenceId;
  state.nextSequenceId = id + 1;
  return id;
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
  const record: LedgerRecord = {
    sequenceId: nextSequenceId(state),
    type: input.type,
    starkKey: input.starkKey,
    status: input.status,
    timeMicros: state.clock.nowMicros,
    assetHex: input.assetHex,
    amount: input.amount,
    to: input.to ?? null,
    reason: input.reason ?? null,
    orderId: input.orderId ?? null,
  };
  state.records.set(record.sequenceId, record);
  state.statusMoves?.push({ sequenceId: record.sequenceId, from: null, to: record.status });
  const contract = state.contracts.get(state.assets.get(record.assetHex)!.contractKey)!;
  touch(state.undo, contract);
  contract.recordCount += 1;
  if (record.status === RecordStatus.AcceptedByService) state.pendingL2.add(record.sequenceId);
  append(state.undo, ensureAccount(state, input.starkKey).records, record.sequenceId);
  if (input.listForReceiver && record.to !== null && record.to !== input.starkKey) {
    append(state.undo, ensureAccount(state, record.to).records, record.sequenceId);
  }
  return record;
}

/** Normalized key of a signature (`0x` lowercase, unpadded r and s) in the signature index. */
export function signatureKey(r: bigint, s: bigint): string {
  return `0x${r.toString(16)}|0x${s.toString(16)}`;
}

/** Indexes an accepted signed request's signature: `GET /v1/record/by/signature` finds its records. */
export function indexSignature(state: State, key: string, sequenceId: number): void {
  const ids = state.signatures.get(key);
  state.signatures.set(key, ids === undefined ? [sequenceId] : [...ids, sequenceId]);
}

/**
 * Moves a record's status along the transitions table, keeping the batch queues in step. The caller
 * has checked `canTransition` and applied any ledger effect of the move.
 */
export function setStatus(state: State, record: LedgerRecord, to: number): void {
  if (!canTransition(record.status, to)) throw new RangeError(`illegal status move ${record.status} -> ${to}`);
  if (record.status === RecordStatus.AcceptedByService) state.pendingL2.delete(record.sequenceId);
  if (record.status === RecordStatus.AcceptedOnL2) state.pendingL1.delete(record.sequenceId);
  touch(state.undo, record);
  state.statusMoves?.push({ sequenceId: record.sequenceId, from: record.status, to });
  record.status = to;
  if (to === RecordStatus.AcceptedByService) state.pendingL2.add(record.sequenceId);
  if (to === RecordStatus.AcceptedOnL2) state.pendingL1.add(record.sequenceId);
}
