// Property: snapshots and reverts restore the exact state, and every refused command changes nothing.
// Random streams of deposits, transfers, withdrawals, mints, orders, cancels, batches, clock moves,
// vault and wallet draws, project edits, snapshots and reverts run through the Devnet command surface
// (signatures skipped: this is about state, not crypto). Checked after every step:
// - a command that throws leaves the state hash where it was (atomic commands);
// - a revert gives back the very state hash recorded when that snapshot was taken;
// - after a revert the state behaves like the same state loaded from a dump (books, nonces, ids):
//   a fixed probe of orders and batches answers identically on both.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Devnet } from '../../src/core/devnet.js';
import { DevnetError } from '../../src/domain/values/errors.js';
import { findViolations } from '../../src/domain/lifecycle/invariants.js';
import { listIndexViolations } from '../../src/domain/lifecycle/list-indexes.js';
import { allOf } from '../../src/domain/values/listing.js';
import { parseExact, stringify } from '../../src/domain/values/json.js';
import type { OrderInput } from '../../src/domain/trading/orders.js';
import { MAX_EXPIRATION } from '../../src/domain/ledger/signed.js';
import { readGenesisFile } from '../../src/emulator/genesis-file.js';
import { DMINT, ETH_ASSET, RDD20, RDD20_ASSET } from '../support/client.js';
import { runs } from '../support/runs.js';

const NAMES = ['alice', 'bob', 'carol'] as const;
type Name = (typeof NAMES)[number];
const SIG = { r: 1n, s: 1n };

type Cmd =
  | { kind: 'deposit'; who: Name; amount: bigint }
  | { kind: 'transfer'; from: Name; to: Name; eth: boolean; amount: bigint }
  | { kind: 'withdraw'; from: Name; amount: bigint }
  | { kind: 'mint'; to: Name; count: number }
  | { kind: 'order'; who: Name; ask: boolean; quote: bigint; base: bigint }
  | { kind: 'cancel'; pick: number; asOwner: boolean }
  | { kind: 'batch'; layer: 'l2' | 'l1' | 'both' }
  | { kind: 'clock'; seconds: bigint }
  | { kind: 'wallets'; count: number }
  | { kind: 'project'; name: string }
  | { kind: 'snapshot' }
  | { kind: 'revert'; pick: number };

const name = fc.constantFrom(...NAMES);
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), who: name, amount: fc.bigInt({ min: 0n, max: 5_000n }) }),
  fc.record({
    kind: fc.constant('transfer' as const),
    from: name,
    to: name,
    eth: fc.boolean(),
    amount: fc.bigInt({ min: 1n, max: 20_000_000n }),
  }),
  fc.record({ kind: fc.constant('withdraw' as const), from: name, amount: fc.bigInt({ min: 1n, max: 20_000_000n }) }),
  fc.record({ kind: fc.constant('mint' as const), to: name, count: fc.integer({ min: 0, max: 3 }) }),
  fc.record({
    kind: fc.constant('order' as const),
    who: name,
    ask: fc.boolean(),
    quote: fc.constantFrom(10n, 20n, 25n, 50n),
    base: fc.bigInt({ min: 1n, max: 3n }),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(), asOwner: fc.boolean() }),
  fc.record({ kind: fc.constant('batch' as const), layer: fc.constantFrom('l2' as const, 'l1' as const, 'both' as const) }),
  fc.record({ kind: fc.constant('clock' as const), seconds: fc.bigInt({ min: 0n, max: 100n }) }),
  fc.record({ kind: fc.constant('wallets' as const), count: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ kind: fc.constant('project' as const), name: fc.constantFrom('p', '', 'q') }),
  { arbitrary: fc.constant({ kind: 'snapshot' as const }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('revert' as const), pick: fc.nat() }), weight: 2 },
);

function fresh(): Devnet {
  return new Devnet({ genesis: readGenesisFile(), signatures: 'skip', settlement: 'manual' });
}

function keyOf(d: Devnet, n: Name | 'operator'): string {
  return d.accounts().accounts.find((a) => a.name === n)!.stark_key;
}

