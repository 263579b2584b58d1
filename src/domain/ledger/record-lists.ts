// A long history's record lists: a stark key's records by type, by contract and by both, appended
// with the record (undone by the record's own undo step), so a filtered page of GET /v1/records reads only its rows.
import { arrayRun, EMPTY_RUN, IdList, type Run } from '../state/runs.js';
import type { LedgerRecord, RecordLists, State } from '../state/state.js';
import { getOrSet } from '../values/maps.js';

/** Lists `record` under its contract (appendRecord, untracked: its undo step calls unlistContractRecord). */
export function listContractRecord(state: State, record: LedgerRecord): void {
  listOf(state.lists.contractRecords, contractOfRecord(state, record)).push(record.sequenceId);
}

/** Reverses listContractRecord: `record` is its contract's newest record. */
export function unlistContractRecord(state: State, record: LedgerRecord): void {
  pop(state.lists.contractRecords, contractOfRecord(state, record));
}

/** Keys with at most this many records keep no lists: a filter reads their whole (short) history. */
export const RECORD_LISTS_FROM = 64;

const listOf = <K>(map: Map<K, IdList>, key: K): IdList => getOrSet(map, key, () => new IdList());

function pop<K>(map: Map<K, IdList>, key: K): void {
  const list = map.get(key)!;
  list.pop();
  if (list.size === 0) map.delete(key);
}

function contractOfRecord(state: State, record: LedgerRecord): string {
  return state.assets.get(record.assetHex)!.contractKey;
}

function add(state: State, lists: RecordLists, record: LedgerRecord): void {
  const c = contractOfRecord(state, record);
  listOf(lists.byType, record.type).push(record.sequenceId);
  listOf(lists.byContract, c).push(record.sequenceId);
  listOf(lists.byContractType, `${c}|${record.type}`).push(record.sequenceId);
}

function remove(state: State, lists: RecordLists, record: LedgerRecord): void {
  const c = contractOfRecord(state, record);
  pop(lists.byType, record.type);
  pop(lists.byContract, c);
  pop(lists.byContractType, `${c}|${record.type}`);
}

/** A key's lists made record by record, as `add` makes them: a long history repeats an asset and a type, whose three lists are kept at hand. */
function listsBuilder(state: State): { lists: RecordLists; add(record: LedgerRecord): void } {
  const lists: RecordLists = { byType: new Map(), byContract: new Map(), byContractType: new Map() };
  let last: LedgerRecord | undefined;
  let three: IdList[] = [];
  const add = (record: LedgerRecord): void => {
    if (record.assetHex !== last?.assetHex || record.type !== last.type) {
      const c = contractOfRecord(state, record);
      three = [listOf(lists.byType, record.type), listOf(lists.byContract, c), listOf(lists.byContractType, `${c}|${record.type}`)];
    }
    last = record;
    for (const list of three) list.push(record.sequenceId);
  };
  return { lists, add };
}

/** The lists of a key's records `ids` (ascending). */
export function buildRecordLists(state: State, ids: readonly number[]): RecordLists {
  const b = listsBuilder(state);
  for (const id of ids) b.add(state.records.get(id)!);
  return b.lists;
}

/**
 * Called once `record` is listed for `key` (its newest record): keeps the key's lists in step. Not
 * tracked: appendRecord's one undo step calls unlistRecord before it takes the record off the key.
 * A key keeps lists exactly while it lists more than RECORD_LISTS_FROM records.
 */
export function listRecord(state: State, key: string, record: LedgerRecord): void {
  const all = state.lists.records;
  const lists = all.get(key);
  if (lists) {
    add(state, lists, record);
    return;
  }
  const ids = state.accounts.get(key)!.records;
  if (ids.length <= RECORD_LISTS_FROM) return;
  all.set(key, buildRecordLists(state, ids));
}

/** Reverses listRecord: `record` is still the newest record `key` lists. */
export function unlistRecord(state: State, key: string, record: LedgerRecord): void {
  const all = state.lists.records;
  const lists = all.get(key);
  if (!lists) return;
  if (state.accounts.get(key)!.records.length <= RECORD_LISTS_FROM + 1) all.delete(key);
  else remove(state, lists, record);
}

interface Cursor {
  ids: readonly number[];
  /** The next listed id not yet matched. */
  at: number;
  lists: ReturnType<typeof listsBuilder> | undefined;
}

/**
 * Every key's lists from the records (a loaded state), in one walk of the records in their (ascending)
 * order: each record is matched against the next id its sender and its receiver list, so a million
 * listed ids take no lookup. A key's list must be ascending ids of records it sends or receives: the
 * first id left unmatched is refused, saying why.
 */
export function rebuildRecordLists(state: State): void {
  state.lists.records.clear();
  const cursors = new Map<string, Cursor>();
  for (const a of state.accounts.values())
    cursors.set(a.key, { ids: a.records, at: 0, lists: a.records.length > RECORD_LISTS_FROM ? listsBuilder(state) : undefined });
  const match = (c: Cursor | undefined, r: LedgerRecord): void => {
    if (c === undefined || c.ids[c.at] !== r.sequenceId) return;
    c.at++;
    c.lists?.add(r);
  };
  state.lists.contractRecords.clear();
  for (const r of state.records.values()) {
    listContractRecord(state, r);
    match(cursors.get(r.starkKey), r);
    if (r.to !== null && r.to !== r.starkKey) match(cursors.get(r.to), r);
  }
  for (const [key, c] of cursors) {
    if (c.at === c.ids.length) continue;
    const id = c.ids[c.at]!;
    const why =
      state.records.get(id) === undefined
        ? 'not a record'
        : c.at > 0 && !(id > c.ids[c.at - 1]!)
          ? 'out of ascending order'
          : 'neither sent nor received by it';
    throw new TypeError(`account ${key} lists record ${id}, which is ${why}`);
  }
  for (const [key, c] of cursors) if (c.lists) state.lists.records.set(key, c.lists.lists);
}

/**
 * The runs whose union is a key's records of `contractKey` (any when undefined) and `types` (any
 * when undefined); undefined when the key keeps no lists and a filter applies (read the history).
 */
export function recordRuns(
  state: State,
  key: string,
  contractKey: string | undefined,
  types: ReadonlySet<number> | undefined,
): Run[] | undefined {
  const ids = state.accounts.get(key)?.records ?? [];
  if (contractKey === undefined && types === undefined) return [arrayRun(ids)];
  const lists = state.lists.records.get(key);
  if (!lists) return undefined;
  if (types === undefined) return [lists.byContract.get(contractKey!) ?? EMPTY_RUN];
  return [...types].map(
    (t) => (contractKey === undefined ? lists.byType.get(t) : lists.byContractType.get(`${contractKey}|${t}`)) ?? EMPTY_RUN,
  );
}
