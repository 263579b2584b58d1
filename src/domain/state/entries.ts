// The state's entries that are more than their dump item: an account (its balances and nonces are
// tracked collections), a record (every string shared, its order checked) and a stored file (kept in
// its project's map). How each is read from its item, and written back.
import * as v from 'valibot';
import type { Contract, LedgerRecord, Marketplace, Project, StoredFile } from './entities.js';
import { CONTRACT, entry, exact, id, list, obj, STORED_FILE, text } from './entities.js';
import { integerFields, type LoadContext, put, putIn } from './members.js';
import { big, type Obj } from './shared-values.js';
import { TrackedMap, TrackedSet } from './undo.js';

export interface Balance {
  available: bigint;
  frozen: bigint;
}

export interface Account {
  /** Stark key, `0x` lowercase unpadded. */
  key: string;
  /** asset id hex -> balance, in order of first credit. */
  balances: Map<string, Balance>;
  usedNonces: Set<bigint>;
  /** Highest nonce used, -1 when none. */
  maxNonce: bigint;
  /** Sequence ids of the records listed for this key, ascending. */
  records: number[];
}

/** project uuid -> cid -> file, each in upload order (the order of the list). */
export type StorageIndex = Map<string, Map<string, StoredFile>>;

/** Where an L1 deposit's record came from: its transaction, and the vault the depositor named on L1 (hex). */
export interface L1Origin {
  readonly tx: string;
  readonly vault?: string;
}

export interface NamedAccount {
  name: string;
  starkKey: string;
  privateKey: string;
  ethAddress: string;
  ethPrivateKey?: string;
}

export const NAMED_ACCOUNT = obj({
  name: text(),
  starkKey: text('stark key'),
  privateKey: text('private key'),
  ethAddress: text('Ethereum address'),
  ethPrivateKey: v.optional(text('the Ethereum private key, when the account has one (a wallet can hold it)')),
});

export function l1Origin(w: unknown): L1Origin {
  const { tx, vault } = w as { tx: string; vault?: string };
  return vault === undefined ? { tx } : { tx, vault };
}

export const projectEntry = (p: Obj): Project => ({
  uuid: p.uuid as string,
  name: p.name as string,
  owner: p.owner as string,
  createdAtMicros: big(p.createdAtMicros),
  contracts: p.contracts as string[],
});

export function marketplaceEntry(m: Obj): Marketplace {
  const fee = m.fee as Obj;
  return {
    uuid: m.uuid as string,
    name: m.name as string,
    payee: m.payee as string,
    fee: { num: big(fee.num), den: big(fee.den), text: fee.text as string },
    projectUuid: m.projectUuid as string,
    owner: m.owner as string,
    createdAtMicros: big(m.createdAtMicros),
  };
}

const CONTRACT_INTEGERS = integerFields(CONTRACT);

/** A contract: its tokens (token id -> asset hex) a tracked map, dumped as its pairs. */
export const contractEntry = {
  read(o: Obj, load: LoadContext): Contract {
    const c = load.integers(CONTRACT_INTEGERS, o) as unknown as Contract;
    c.tokens = TrackedMap.create(load.undo, {}, c.tokens as unknown as Array<[string, string]>);
    return c;
  },
  write: (c: Contract) => ({ ...c, tokens: [...c.tokens] }),
};

export const ACCOUNT = obj({
  key: text('stark key'),
  balances: list(entry(text('asset id'), obj({ available: exact('quantized'), frozen: exact('quantized') }))),
  used_nonces: list(exact('nonce')),
  max_nonce: v.pipe(
    v.number('an integer >= -1'),
    v.safeInteger('an integer >= -1'),
    v.minValue(-1, 'an integer >= -1'),
    v.description('highest nonce used; -1 when none'),
  ),
  records: list(id(), 'sequence ids listed for this key, ascending'),
});

export const accountEntry = {
  read(a: Obj, load: LoadContext): Account {
    const balances = TrackedMap.create<string, Balance>(load.undo);
    for (const [hex, b] of a.balances as Array<[string, Obj]>) put(balances, hex, { available: big(b.available), frozen: big(b.frozen) });
    const usedNonces = TrackedSet.create<bigint>(load.undo);
    for (const n of a.used_nonces as unknown[]) putIn(usedNonces, load.sharing.integer(n));
    return { key: a.key as string, balances, usedNonces, maxNonce: big(a.max_nonce), records: [...(a.records as number[])] };
  },
  write: (a: Account) => ({
    key: a.key,
    balances: [...a.balances],
    used_nonces: [...a.usedNonces],
    max_nonce: a.maxNonce,
    records: a.records,
  }),
};

/**
 * A record as appendRecord builds it, its fields in its order (RECORD_KEYS): the same shape (and dump
 * text) as a built record. A field the record does not name is dropped, so the comparison with the
 * input refuses it. Records come in sequence order, which the explorer's newest-first window relies on.
 */
export function recordEntry(r: Obj, load: LoadContext): LedgerRecord {
  const share = load.sharing;
  const record: LedgerRecord = {
    sequenceId: r.sequenceId as number,
    type: r.type as LedgerRecord['type'],
    starkKey: share.text(r.starkKey),
    status: r.status as number,
    timeMicros: share.integer(r.timeMicros),
    assetHex: share.text(r.assetHex),
    amount: share.integer(r.amount),
    to: share.text(r.to),
    reason: share.text(r.reason),
    orderId: r.orderId as number | null,
  };
  const last = load.lastId('records');
  if (record.sequenceId <= last.id)
    throw new TypeError(`records must come in ascending sequence id order, once each (${record.sequenceId} after ${last.id})`);
  last.id = record.sequenceId;
  return record;
}

/** The highest sequence id of the records read so far (0 before any). */
export const lastRecordRead = (load: LoadContext): number => load.lastId('records').id;

const STORED_FILE_INTEGERS = integerFields(STORED_FILE);

/** Adds a stored file to its project's map: the index is dumped project by project, so a project's rows come together. */
export function storageRow(index: Map<string, Map<string, StoredFile>>, item: unknown, load: LoadContext): StoredFile {
  const row = load.integers(STORED_FILE_INTEGERS, item) as unknown as StoredFile;
  const runs = load.memo('storage', () => ({ current: undefined as string | undefined, seen: new Set<string>() }));
  if (row.projectUuid !== runs.current) {
    if (runs.seen.has(row.projectUuid)) throw new TypeError(`storage lists the files of project ${row.projectUuid} in more than one run`);
    runs.seen.add(row.projectUuid);
    runs.current = row.projectUuid;
  }
  let files = index.get(row.projectUuid);
  if (files === undefined) put(index, row.projectUuid, (files = TrackedMap.create(load.undo)));
  put(files, row.cid, row);
  return row;
}
