// Property: every list endpoint answers what a brute-force scan of the plain state answers (rows,
// order, totals), for random filters and pages, after random command streams with refusals, commands
// undone by a failing journal write, snapshots and reverts. The list indexes are derived state: any
// path that left one of them out of step with the plain data shows here.
// Runs go through the Devnet surface (signatures skipped). Some keys start just under the sizes at
// which a key keeps record lists and sorted holdings, so streams cross them, and reverts cross back.
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Devnet } from '../../src/core/devnet.js';
import { DevnetError } from '../../src/domain/values/errors.js';
import type { Listing } from '../../src/domain/values/listing.js';
import { MAX_EXPIRATION } from '../../src/domain/ledger/signed.js';
import type { OrderInput } from '../../src/domain/trading/orders.js';
import type { OrderStateFilter } from '../../src/domain/trading/order-views.js';
import { RECORD_LISTS_FROM } from '../../src/domain/ledger/record-lists.js';
import { HOLDINGS_FROM } from '../../src/domain/ledger/holdings.js';
import { findViolations } from '../../src/domain/lifecycle/invariants.js';
import { listIndexViolations } from '../../src/domain/lifecycle/list-indexes.js';
import { parseExact, stringify } from '../../src/domain/values/json.js';
import { readGenesisFile } from '../../src/emulator/genesis-file.js';
import { openStateDir } from '../../src/persistence/state-dir.js';
import { starkKeyFromPrivate } from '../../src/crypto/keys.js';
import { DMINT, ETH_ASSET, RDD20, RDD20_ASSET, REDDIO721 } from '../support/client.js';
import {
  bruteBalancesV1,
  bruteBalancesV3,
  bruteDepth,
  bruteListings,
  bruteNfts,
  bruteOrders,
  bruteRecords,
  bruteStorage,
  bruteTrades,
} from '../support/brute-lists.js';
import { runs } from '../support/runs.js';

const NAMES = ['alice', 'bob', 'carol'] as const;
type Name = (typeof NAMES)[number];
const SIG = { r: 1n, s: 1n };
const ETH_ADDRESS = '0x00000000000000000000000000000000000000e1';
/** A valid key with no account. */
const STRANGER = '0x' + starkKeyFromPrivate(12345n).toString(16);

type Cmd =
  | { kind: 'deposit'; who: Name; rdd: boolean; amount: bigint }
  | { kind: 'transfer'; from: Name; to: Name; rdd: boolean; amount: bigint }
  | { kind: 'nftTransfer'; from: Name; to: Name; token: number }
  | { kind: 'withdraw'; from: Name; amount: bigint }
  | { kind: 'nftWithdraw'; from: Name; token: number }
  | { kind: 'claim'; nft: number }
  | { kind: 'mint'; to: Name; count: number }
  | { kind: 'order'; who: Name; ask: boolean; quote: bigint; base: bigint; tif: 'GTC' | 'IOC' | 'FOK' }
  | { kind: 'nftOrder'; who: Name; ask: boolean; token: number; price: bigint }
  | { kind: 'cancel'; pick: number; asOwner: boolean }
  | { kind: 'batch'; layer: 'l2' | 'l1' | 'both' }
  | { kind: 'upload'; file: number }
  | { kind: 'unupload'; file: number }
  | { kind: 'snapshot' }
  | { kind: 'revert'; pick: number }
  | { kind: 'reset' };

