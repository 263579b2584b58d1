// Differential property: random streams of ASK/BID placements (GTC, IOC, FOK) and cancels in the ETH/RDD20 market,
// run through the emulator and through a naive reference matcher (support/reference-matcher.ts:
// plain arrays, linear scans, written from docs/behaviour.md only). After every step the open orders,
// every order's progress, the trade list, the balances of alice/bob/carol/operator and the §9
// invariants (frozen = open orders' needs, books uncrossed, fee cap) must agree.
//
// Two drivers: the domain directly (placeOrder/cancelOrder with a signature check that always
// passes; most runs, it is ~5x faster) and the HTTP layer as the JS SDK uses it (a few runs).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextNonce } from '../../src/domain/ledger/accounts.js';
import { requireAsset } from '../../src/domain/catalog/assets.js';
import { DevnetError } from '../../src/domain/values/errors.js';
import { findViolations } from '../../src/domain/lifecycle/invariants.js';
import { balanceOf } from '../../src/domain/ledger/ledger.js';
import { cancelOrder, placeOrder } from '../../src/domain/trading/orders.js';
import type { OrderInput } from '../../src/domain/trading/orders.js';
import { MAX_EXPIRATION } from '../../src/domain/ledger/signed.js';
import type { State } from '../../src/domain/state/state.js';
import { ensureVault } from '../../src/domain/ledger/vaults.js';
import { signedCancelBody } from '../../src/testing.js';
import { ETH_ASSET, RDD20, RDD20_ASSET, testClient } from '../support/client.js';
import type { TestClient } from '../support/client.js';
import { order } from '../support/flows.js';
import { ReferenceMatcher } from './support/reference-matcher.js';
import type { Direction, TimeInForce, Token } from './support/reference-matcher.js';
import { runs } from '../support/runs.js';

const NAMES = ['alice', 'bob', 'carol'] as const;
type Name = (typeof NAMES)[number];
const EVERYONE = [...NAMES, 'operator'] as const;

/** Genesis (fixtures/default.json): 10 ETH each, 1000 RDD20 for alice and bob, in quantized units. */
const GENESIS: Record<(typeof EVERYONE)[number], { base: bigint; quote: bigint }> = {
  alice: { base: 10_000_000n, quote: 1_000_000_000n },
  bob: { base: 10_000_000n, quote: 1_000_000_000n },
  carol: { base: 10_000_000n, quote: 0n },
  operator: { base: 0n, quote: 0n },
};

// ---- commands ----

/** The signed fee_limit: the SDK's floor(0.005 x base), a fixed small cap, or a percentage of the SDK's. */
type Fee = 'sdk' | { fixed: bigint } | { percentOfSdk: number };
type Cmd =
  | { kind: 'place'; who: Name; direction: Direction; quote: bigint; base: bigint; fee: Fee; tif: TimeInForce }
  | { kind: 'cancel'; pick: number; asOwner: boolean };

/**
 * Signed amounts. The quote amount is 2^i·5^j so that base/quote is a finite decimal (the body's
 * `price` must state the signed ratio exactly). Three shapes, all in the same market so they meet:
 * - scaled: near 0.02 ETH per RDD20, ratios that often coincide (time priority), sizes from 1 unit
 *   to beyond the genesis balances (async cancels when funds run out);
 * - coarse: a few base units for up to 250 quote units, so volumes are fractional and the
 *   maker-favouring rounding decides whether a fill is admissible;
 * - tiny: a handful of units on both sides, wide ratios.
 */
const scaled = fc
  .record({
    i: fc.integer({ min: 0, max: 8 }),
    j: fc.integer({ min: 0, max: 10 }),
    p: fc.constantFrom(19, 20, 20, 21),
    jitter: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: -3, max: 3 }) }),
  })
  .map(({ i, j, p, jitter }) => {
    const quote = 2n ** BigInt(i) * 5n ** BigInt(j);
    const base = (quote * BigInt(p)) / 1000n + BigInt(jitter);
    return { quote, base: base < 1n ? 1n : base };
  });
