// fast-check arbitraries for the default genesis: transfers, withdrawals and orders whose fills are exact.
import fc from 'fast-check';
import { displayAmount } from '../domain/values/money.js';
import { TRADERS } from './model.js';
import type { ModelTimeInForce, Trader } from './model.js';

/** ETH and RDD20 both have quantum 10^12 and 18 decimals: one quantized unit is 10^-6 of a token. */
export const display6 = (quantized: bigint): string => displayAmount(quantized, 10n ** 12n, 18);

export const traderArbitrary: fc.Arbitrary<Trader> = fc.constantFrom(...TRADERS);

/** Quantized amounts: mostly small, sometimes beyond a genesis balance (10^7 ETH units) so that sends fail. */
export const amountArbitrary: fc.Arbitrary<bigint> = fc.oneof(
  { weight: 4, arbitrary: fc.bigInt({ min: 1n, max: 100_000n }) },
  { weight: 1, arbitrary: fc.bigInt({ min: 1n, max: 12_000_000n }) },
);

export const fungibleArbitrary: fc.Arbitrary<'ETH' | 'RDD20'> = fc.constantFrom('ETH' as const, 'RDD20' as const);

export interface TransferSpec {
  from: Trader;
  to: Trader;
  asset: string;
  /** Quantized (1 for an NFT). */
  amount: bigint;
}

/** Fungible transfers between two different traders, and NFT transfers of REDDIO721 #1-5 / DMINT #1-6 / DMC #1-4 (some not held). */
export const transferArbitrary: fc.Arbitrary<TransferSpec> = fc
  .tuple(
    traderArbitrary,
    fc.integer({ min: 1, max: 2 }),
    fc.oneof(
      fc.record({ asset: fungibleArbitrary, amount: amountArbitrary }),
      fc.record({ asset: fc.integer({ min: 1, max: 5 }).map((i) => `REDDIO721#${i}`), amount: fc.constant(1n) }),
      fc.record({ asset: fc.integer({ min: 1, max: 6 }).map((i) => `DMINT#${i}`), amount: fc.constant(1n) }),
      fc.record({ asset: fc.integer({ min: 1, max: 4 }).map((i) => `DMC#${i}`), amount: fc.constant(1n) }),
    ),
  )
  .map(([from, shift, { asset, amount }]) => ({ from, to: TRADERS[(TRADERS.indexOf(from) + shift) % TRADERS.length]!, asset, amount }));

export interface OrderSpec {
  who: Trader;
  side: 'sell' | 'buy';
  /** `REDDIO721#n` or `RDD20`, priced in ETH. */
  asset: string;
  /** Signed amounts, quantized: the price is base/quote. */
  quoteAmount: bigint;
  baseAmount: bigint;
  /** Through the runner's 1.5% marketplace. */
  marketplace: boolean;
  /** stop_limit_time_in_force: mostly GTC, sometimes IOC or FOK. */
  tif: ModelTimeInForce;
}

/**
 * NFT orders (REDDIO721 #1-5, 1 to 3000 units of ETH) and RDD20 orders of 0.1 to 3 tokens at
 * 0.01 to 0.09 ETH: every fill is a multiple of 0.1 token, so every volume is a whole number of
 * ETH units and the maker-favouring rounding never decides anything (a model can stay exact).
 */
export const orderArbitrary: fc.Arbitrary<OrderSpec> = fc
  .record({
    who: traderArbitrary,
    side: fc.constantFrom('sell' as const, 'buy' as const),
    marketplace: fc.boolean(),
    tif: fc.constantFrom<ModelTimeInForce>('GTC', 'GTC', 'GTC', 'IOC', 'FOK'),
    shape: fc.oneof(
      fc
        .record({
          token: fc.integer({ min: 1, max: 5 }),
          price: fc.oneof(fc.bigInt({ min: 1n, max: 3000n }), fc.constantFrom(200n, 1000n, 2000n)),
        })
        .map(({ token, price }) => ({ asset: `REDDIO721#${token}`, quoteAmount: 1n, baseAmount: price })),
      fc
        .record({ tenths: fc.bigInt({ min: 1n, max: 30n }), cents: fc.bigInt({ min: 1n, max: 9n }) })
        .map(({ tenths, cents }) => ({ asset: 'RDD20', quoteAmount: tenths * 100_000n, baseAmount: (tenths * 100_000n * cents) / 100n })),
    ),
  })
  .map(({ who, side, marketplace, tif, shape }) => ({ who, side, marketplace, tif, ...shape }));

/** A batch transfer (one sender) or a multi transfer (senders as drawn): 1 to 3 transfers. */
export interface BatchSpec {
  kind: 'batch' | 'multi';
  transfers: TransferSpec[];
}

export const batchArbitrary: fc.Arbitrary<BatchSpec> = fc
  .record({
    kind: fc.constantFrom('batch' as const, 'multi' as const),
    transfers: fc.array(transferArbitrary, { minLength: 1, maxLength: 3 }),
  })
  // A batch has one sender: every item is sent by the first item's sender (to someone else).
  .map(({ kind, transfers }) => ({
    kind,
    transfers:
      kind === 'multi'
        ? transfers
        : transfers.map((t) => ({
            ...t,
            from: transfers[0]!.from,
            to: t.to === transfers[0]!.from ? TRADERS[(TRADERS.indexOf(t.to) + 1) % TRADERS.length]! : t.to,
          })),
  }));

/** The display price of an order spec (ETH per whole token), as the SDK and the scenario runner take it. */
export function orderPrice(o: OrderSpec): string {
  if (o.asset.startsWith('REDDIO721')) return display6(o.baseAmount);
  // base/quote with both at 10^-6: cents/100 exactly for the RDD20 shape.
  return display6((o.baseAmount * 1_000_000n) / o.quoteAmount);
}