const name = fc.constantFrom(...NAMES);
const token = fc.integer({ min: 0, max: 12 });
const step = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), who: name, rdd: fc.boolean(), amount: fc.bigInt({ min: 0n, max: 5_000n }) }),
  fc.record({
    kind: fc.constant('transfer' as const),
    from: name,
    to: name,
    rdd: fc.boolean(),
    amount: fc.bigInt({ min: 1n, max: 20_000_000n }),
  }),
  fc.record({ kind: fc.constant('nftTransfer' as const), from: name, to: name, token }),
  fc.record({ kind: fc.constant('withdraw' as const), from: name, amount: fc.bigInt({ min: 1n, max: 20_000_000n }) }),
  fc.record({ kind: fc.constant('nftWithdraw' as const), from: name, token }),
  fc.record({ kind: fc.constant('claim' as const), nft: fc.integer({ min: -1, max: 12 }) }),
  fc.record({ kind: fc.constant('mint' as const), to: name, count: fc.integer({ min: 0, max: 3 }) }),
  // Two price ticks (0.1 and 0.2) and four sizes: orders cross often and fill each other partly.
  {
    arbitrary: fc
      .record({
        kind: fc.constant('order' as const),
        who: name,
        ask: fc.boolean(),
        quote: fc.constantFrom(10n, 20n, 30n, 40n),
        base: fc.constant(0n),
        tif: fc.constantFrom('GTC' as const, 'GTC' as const, 'IOC' as const, 'FOK' as const),
      })
      .chain((o) => fc.constantFrom(1n, 2n).map((tick) => ({ ...o, base: (o.quote * tick) / 10n }))),
    weight: 5,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('nftOrder' as const),
      who: name,
      ask: fc.boolean(),
      token,
      price: fc.constantFrom(100n, 200n, 300n),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(), asOwner: fc.boolean() }), weight: 2 },
  fc.record({ kind: fc.constant('batch' as const), layer: fc.constantFrom('l2' as const, 'l1' as const, 'both' as const) }),
  fc.record({ kind: fc.constant('upload' as const), file: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ kind: fc.constant('unupload' as const), file: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ kind: fc.constant('snapshot' as const) }),
  { arbitrary: fc.record({ kind: fc.constant('revert' as const), pick: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('reset' as const) }), weight: 1 },
);
/** A step, whether the journal write fails (the command is applied, then undone), and a seed for the probes after it. */
const cmd = fc.tuple(step, fc.integer({ min: 0, max: 9 }), fc.nat());

/** Deterministic draws for the probes (mulberry32). */
function draws(seed: number): { int(n: number): number; pick<T>(xs: readonly T[]): T } {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { int, pick: (xs) => xs[int(xs.length)]! };
}

class DiskFull extends Error {}

interface World {
  d: Devnet;
  failNext: boolean;
  live: string[];
  key(n: Name): string;
  project: string;
  apiKey: string;
}

/** A devnet with a prefilled history; with `dir`, journaled to that state dir (whose writes never fail) instead of a failing sink. */
function world(prefill: { records: number; tokens: number }, dir?: string): World & { close(): void } {
  const d = new Devnet({ genesis: readGenesisFile(), signatures: 'skip', settlement: 'manual' });
  const sd = dir === undefined ? undefined : openStateDir(dir, d, { compactBytes: 40_000 });
  const w: World & { close(): void } = {
    d,
    close: () => sd?.close(),
    failNext: false,
    live: [],
    key: (n) => d.accounts().accounts.find((a) => a.name === n)!.stark_key,
    apiKey: d.accounts().api_keys[0]!,
    project: d.projects(d.accounts().api_keys[0]!)[0]!.project_uuid as string,
  };
  // alice: a history around the size where record lists start; bob: balance entries around the size where sorted holdings start.
  while (d.state.accounts.get(w.key('alice'))!.records.length < prefill.records)
    d.deposit({ starkKey: w.key('alice'), contractAddress: 'eth', amount: 1n });
  while (d.state.accounts.get(w.key('bob'))!.balances.size < prefill.tokens)
    d.mint({ apiKey: w.apiKey, contractAddress: DMINT, starkKey: w.key('bob'), amount: 1n });
  if (sd === undefined)
    d.attach({
      append: () => {
        if (w.failNext) throw new DiskFull('journal write failed');
      },
      replace: () => {},
    });
  return w;
}

function vaults(d: Devnet, who: string, assets: string[]): bigint[] {
  return d
    .vaults(
      assets.map(() => who),
      assets.map(BigInt),
    )
    .map(BigInt);
}