const coarse = fc.record({
  quote: fc.constantFrom(16n, 20n, 25n, 32n, 40n, 50n, 64n, 80n, 100n, 125n, 128n, 160n, 200n, 250n),
  base: fc.bigInt({ min: 1n, max: 6n }),
});
const tiny = fc.record({ quote: fc.constantFrom(1n, 2n, 4n, 5n, 8n, 10n), base: fc.bigInt({ min: 1n, max: 8n }) });
const amounts = fc.oneof({ weight: 4, arbitrary: scaled }, { weight: 2, arbitrary: coarse }, { weight: 1, arbitrary: tiny });
/** fee_limit: floor(0.005 x base) as the SDK signs it, or a smaller cap (0, 1, 2, or a fraction of that). */
const fee = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Fee>('sdk') },
  { weight: 1, arbitrary: fc.constantFrom(0n, 1n, 2n).map((fixed) => ({ fixed })) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 99 }).map((percentOfSdk) => ({ percentOfSdk })) },
);

const place: fc.Arbitrary<Cmd> = fc
  .record({
    who: fc.constantFrom(...NAMES),
    direction: fc.constantFrom<Direction>(0, 1),
    amounts,
    fee,
    tif: fc.constantFrom<TimeInForce>('GTC', 'GTC', 'GTC', 'IOC', 'FOK'),
  })
  .map(({ who, direction, amounts: a, fee: f, tif }) => ({
    kind: 'place' as const,
    who,
    direction,
    quote: a.quote,
    base: a.base,
    fee: f,
    tif,
  }));
const cancel: fc.Arbitrary<Cmd> = fc.record({
  kind: fc.constant('cancel' as const),
  pick: fc.nat({ max: 1000 }),
  asOwner: fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
});
const cmds = fc.array(fc.oneof({ weight: 4, arbitrary: place }, { weight: 1, arbitrary: cancel }), {
  minLength: 1,
  maxLength: 50,
  size: 'max',
});

function feeLimitOf(c: Extract<Cmd, { kind: 'place' }>): bigint {
  const sdk = (c.base * 5n) / 1000n;
  if (c.fee === 'sdk') return sdk;
  return 'fixed' in c.fee ? c.fee.fixed : (sdk * BigInt(c.fee.percentOfSdk)) / 100n;
}

/** The display price base/quote as an exact decimal (quote is 2^i·5^j; ETH and RDD20 both have 18 decimals, quantum 10^12). */
function priceText(quote: bigint, base: bigint): string {
  let k = 0;
  let scale = 1n;
  while ((base * scale) % quote !== 0n) {
    scale *= 10n;
    k += 1;
    if (k > 40) throw new Error(`${base}/${quote} has no finite decimal`);
  }
  const digits = ((base * scale) / quote).toString().padStart(k + 1, '0');
  const whole = digits.slice(0, digits.length - k);
  const frac = digits.slice(digits.length - k);
  return frac === '' ? whole : `${whole}.${frac}`;
}

// ---- drivers ----

interface Driver {
  c: TestClient;
  state: State;
  /** Places an order; returns its order id (= sequence id). */
  place(cmd: Extract<Cmd, { kind: 'place' }>): Promise<number>;
  /** Cancels `id` signed by `as`: the new sequence id, or the error code. */
  cancel(id: number, as: Name): Promise<{ ok: number } | { code: number }>;
  /** Extra checks only this driver can make (HTTP views). */
  extra(ref: ReferenceMatcher): Promise<void>;
}

const ALWAYS = () => true;

