// The guarantees of docs/guarantees.md that the ledger owns, checked against the whole state (a full scan, on demand).
import { compareRatio } from '../state/book.js';
import { RecordStatus } from '../ledger/records.js';
import type { State } from '../state/state.js';
import { isNftType, RECORD_TYPES } from '../state/state.js';
import { ORDER_STATES } from '../state/orders.js';

const ALL_STATUSES = new Set([0, 1, 2, 3, 4, 5, 6]);

function add(m: Map<string, bigint>, k: string, v: bigint): void {
  m.set(k, (m.get(k) ?? 0n) + v);
}

/**
 * Whether a sequence id is in a batch queue: a flag per id when ids are about as many as the records
 * (a million queued records then take no hash lookup), else the queues looked up.
 */
function queuedIds(state: State): (id: number) => boolean {
  const n = state.nextSequenceId;
  if (n > 4 * state.records.size + 65536) return (id) => state.pendingL2.has(id) || state.pendingL1.has(id);
  const flags = new Uint8Array(n);
  for (const queue of [state.pendingL2, state.pendingL1]) for (const id of queue) if (id < n) flags[id] = 1;
  return (id) => flags[id] === 1;
}

/**
 * One walk of the records: status and batch-queue violations, records per status, and the withdrawals
 * accepted but not yet in the withdraw area (queued: status 1 or 3), whose funds are in flight to L1,
 * per asset and per `key|asset`.
 */
function walkRecords(state: State) {
  const queued = queuedIds(state);
  const violations: string[] = [];
  const counts = [0, 0, 0, 0, 0, 0, 0];
  const byAsset = new Map<string, bigint>();
  const byKey = new Map<string, bigint>();
  let queuedRecords = 0;
  for (const r of state.records.values()) {
    if (!ALL_STATUSES.has(r.status)) violations.push(`record ${r.sequenceId} has unknown status ${r.status}`);
    counts[r.status] = (counts[r.status] ?? 0) + 1;
    const isQueued = queued(r.sequenceId);
    const shouldQueue = r.status === RecordStatus.AcceptedByService || r.status === RecordStatus.AcceptedOnL2;
    if (isQueued !== shouldQueue)
      violations.push(`record ${r.sequenceId} at status ${r.status} is ${isQueued ? '' : 'not '}queued for a batch`);
    if (!isQueued) continue;
    queuedRecords++;
    if (r.type !== RECORD_TYPES.withdrawal) continue;
    add(byAsset, r.assetHex, r.amount);
    add(byKey, `${r.starkKey}|${r.assetHex}`, r.amount);
  }
  // Each queued id is a record queued once.
  const ids = state.pendingL2.size + state.pendingL1.size;
  if (ids !== queuedRecords)
    violations.push(
      `the batch queues hold ${ids} ids but ${queuedRecords} records are queued (an id that is no record, or one in both queues)`,
    );
  return { violations, counts, inFlight: { byAsset, byKey } };
}