function fungibleOrder(d: Devnet, who: string, ask: boolean, quote: bigint, base: bigint, tif: 'GTC' | 'IOC' | 'FOK'): OrderInput {
  const [baseVault, quoteVault] = vaults(d, who, [ETH_ASSET, RDD20_ASSET]) as [bigint, bigint];
  return {
    starkKey: who,
    direction: ask ? 0 : 1,
    tokenSell: BigInt(ask ? RDD20_ASSET : ETH_ASSET),
    tokenBuy: BigInt(ask ? ETH_ASSET : RDD20_ASSET),
    baseToken: BigInt(ETH_ASSET),
    quoteToken: BigInt(RDD20_ASSET),
    amountSell: ask ? quote : base,
    amountBuy: ask ? base : quote,
    amount: quote,
    price: (Number(base) / Number(quote)).toString(),
    vaultSell: ask ? quoteVault : baseVault,
    vaultBuy: ask ? baseVault : quoteVault,
    nonce: d.nonce(who),
    expiration: MAX_EXPIRATION,
    feeLimit: 0n,
    feeToken: BigInt(ETH_ASSET),
    feeVault: baseVault,
    marketplace: undefined,
    signature: SIG,
    timeInForce: tif,
  };
}

/** The NFT `n` of the run: REDDIO721 tokens 1-5 (genesis), then DMINT tokens in mint order; undefined when not there yet. */
function nftAsset(d: Devnet, n: number): string | undefined {
  const tokens = [
    ...d.state.contracts.get(REDDIO721.toLowerCase())!.tokens.values(),
    ...d.state.contracts.get(DMINT.toLowerCase())!.tokens.values(),
  ];
  return tokens[n % Math.max(1, tokens.length)];
}

function nftOrder(d: Devnet, who: string, ask: boolean, hex: string, price: bigint): OrderInput {
  const [baseVault, quoteVault] = vaults(d, who, [ETH_ASSET, hex]) as [bigint, bigint];
  return {
    starkKey: who,
    direction: ask ? 0 : 1,
    tokenSell: BigInt(ask ? hex : ETH_ASSET),
    tokenBuy: BigInt(ask ? ETH_ASSET : hex),
    baseToken: BigInt(ETH_ASSET),
    quoteToken: BigInt(hex),
    amountSell: ask ? 1n : price,
    amountBuy: ask ? price : 1n,
    amount: 1n,
    price: price.toString(),
    vaultSell: ask ? quoteVault : baseVault,
    vaultBuy: ask ? baseVault : quoteVault,
    nonce: d.nonce(who),
    expiration: MAX_EXPIRATION,
    feeLimit: 0n,
    feeToken: BigInt(ETH_ASSET),
    feeVault: baseVault,
    marketplace: undefined,
    signature: SIG,
  };
}

function move(d: Devnet, from: string, to: string, asset: string, amount: bigint, receiver?: string) {
  const [vaultId, receiverVaultId] = vaults(d, from, [asset, asset]) as [bigint, bigint];
  return {
    starkKey: from,
    assetId: BigInt(asset),
    amount,
    nonce: d.nonce(from),
    vaultId,
    receiver: receiver ?? to,
    receiverVaultId,
    expiration: MAX_EXPIRATION,
    signature: SIG,
  };
}

const cid = (n: number) => `bafkreiindexfile${'a'.repeat(40)}${n}`;

const NOTHING = () => undefined;