function domainDriver(): Driver {
  const c = testClient();
  const state = c.dn.devnet.state;
  const base = requireAsset(state, BigInt(ETH_ASSET));
  const quote = requireAsset(state, BigInt(RDD20_ASSET));
  const sig = { r: 1n, s: 1n };
  return {
    c,
    state,
    async place(cmd) {
      const key = c.accounts[cmd.who].stark_key;
      const ask = cmd.direction === 0;
      const baseVault = ensureVault(state, key, base.hex);
      const quoteVault = ensureVault(state, key, quote.hex);
      const input: OrderInput = {
        starkKey: key,
        direction: cmd.direction,
        tokenSell: ask ? quote.id : base.id,
        tokenBuy: ask ? base.id : quote.id,
        baseToken: base.id,
        quoteToken: quote.id,
        amountSell: ask ? cmd.quote : cmd.base,
        amountBuy: ask ? cmd.base : cmd.quote,
        amount: cmd.quote,
        price: priceText(cmd.quote, cmd.base),
        vaultSell: ask ? quoteVault : baseVault,
        vaultBuy: ask ? baseVault : quoteVault,
        nonce: nextNonce(state, key),
        expiration: MAX_EXPIRATION,
        feeLimit: feeLimitOf(cmd),
        feeToken: base.id,
        feeVault: baseVault,
        marketplace: undefined,
        signature: sig,
        timeInForce: cmd.tif,
      };
      return placeOrder(state, input, ALWAYS);
    },
    async cancel(id, as) {
      try {
        return { ok: cancelOrder(state, id, c.accounts[as].stark_key, sig, ALWAYS) };
      } catch (e) {
        if (e instanceof DevnetError) return { code: e.code };
        throw e;
      }
    },
    async extra() {},
  };
}