/** Every violated guarantee, as a readable sentence; empty when the state is sound. */
export function findViolations(state: State): string[] {
  const v: string[] = [];
  const records = walkRecords(state);
  const held = new Map<string, bigint>();
  /** What is on L2 or on its way to L1 (everything but claims), per asset. */
  const onL2 = new Map<string, bigint>();
  const frozen = new Map<string, bigint>();

  // 2. No balance is ever negative.
  for (const account of state.accounts.values()) {
    for (const [asset, b] of account.balances) {
      if (b.available < 0n || b.frozen < 0n)
        v.push(`negative balance: ${account.key} holds ${b.available} available / ${b.frozen} frozen of ${asset}`);
      add(held, asset, b.available + b.frozen);
      add(onL2, asset, b.available + b.frozen);
      if (b.frozen !== 0n) add(frozen, `${account.key}|${asset}`, b.frozen);
    }
    // 6. Nonces: the next nonce is one more than the highest used.
    // biome-ignore lint/complexity/useMathMinMax: bigints (Math.max takes numbers)
    const max = account.usedNonces.size === 0 ? -1n : [...account.usedNonces].reduce((a, b) => (a > b ? a : b));
    if (max !== account.maxNonce) v.push(`nonce bookkeeping: ${account.key} highest used nonce is ${max}, recorded ${account.maxNonce}`);
  }
  for (const [address, area] of state.withdrawArea) {
    for (const [asset, amount] of area) {
      if (amount <= 0n) v.push(`withdraw area of ${address} holds ${amount} of ${asset}`);
      add(held, asset, amount);
      add(onL2, asset, amount);
    }
  }
  v.push(...withdrawAreaRecordViolations(state), ...tokenMetadataViolations(state));
  for (const [asset, amount] of state.claimed) add(held, asset, amount);
  const inFlight = records.inFlight;
  for (const [asset, amount] of inFlight.byAsset) {
    add(held, asset, amount);
    add(onL2, asset, amount);
  }

  // The per-key index of withdrawals in flight (balance views' withdraw_frozen) equals the records at 1 and 3.
  const byKey = inFlight.byKey;
  const indexed = new Map<string, bigint>();
  for (const [key, m] of state.withdrawing) for (const [asset, amount] of m) indexed.set(`${key}|${asset}`, amount);
  for (const k of new Set([...byKey.keys(), ...indexed.keys()])) {
    if ((byKey.get(k) ?? 0n) !== (indexed.get(k) ?? 0n))
      v.push(`withdrawals in flight of ${k}: ${indexed.get(k) ?? 0n} indexed, ${byKey.get(k) ?? 0n} in the records at 1 and 3`);
  }

  // 1. Conservation per asset: balances + in flight + withdraw area + claimed = deposits + mints.
  const assets = new Set([...held.keys(), ...state.issued.keys()]);
  for (const asset of assets) {
    const h = held.get(asset) ?? 0n;
    const i = state.issued.get(asset) ?? 0n;
    if (h !== i) v.push(`conservation of ${asset}: ${h} held (balances, withdrawals, claims) but ${i} issued (deposits + mints)`);
  }

  v.push(...orderViolations(state, frozen));

  // 4. Every NFT has exactly one holder, and the holder pointer agrees with the balances.
  for (const asset of state.assets.values()) {
    if (asset.tokenId === null) continue;
    // A token may leave to L1 and come back; at any moment at most one copy is on L2 or in transit.
    const amount = onL2.get(asset.hex) ?? 0n;
    if (amount > 1n) v.push(`NFT ${asset.hex} (token ${asset.tokenId}) is held ${amount} times`);
    if (asset.holder !== null && state.accounts.has(asset.holder)) {
      const b = state.accounts.get(asset.holder)!.balances.get(asset.hex);
      if (!b || b.available + b.frozen !== 1n) v.push(`NFT ${asset.hex}: holder ${asset.holder} has no balance of it`);
    }
  }

  // 6. Records: statuses valid, batch queues exactly the records at 1 and 3 (found by the walk above).
  v.push(...records.violations);
  const counted = records.counts.join(',');
  const kept = state.statusCounts.counts.join(',');
  if (counted !== kept) v.push(`records per status are kept as [${kept}] but counted as [${counted}]`);
  return v;
}

