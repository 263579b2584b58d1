// Record settlement: L2/L1 batches, the interval schedule, and hand moves with their ledger reverts.
import { isoMicros, MAX_MICROS, parseIsoMicros } from '../state/clock.js';
import { echo, ErrorCode, fail } from '../values/errors.js';
import { balanceOf, credit, debit, recordIssue } from '../ledger/ledger.js';
import { canTransition, RecordStatus, setStatus } from '../ledger/records.js';
import { type LedgerRecord, RECORD_TYPES, type State } from '../state/state.js';
import { enterWithdrawArea, moveWithdrawing } from '../ledger/withdrawals.js';

export type BatchLayer = 'l2' | 'l1' | 'both';

/** `auto` and `manual` wait for POST /_devnet/batches; `interval` cuts a batch every N clock seconds. */
export type SettlementOption = 'auto' | 'manual' | { interval: number };

/** Parses `auto`, `manual` or `interval:SECONDS` (SECONDS a positive safe integer). */
export function parseSettlement(text: string): SettlementOption | undefined {
  if (text === 'auto' || text === 'manual') return text;
  const m = /^interval:([1-9]\d*)$/.exec(text);
  if (!m || !Number.isSafeInteger(Number(m[1]))) return undefined;
  return { interval: Number(m[1]) };
}

function ascending(ids: Iterable<number>): number[] {
  return [...ids].sort((a, b) => a - b);
}

/** L2 batch: every record at 1 is accepted on L2 (3). L1 batch: every record at 3 is accepted on L1 (6). */
export interface BatchResult {
  /** Every record that moved, once, ascending. */
  moved: number[];
  /** Records accepted on L2 (1 -> 3) by this batch. */
  l2: number[];
  /** Records accepted on L1 (3 -> 6) by this batch; with `both` this includes the l2 ones. */
  l1: number[];
}

export function runBatch(state: State, layer: BatchLayer): BatchResult {
  const l2 = layer === 'l1' ? [] : ascending(state.pendingL2);
  for (const id of l2) setStatus(state, state.records.get(id)!, RecordStatus.AcceptedOnL2);
  // Read after the L2 step: with `both`, the records it accepted go on to L1.
  const l1 = layer === 'l2' ? [] : ascending(state.pendingL1);
  for (const id of l1) acceptOnL1(state, state.records.get(id)!);
  return { moved: ascending(new Set([...l2, ...l1])), l2, l1 };
}

function acceptOnL1(state: State, record: LedgerRecord): void {
  setStatus(state, record, RecordStatus.AcceptedOnL1);
  if (record.type === RECORD_TYPES.withdrawal) enterWithdrawArea(state, record);
}

/**
 * interval mode: cut every batch that fell due up to the emulator's now. Each cut first moves L2-accepted
 * records to L1, then accepted records to L2, so a record needs two cuts to reach L1.
 */
export function runDueBatches(state: State): number[] {
  const s = state.settlement;
  if (s.mode !== 'interval' || s.intervalMicros <= 0n) return [];
  const moved = new Set<number>();
  while (s.nextCutMicros <= state.clock.nowMicros) {
    if (state.pendingL1.size === 0 && state.pendingL2.size === 0) {
      // Nothing can move at any later cut either: jump to the first cut after now.
      s.nextCutMicros += ((state.clock.nowMicros - s.nextCutMicros) / s.intervalMicros + 1n) * s.intervalMicros;
      break;
    }
    for (const id of runBatch(state, 'l1').moved) moved.add(id);
    for (const id of runBatch(state, 'l2').moved) moved.add(id);
    s.nextCutMicros += s.intervalMicros;
  }
  return ascending(moved);
}

/** Undoes a record's ledger effect; or, when it cannot be undone now, says why (changing nothing). */
function revert(state: State, record: LedgerRecord): string | null {
  const asset = state.assets.get(record.assetHex)!;
  const { starkKey: owner, amount } = record;
  switch (record.type) {
    case RECORD_TYPES.withdrawal:
      // The amount left the sender at submission and has not reached the withdraw area (that is status 6).
      credit(state, owner, asset, amount);
      moveWithdrawing(state, owner, asset.hex, -amount);
      return null;
    case RECORD_TYPES.deposit:
    case RECORD_TYPES.mint:
    case RECORD_TYPES.transfer: {
      const holder = record.type === RECORD_TYPES.transfer ? record.to! : owner;
      const { available } = balanceOf(state, holder, asset.hex);
      if (available < amount)
        return `later records already spent those funds: ${holder} has ${available} of ${asset.hex} available, the revert needs ${amount}`;
      debit(state, holder, asset, amount);
      if (record.type === RECORD_TYPES.transfer) credit(state, owner, asset, amount);
      else recordIssue(state, asset.hex, -amount);
      return null;
    }
    default:
      return `reverting records of type ${record.type} is not supported`;
  }
}

/** `POST /_devnet/records/{id}/status`: one legal move; 4 (RejectedOnL2) and 5 (Rolled) undo the record's effect. */
export function moveRecord(state: State, sequenceId: number, to: number): LedgerRecord {
  const record = state.records.get(sequenceId);
  if (!record) fail(ErrorCode.InvalidParam, `no record with sequence_id ${sequenceId}`);
  if (!canTransition(record.status, to))
    fail(ErrorCode.InvalidParam, `record ${sequenceId} cannot move from status ${record.status} to ${to}`);
  if (to === RecordStatus.RejectedOnL2 || to === RecordStatus.Rolled) {
    const blocker = revert(state, record);
    if (blocker !== null) fail(ErrorCode.InsufficientAvailable, `record ${sequenceId} cannot move to ${to}: ${blocker}`);
  }
  if (to === RecordStatus.AcceptedOnL1) acceptOnL1(state, record);
  else setStatus(state, record, to);
  return record;
}

export interface ClockMove {
  advanceSeconds?: bigint | undefined;
  set?: string | undefined;
}

/** `POST /_devnet/clock`: forward by seconds or to an instant (never backwards), then cut due interval batches. */
export function moveClock(state: State, input: ClockMove): { now: string; moved: number[] } {
  if ((input.advanceSeconds === undefined) === (input.set === undefined))
    fail(ErrorCode.InvalidParam, 'give exactly one of advance_seconds or set');
  let target: bigint;
  if (input.set !== undefined) {
    const parsed = parseIsoMicros(input.set);
    if (parsed === undefined)
      fail(
        ErrorCode.InvalidParam,
        `set must be an ISO 8601 UTC time from 1970 to 9999 such as 2026-01-01T00:00:00.000000Z, got "${echo(input.set)}"`,
      );
    if (parsed < state.clock.nowMicros)
      fail(
        ErrorCode.InvalidParam,
        `set ${echo(input.set)} is before the emulator's now (${isoMicros(state.clock.nowMicros)}); the clock never goes backwards`,
      );
    target = parsed;
  } else {
    target = state.clock.nowMicros + input.advanceSeconds! * 1_000_000n;
  }
  if (target > MAX_MICROS) fail(ErrorCode.InvalidParam, `the clock cannot pass ${isoMicros(MAX_MICROS)}`);
  return { now: isoMicros(target), moved: clockTo(state, target) };
}

/** Moves the clock forward to `micros` (ignored when not later) and cuts the interval batches that fell due. */
export function clockTo(state: State, micros: bigint): number[] {
  if (micros > state.clock.nowMicros) state.clock.nowMicros = micros;
  return runDueBatches(state);
}