function httpDriver(): Driver {
  const c = testClient();
  return {
    c,
    state: c.dn.devnet.state,
    async place(cmd) {
      const r = await order(c, c.accounts[cmd.who], {
        contract2: `ERC20:${RDD20}`,
        direction: cmd.direction,
        quoteAmount: cmd.quote,
        baseAmount: cmd.base,
        price: priceText(cmd.quote, cmd.base),
        feeLimit: Number(feeLimitOf(cmd)),
        ...(cmd.tif === 'GTC' ? {} : { timeInForce: cmd.tif }),
      });
      if (r.body?.status !== 'OK') throw new Error(`order refused: ${r.text}`);
      return r.body.data.sequence_id;
    },
    async cancel(id, as) {
      const a = c.accounts[as];
      const r = await c.post(`/v1/orders/${id}/cancel`, signedCancelBody(a.stark_key, a.private_key, id));
      return r.body.status === 'OK' ? { ok: r.body.data.sequence_id } : { code: r.body.error_code };
    },
    async extra(ref) {
      const inv = (await c.get('/_devnet/invariants')).body as { ok: boolean; violations: string[] };
      expect(inv.violations).toEqual([]);
      expect(inv.ok).toBe(inv.violations.length === 0);
      const listed = (await c.get(`/v1/orders?contract_address=${RDD20}&limit=1000`)).body.data.list as Array<{
        order_id: number;
        un_filled: string;
      }>;
      expect(listed.map((o) => [o.order_id, o.un_filled]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
        ref.open.map((o) => [o.id, (o.quantity - o.filled).toString()]).sort((a, b) => Number(a[0]) - Number(b[0])),
      );
      for (const n of EVERYONE) {
        for (const [token, asset] of [
          ['base', ETH_ASSET],
          ['quote', RDD20_ASSET],
        ] as const) {
          const b = (await c.get(`/v1/balance?stark_key=${c.accounts[n].stark_key}&asset_id=${asset}`)).body.data;
          const want = ref.balance(c.accounts[n].stark_key, token);
          expect([`${n} ${token}`, BigInt(b.balance_available), BigInt(b.balance_frozen)]).toEqual([
            `${n} ${token}`,
            want.available,
            want.frozen,
          ]);
        }
      }
    },
  };
}

// ---- the property ----

/** (a) open orders and every order's progress, (b) trades, (c) balances, (d) §9 invariants. */
async function agree(d: Driver, ref: ReferenceMatcher): Promise<void> {
  const s = d.state;
  const emuOpen = [...s.openOrders]
    .sort((a, b) => a - b)
    .map((id) => {
      const o = s.orders.get(id)!;
      return { id, unFilled: o.quantity - o.filled, state: o.state };
    });
  const refOpen = [...ref.open].sort((a, b) => a.id - b.id).map((o) => ({ id: o.id, unFilled: o.quantity - o.filled, state: o.state }));
  expect(emuOpen).toEqual(refOpen);

  // Every order's progress, closed ones included: [id, state, filled, volume, service fee, frozen].
  const emuOrders = ref.orders.map((r) => {
    const o = s.orders.get(r.id);
    return o ? [r.id, o.state, o.filled, o.volume, o.serviceFee, o.frozen] : [r.id, 'missing'];
  });
  expect(emuOrders).toEqual(ref.orders.map((r) => [r.id, r.state, r.filled, r.volume, r.serviceFee, r.frozen]));

  expect(
    s.trades.map((t) => ({
      makerId: t.makerId,
      takerId: t.takerId,
      quantity: t.quantity,
      volume: t.volume,
      serviceFee: t.serviceFee,
      marketplaceFee: t.marketplaceFee,
    })),
  ).toEqual(ref.trades.map((t) => ({ ...t, marketplaceFee: 0n })));

  const eth = requireAsset(s, BigInt(ETH_ASSET)).hex;
  const rdd = requireAsset(s, BigInt(RDD20_ASSET)).hex;
  const emuBalances: unknown[] = [];
  const refBalances: unknown[] = [];
  for (const n of EVERYONE) {
    const key = d.c.accounts[n].stark_key;
    for (const [token, hex] of [
      ['base', eth],
      ['quote', rdd],
    ] as Array<[Token, string]>) {
      const b = balanceOf(s, key, hex);
      emuBalances.push([n, token, b.available, b.frozen]);
      const w = ref.balance(key, token);
      refBalances.push([n, token, w.available, w.frozen]);
    }
  }
  expect(emuBalances).toEqual(refBalances);

  expect(findViolations(s)).toEqual([]);
  await d.extra(ref);
}

async function run(makeDriver: () => Driver, commands: Cmd[]): Promise<void> {
  const d = makeDriver();
  const key = (n: Name | 'operator') => d.c.accounts[n].stark_key;
  const genesis = Object.fromEntries(EVERYONE.map((n) => [key(n), GENESIS[n]]));
  const ref = new ReferenceMatcher(key('operator'), genesis, d.state.nextSequenceId);
  await agree(d, ref);
  const placed: Array<{ id: number; who: Name }> = [];
  for (const cmd of commands) {
    if (cmd.kind === 'place') {
      const expected = ref.place(key(cmd.who), cmd.direction, cmd.quote, cmd.base, feeLimitOf(cmd), cmd.tif);
      const id = await d.place(cmd);
      expect(id).toBe(expected.id);
      placed.push({ id, who: cmd.who });
    } else {
      if (placed.length === 0) continue;
      const target = placed[cmd.pick % placed.length]!;
      const as: Name = cmd.asOwner ? target.who : NAMES[(NAMES.indexOf(target.who) + 1) % NAMES.length]!;
      const sequenceId = ref.nextSequenceId;
      const want = ref.cancel(target.id, key(as));
      const got = await d.cancel(target.id, as);
      expect(got).toEqual(want === 'ok' ? { ok: sequenceId } : { code: want });
    }
    await agree(d, ref);
  }
}

/** Sized so the file runs in a few seconds (placeOrder's Pedersen message hash costs ~4 ms, an HTTP order ~15 ms). */
const NUM_RUNS_DOMAIN = runs(50, 400);
const NUM_RUNS_HTTP = runs(6, 40);

describe('matching agrees with a naive reference matcher', () => {
  it('domain driver: random placements and cancels in the ETH/RDD20 market', async () => {
    await fc.assert(
      fc.asyncProperty(cmds, (commands) => run(domainDriver, commands)),
      { numRuns: NUM_RUNS_DOMAIN },
    );
  }, 60_000);

  it('HTTP driver (signed as the JS SDK does): the same property over the wire', async () => {
    await fc.assert(
      fc.asyncProperty(cmds, (commands) => run(httpDriver, commands)),
      { numRuns: NUM_RUNS_HTTP },
    );
  }, 60_000);
});