/** Draws what the command needs first (vaults are commands of their own), then returns the command itself. */
function prepare(w: World, c: Cmd): () => unknown {
  const { d } = w;
  const k = (n: Name) => w.key(n);
  switch (c.kind) {
    case 'deposit':
      return () => d.deposit({ starkKey: k(c.who), contractAddress: c.rdd ? RDD20 : 'eth', amount: c.amount });
    case 'transfer': {
      const input = move(d, k(c.from), k(c.to), c.rdd ? RDD20_ASSET : ETH_ASSET, c.amount);
      return () => d.transfer(input);
    }
    case 'nftTransfer': {
      const hex = nftAsset(d, c.token);
      if (hex === undefined) return NOTHING;
      const input = move(d, k(c.from), k(c.to), hex, 1n);
      return () => d.transfer(input);
    }
    case 'withdraw': {
      const input = move(d, k(c.from), k(c.from), ETH_ASSET, c.amount, ETH_ADDRESS);
      return () => d.withdraw(input);
    }
    case 'nftWithdraw': {
      const hex = nftAsset(d, c.token);
      if (hex === undefined) return NOTHING;
      const input = move(d, k(c.from), k(c.from), hex, 1n, ETH_ADDRESS);
      return () => d.withdraw(input);
    }
    case 'claim': {
      const hex = c.nft < 0 ? ETH_ASSET : nftAsset(d, c.nft);
      return hex === undefined ? NOTHING : () => d.claim(ETH_ADDRESS, BigInt(hex));
    }
    case 'mint':
      return () => d.mint({ apiKey: w.apiKey, contractAddress: DMINT, starkKey: k(c.to), amount: BigInt(c.count) });
    case 'order': {
      const input = fungibleOrder(d, k(c.who), c.ask, c.quote, c.base, c.tif);
      return () => d.placeOrder(input);
    }
    case 'nftOrder': {
      const hex = nftAsset(d, c.token);
      if (hex === undefined) return NOTHING;
      const input = nftOrder(d, k(c.who), c.ask, hex, c.price);
      return () => d.placeOrder(input);
    }
    case 'cancel': {
      const open = [...d.state.openOrders].sort((a, b) => a - b);
      if (open.length === 0) return NOTHING;
      const o = d.state.orders.get(open[c.pick % open.length]!)!;
      return () => d.cancelOrder(o.id, c.asOwner ? o.starkKey : o.starkKey === k('carol') ? k('bob') : k('carol'), SIG);
    }
    case 'batch':
      return () => d.batches(c.layer);
    case 'upload':
      return () => d.recordUpload(w.apiKey, w.project, { cid: cid(c.file), filename: `f${c.file}.txt`, size: BigInt(10 + c.file) });
    case 'unupload':
      return () => d.removeUpload(w.apiKey, w.project, cid(c.file));
    case 'snapshot':
      return () => w.live.push(d.snapshot().id);
    case 'revert': {
      if (w.live.length === 0) return NOTHING;
      const at = c.pick % w.live.length;
      return () => {
        d.revert(w.live[at]!);
        w.live.splice(at + 1);
      };
    }
    case 'reset':
      return () => {
        d.reset();
        w.live.length = 0;
      };
  }
}

function expectPage<T>(what: string, listing: Listing<T>, brute: T[], offset: number, limit: number): void {
  expect(listing.total, `${what}: total`).toBe(brute.length);
  expect(listing.page(offset, limit), `${what}: page at ${offset} of ${limit}`).toEqual(brute.slice(offset, offset + limit));
}