function orderInput(d: Devnet, who: string, ask: boolean, quote: bigint, base: bigint): OrderInput {
  const [baseVault, quoteVault] = d.vaults([who, who], [BigInt(ETH_ASSET), BigInt(RDD20_ASSET)]).map(BigInt) as [bigint, bigint];
  const price = (Number(base) / Number(quote)).toString();
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
    price,
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

function moveInput(d: Devnet, from: string, to: string, asset: string, amount: bigint) {
  const [vaultId, receiverVaultId] = d.vaults([from, to], [BigInt(asset), BigInt(asset)]).map(BigInt) as [bigint, bigint];
  return {
    starkKey: from,
    assetId: BigInt(asset),
    amount,
    nonce: d.nonce(from),
    vaultId,
    receiver: to,
    receiverVaultId,
    expiration: MAX_EXPIRATION,
    signature: SIG,
  };
}

/** Runs one command; a refusal must leave the state hash unchanged. Returns what a test can compare. */
function run(d: Devnet, c: Cmd, live: Map<string, string>): unknown {
  const key = (n: Name) => keyOf(d, n);
  const before = d.stateHash();
  try {
    switch (c.kind) {
      case 'deposit':
        return d.deposit({ starkKey: key(c.who), contractAddress: 'eth', amount: c.amount });
      case 'transfer':
        return d.transfer(moveInput(d, key(c.from), key(c.to), c.eth ? ETH_ASSET : RDD20_ASSET, c.amount));
      case 'withdraw':
        return d.withdraw({
          ...moveInput(d, key(c.from), key(c.from), ETH_ASSET, c.amount),
          receiver: '0x00000000000000000000000000000000000000e1',
        });
      case 'mint':
        return d.mint({ apiKey: d.accounts().api_keys[0]!, contractAddress: DMINT, starkKey: key(c.to), amount: BigInt(c.count) });
      case 'order':
        return d.placeOrder(orderInput(d, key(c.who), c.ask, c.quote, c.base));
      case 'cancel': {
        const open = allOf(d.orders({}));
        if (open.length === 0) return null;
        const o = open[c.pick % open.length]!;
        const owner = o.stark_key as string;
        return d.cancelOrder(Number(o.order_id), c.asOwner ? owner : key('carol') === owner ? key('bob') : key('carol'), SIG);
      }
      case 'batch':
        return d.batches(c.layer);
      case 'clock':
        return d.setClock({ advanceSeconds: c.seconds, set: undefined });
      case 'wallets':
        return d.wallets(c.count);
      case 'project':
        return d.createProject(d.accounts().api_keys[0]!, c.name);
      case 'snapshot': {
        const { id } = d.snapshot();
        live.set(id, before);
        return id;
      }
      case 'revert': {
        const ids = [...live.keys()];
        if (ids.length === 0) return d.revert('0x999');
        const id = ids[c.pick % ids.length]!;
        d.revert(id);
        expect(d.stateHash(), `revert to ${id}`).toBe(live.get(id));
        for (const other of ids) if (Number(other) > Number(id)) live.delete(other);
        return id;
      }
    }
  } catch (e) {
    if (!(e instanceof DevnetError)) throw e;
    expect(d.stateHash(), `refused ${c.kind} (${e.message}) changed the state`).toBe(before);
    return { code: e.code };
  }
}

/** A probe that exercises books, nonces, ids and batches; equal answers mean equal behaviour. */
function probe(d: Devnet): string {
  const out: unknown[] = [];
  const live = new Map<string, string>();
  const steps: Cmd[] = [
    { kind: 'order', who: 'alice', ask: true, quote: 20n, base: 2n },
    { kind: 'order', who: 'bob', ask: false, quote: 25n, base: 3n },
    { kind: 'order', who: 'carol', ask: false, quote: 10n, base: 1n },
    { kind: 'cancel', pick: 0, asOwner: true },
    { kind: 'batch', layer: 'both' },
    { kind: 'wallets', count: 1 },
  ];
  for (const s of steps) out.push(run(d, s, live));
  out.push(
    allOf(d.orders({})),
    allOf(d.trades({ baseAddress: 'eth', quoteAddress: RDD20 })),
    NAMES.map((n) => allOf(d.trades({ starkKey: keyOf(d, n) }))),
    d.depth('eth', RDD20),
    d.stateHash(),
  );
  return stringify(out);
}

describe('snapshots and atomic commands (property)', () => {
  it('reverts restore the snapshot-time state; refusals change nothing; reverted state behaves like a loaded dump', () => {
    fc.assert(
      fc.property(fc.array(cmd, { minLength: 1, maxLength: 40 }), (cmds) => {
        const d = fresh();
        const live = new Map<string, string>();
        for (const c of cmds) {
          run(d, c, live);
          expect(findViolations(d.state)).toEqual([]);
          expect(listIndexViolations(d.state)).toEqual([]);
        }
        // The reverted (or simply evolved) devnet and a devnet loaded from its dump must be indistinguishable.
        const loaded = fresh();
        loaded.load(parseExact(stringify(d.dump())));
        expect(probe(loaded)).toBe(probe(d));
      }),
      { numRuns: runs(30, 240) },
    );
  });
});