/** Guarantees 3, 5 and 7: frozen balances are what open orders need, books are sound, fees stay in bounds. */
function orderViolations(state: State, frozen: Map<string, bigint>): string[] {
  const v: string[] = [];
  // 3. Frozen balances are exactly what open orders still need.
  const needed = new Map<string, bigint>();
  for (const id of state.openOrders) {
    const o = state.orders.get(id)!;
    if (o.state !== ORDER_STATES.placed && o.state !== ORDER_STATES.partiallyFilled) v.push(`order ${id} is open with state ${o.state}`);
    add(needed, `${o.starkKey}|${o.direction === 0 ? o.quoteHex : o.baseHex}`, o.frozen);
  }
  for (const key of new Set([...frozen.keys(), ...needed.keys()])) {
    const have = frozen.get(key) ?? 0n;
    const need = needed.get(key) ?? 0n;
    if (have !== need)
      v.push(`frozen ${key}: ${have} frozen but open orders need ${need}${need === 0n ? ' (frozen without an open order)' : ''}`);
  }

  // 5. Every book is sorted (the heap gives the best level) and uncrossed: best bid below best ask.
  const resting = (id: number) => state.openOrders.has(id);
  for (const [market, book] of state.books) {
    const bid = book.bids.best(resting);
    const ask = book.asks.best(resting);
    if (bid && ask && compareRatio(bid.price, ask.price) >= 0) {
      v.push(
        `book ${market} is crossed: bid ${bid.id} at ${bid.price.num}/${bid.price.den} >= ask ${ask.id} at ${ask.price.num}/${ask.price.den}`,
      );
    }
    const onBook = book.bids.size + book.asks.size;
    let open = 0;
    for (const id of state.openByQuote.get(market.split('|')[1]!) ?? [])
      if (state.orders.get(id)!.baseHex === market.split('|')[0]) open += 1;
    if (onBook !== open) v.push(`book ${market} rests ${onBook} orders but ${open} are open`);
  }

  // 7. Per fill: seller credit + fees = buyer debit by construction; the service fee never passes fee_limit.
  for (const o of state.orders.values()) {
    if (o.serviceFee > o.feeLimit) v.push(`order ${o.id} paid ${o.serviceFee} service fee over its signed fee_limit ${o.feeLimit}`);
    if (o.feeTaken > o.volume) v.push(`order ${o.id} paid ${o.feeTaken} in fees on a volume of ${o.volume}`);
  }
  return v;
}

/** The withdrawals a withdraw area amount names: accepted on L1, to that address, of that asset, adding up to it. */
function withdrawAreaRecordViolations(state: State): string[] {
  const out: string[] = [];
  for (const [key, ids] of state.withdrawAreaRecords) {
    const [address, asset] = key.split('|') as [string, string];
    let sum = 0n;
    for (const id of ids) {
      const r = state.records.get(id);
      if (r?.type !== RECORD_TYPES.withdrawal || r.status !== RecordStatus.AcceptedOnL1 || r.to !== address || r.assetHex !== asset)
        out.push(`withdraw area ${key} names record ${id}, which is no withdrawal of it accepted on L1`);
      else sum += r.amount;
    }
    const amount = state.withdrawArea.get(address)?.get(asset) ?? 0n;
    if (sum !== amount) out.push(`withdraw area ${key} holds ${amount}, its withdrawals add up to ${sum}`);
  }
  return out;
}

/** Uploaded metadata belongs to a registered NFT contract, under its own key; its attributes are a JSON object's text. */
function tokenMetadataViolations(state: State): string[] {
  const out: string[] = [];
  for (const [key, m] of state.tokenMetadata) {
    const contract = state.contracts.get(m.contractKey);
    if (key !== `${m.contractKey}|${m.tokenId}`) out.push(`token metadata ${key} is kept under another key than its contract and token`);
    if (contract === undefined || !isNftType(contract.type)) out.push(`token metadata ${key} names ${m.contractKey}, no NFT contract`);
    let kv: unknown;
    try {
      kv = JSON.parse(m.attributes);
    } catch {
      kv = undefined;
    }
    if (typeof kv !== 'object' || kv === null || Array.isArray(kv)) out.push(`token metadata ${key}: attributes are not a JSON object`);
    if ((m.mediaCid === null) !== (m.mediaName === null))
      out.push(`token metadata ${key}: a media CID without its file name, or the reverse`);
  }
  return out;
}