/** Every list endpoint, with filters and a page drawn from `seed`, against the brute-force answer. */
function probe(w: World, seed: number): void {
  const { d } = w;
  const s = d.state;
  const r = draws(seed);
  const keys = [...NAMES.map((n) => w.key(n)), s.operator, STRANGER];
  const page = (total: number) => ({ offset: r.pick([0, 0, r.int(total + 3), Math.max(0, total - 1)]), limit: r.pick([1, 3, 100]) });
  const contractKeys = [undefined, 'eth', RDD20.toLowerCase(), DMINT.toLowerCase(), REDDIO721.toLowerCase()];
  const addressOf = (key: string | undefined) => (key === undefined ? undefined : s.contracts.get(key)!.address);
  const tokenIdsOf = (): bigint[] | undefined =>
    r.int(3) === 0 ? undefined : Array.from({ length: 1 + r.int(4) }, () => BigInt(r.int(12)));

  for (const key of keys) {
    const contractKey = r.pick(contractKeys);
    const recordType = r.pick([undefined, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const ids = s.accounts.get(key)?.records ?? [];
    const sequenceIds =
      r.int(4) === 0
        ? Array.from({ length: 1 + r.int(5) }, () => (ids.length > 0 && r.int(3) > 0 ? r.pick(ids) : 1 + r.int(s.nextSequenceId + 2)))
        : undefined;
    const brute = bruteRecords(s, key, contractKey, recordType, sequenceIds);
    const { offset, limit } = page(brute.length);
    expectPage(
      `records(${key}, ${contractKey}, ${recordType}, ${sequenceIds})`,
      d.records(key, { contractAddress: addressOf(contractKey), recordType, sequenceIds }),
      brute,
      offset,
      limit,
    );
  }

  for (let i = 0; i < 4; i++) {
    const f = {
      starkKey: r.int(2) === 0 ? undefined : r.pick(keys),
      direction: r.pick([undefined, 0, 1] as const),
      tokenIds: tokenIdsOf(),
      contractKey: r.pick(contractKeys),
      orderState: r.pick([undefined, undefined, 0, 1, 2, 3, 4, 5, 6] as const) as OrderStateFilter | undefined,
    };
    const brute = bruteOrders(s, f);
    const { offset, limit } = page(brute.length);
    expectPage(`orders(${stringify(f)})`, d.orders({ ...f, contractAddress: addressOf(f.contractKey) }), brute, offset, limit);
  }

  const eth = s.contracts.get('eth')!;
  for (const quote of [RDD20, DMINT, REDDIO721].map((a) => s.contracts.get(a.toLowerCase())!)) {
    expect(d.depth('eth', quote.address), `depth ${quote.symbol}`).toEqual(bruteDepth(s, eth, quote));
    const market = bruteTrades(s, { market: { base: eth, quote } });
    const p = page(market.length);
    expectPage(`trades of ${quote.symbol}`, d.trades({ baseAddress: 'eth', quoteAddress: quote.address }), market, p.offset, p.limit);
    const tokenIds = tokenIdsOf();
    const listed = bruteListings(s, quote, eth, tokenIds);
    const q = page(listed.length);
    expectPage(
      `collection ${quote.symbol} ${tokenIds}`,
      d.collectionListings(quote.address, undefined, tokenIds),
      listed,
      q.offset,
      q.limit,
    );
  }
  const orderId = 1 + r.int(s.nextSequenceId);
  const byOrder = bruteTrades(s, { orderId });
  expectPage(`trades of order ${orderId}`, d.trades({ orderId }), byOrder, 0, 100);
  for (const key of keys) {
    const byKey = bruteTrades(s, { starkKey: key });
    const p = page(byKey.length);
    expectPage(`trades of ${key}`, d.trades({ starkKey: key }), byKey, p.offset, p.limit);
  }

  for (const key of keys.slice(0, 4)) {
    const contractKey = r.pick(contractKeys);
    const v1 = bruteBalancesV1(s, key, contractKey);
    const p = page(v1.length);
    expectPage(`balances(${key}, ${contractKey})`, d.balances(key, addressOf(contractKey)), v1, p.offset, p.limit);
    const type = r.pick([undefined, 'ETH', 'ERC20', 'ERC721', 'ERC721M']);
    const v3 = bruteBalancesV3(s, key, contractKey, type);
    expectPage(`v3 balances(${key}, ${contractKey}, ${type})`, d.balancesV3(key, addressOf(contractKey), type), v3, 0, 1000);
  }

  for (const address of [DMINT, REDDIO721]) {
    const contract = s.contracts.get(address.toLowerCase())!;
    const nfts = bruteNfts(s, contract, true);
    const p = page(nfts.length);
    expectPage(`nfts ${contract.symbol}`, d.nfts(address), nfts, p.offset, p.limit);
    const tokenIds = tokenIdsOf();
    const wanted = tokenIds === undefined ? undefined : new Set(tokenIds.map(String));
    const owners = bruteNfts(s, contract, false)
      .filter((n) => wanted === undefined || wanted.has(n.token_id))
      .map(({ order: _o, ...o }) => o);
    expectPage(`tokens ${contract.symbol} ${tokenIds}`, d.tokenOwners(address, tokenIds), owners, 0, 100);
  }

  const files = bruteStorage(s, w.project);
  const p = page(files.length);
  expectPage(
    'storage',
    d.storage.list(w.apiKey, w.project, 'http://h'),
    files.map((f) => ({
      cid: f.cid,
      filename: f.filename,
      filesize: f.size.toString(),
      created_at: expect.any(String),
      endpoints: [`http://h/ipfs/${f.cid}/`],
    })),
    p.offset,
    p.limit,
  );
}

function run(w: World, [c, failRoll, seed]: [Cmd, number, number]): void {
  // One command in ten (not snapshots or reverts, which are journaled first) fails its journal write after it applied.
  const command = prepare(w, c);
  const before = w.d.stateHash();
  w.failNext = failRoll === 0 && c.kind !== 'snapshot' && c.kind !== 'revert' && c.kind !== 'reset';
  try {
    command();
  } catch (e) {
    if (!(e instanceof DevnetError) && !(e instanceof DiskFull)) throw e;
    expect(w.d.stateHash(), `refused ${c.kind} changed the state`).toBe(before);
  } finally {
    w.failNext = false;
  }
  expect(listIndexViolations(w.d.state), `after ${c.kind}`).toEqual([]);
  probe(w, seed);
}

describe('list indexes (property)', () => {
  it('every list endpoint equals a brute-force scan of the plain state, after refusals, undone commands, snapshots and reverts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: RECORD_LISTS_FROM - 8, max: RECORD_LISTS_FROM + 4 }),
        fc.integer({ min: HOLDINGS_FROM - 3, max: HOLDINGS_FROM + 1 }),
        fc.array(cmd, { minLength: 1, maxLength: 60, size: 'max' }),
        (records, tokens, cmds) => {
          const w = world({ records, tokens });
          for (const c of cmds) run(w, c);
          expect(findViolations(w.d.state)).toEqual([]);
          // A state loaded from a dump rebuilds its indexes: it must answer the same.
          const loaded: World = { ...world({ records: 0, tokens: 0 }), live: [] };
          loaded.d.load(parseExact(stringify(w.d.dump())));
          expect(listIndexViolations(loaded.d.state)).toEqual([]);
          probe(loaded, cmds.length);
          probe(w, cmds.length);
        },
      ),
      { numRuns: runs(10, 120) },
    );
  }, 600_000);

  it('a --state directory restores them: the image loads them, the journal replays into them', () => {
    fc.assert(
      // No reset here: a state dir does not replay a revert to a snapshot taken after a reset (the
      // image written at the reset does not carry the snapshot id counter), a persistence matter apart.
      fc.property(
        fc.integer({ min: RECORD_LISTS_FROM - 4, max: RECORD_LISTS_FROM + 4 }),
        fc.array(
          cmd.filter(([c]) => c.kind !== 'reset'),
          { minLength: 1, maxLength: 40, size: 'max' },
        ),
        (records, cmds) => {
          const dir = mkdtempSync(join(tmpdir(), 'l2-devnet-lists-'));
          try {
            const w = world({ records, tokens: HOLDINGS_FROM }, dir);
            for (const c of cmds) run(w, c);
            const hash = w.d.stateHash();
            w.close();
            const back = world({ records: 0, tokens: 0 }, dir);
            try {
              expect(back.d.stateHash()).toBe(hash);
              expect(listIndexViolations(back.d.state)).toEqual([]);
              probe(back, cmds.length);
            } finally {
              back.close();
            }
          } finally {
            rmSync(dir, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: runs(4, 30) },
    );
  }, 600_000);
});
