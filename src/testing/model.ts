// The property runner's model: balances, open orders and withdrawals in plain maps and arrays, from the documented rules alone (docs/behaviour.md).
// Much simpler than the emulator on purpose: no vaults, no records beyond withdrawals, linear scans.

export const TRADERS = ['alice', 'bob', 'carol'] as const;
export type Trader = (typeof TRADERS)[number];
export type Who = Trader | 'operator';
/** `ETH`, `RDD20`, `REDDIO721#3`, `DMINT#4`: the scenario runner's asset names. */
export type AssetName = string;

/** Marketplace fee of the one marketplace the runner creates (payee carol): 1.5%. */
export const MARKETPLACE_FEE = { num: 15n, den: 1000n, payee: 'carol' as Who };

export interface Balance {
  available: bigint;
  frozen: bigint;
}

/** GTC rests the rest, IOC cancels it, FOK fills whole at once or is cancelled whole (docs/behaviour.md, "Orders, matching and fees"). */
export type ModelTimeInForce = 'GTC' | 'IOC' | 'FOK';

export interface ModelOrder {
  id: number;
  who: Trader;
  /** 0 ASK (sells the quote asset), 1 BID. */
  side: 0 | 1;
  quote: AssetName;
  /** Signed amounts: the price is base/quote, exact for the shapes the runner generates. */
  quoteAmount: bigint;
  baseAmount: bigint;
  remaining: bigint;
  /** BID: base still frozen; ASK: quote still frozen. */
  frozen: bigint;
  feeLimit: bigint;
  feeUsed: bigint;
  marketplace: boolean;
  tif: ModelTimeInForce;
}

export interface ModelState {
  balances: Map<string, Balance>;
  open: ModelOrder[];
  nextSequenceId: number;
  nextDmint: number;
  /** Next token id of DMC (ERC721MC, minted with a URL). */
  nextDmc: number;
  /** Withdrawals not yet on L1, by sequence id: their layer (1 accepted, 3 on L2). */
  withdrawals: Map<number, { who: Trader; asset: AssetName; amount: bigint; status: 1 | 3 }>;
  /** Withdraw area per `who|asset` (each trader withdraws to its own Ethereum address). */
  area: Map<string, bigint>;
  clockSeconds: bigint;
}

/** The key of `who`'s balance of `asset` (and, for withdrawals, of its withdraw area). */
export const keyOf = (who: Who, asset: AssetName): string => `${who}|${asset}`;

/** The default genesis (fixtures/default.json) in quantized units. */
export function genesisModel(): ModelState {
  const balances = new Map<string, Balance>();
  const give = (who: Who, asset: AssetName, amount: bigint) => balances.set(keyOf(who, asset), { available: amount, frozen: 0n });
  for (const t of TRADERS) give(t, 'ETH', 10_000_000n);
  give('alice', 'RDD20', 1_000_000_000n);
  give('bob', 'RDD20', 1_000_000_000n);
  for (const id of [1, 2, 3]) give('alice', `REDDIO721#${id}`, 1n);
  for (const id of [4, 5]) give('bob', `REDDIO721#${id}`, 1n);
  for (const id of [1, 2]) give('alice', `DMINT#${id}`, 1n);
  return { balances, open: [], nextSequenceId: 13, nextDmint: 3, nextDmc: 1, withdrawals: new Map(), area: new Map(), clockSeconds: 0n };
}

export function balance(s: ModelState, who: Who, asset: AssetName): Balance {
  let b = s.balances.get(keyOf(who, asset));
  if (!b) s.balances.set(keyOf(who, asset), (b = { available: 0n, frozen: 0n }));
  return b;
}

/** Every non-zero balance of `who`, by asset name. */
export function holdings(s: ModelState, who: Who): Map<AssetName, Balance> {
  const out = new Map<AssetName, Balance>();
  for (const [k, b] of s.balances) {
    const [owner, asset] = k.split('|') as [string, string];
    if (owner === who && (b.available !== 0n || b.frozen !== 0n)) out.set(asset, b);
  }
  return out;
}

/** A price comparison a/b vs c/d without division. */
const cmp = (o: ModelOrder, p: ModelOrder): number => {
  const l = o.baseAmount * p.quoteAmount;
  const r = p.baseAmount * o.quoteAmount;
  return l < r ? -1 : l > r ? 1 : 0;
};

/** Takes an order off the book (cancelled, or filled): what it still holds is released. */
export function cancelOrder(s: ModelState, o: ModelOrder): void {
  s.open = s.open.filter((x) => x !== o);
  if (o.frozen > 0n) {
    const b = balance(s, o.who, o.side === 1 ? 'ETH' : o.quote);
    b.frozen -= o.frozen;
    b.available += o.frozen;
    o.frozen = 0n;
  }
}

/** docs/behaviour.md, "Orders, matching and fees": freeze, then match at the maker's price (price-time), fees paid by the seller, cancel-newest on a self-trade. */
export function placeOrder(s: ModelState, o: ModelOrder): 'rested' | 'filled' | 'cancelled' | 'unfunded' {
  const frozenAsset = o.side === 1 ? 'ETH' : o.quote;
  const need = o.side === 1 ? o.baseAmount : o.quoteAmount;
  const own = balance(s, o.who, frozenAsset);
  if (own.available < need) return 'unfunded';
  if (o.tif === 'FOK') {
    // Dry run on a copy: only an order that would fill whole now is placed at all.
    const trial = structuredClone(s);
    if (placeOrder(trial, { ...o, tif: 'IOC' }) !== 'filled') return 'cancelled';
  }
  own.available -= need;
  own.frozen += need;
  o.frozen = need;
  s.open.push(o);
  while (o.remaining > 0n) {
    const crossing = s.open.filter((m) => m.quote === o.quote && m.side !== o.side && (o.side === 1 ? cmp(m, o) <= 0 : cmp(m, o) >= 0));
    if (crossing.length === 0) {
      if (o.tif === 'GTC') return 'rested';
      cancelOrder(s, o);
      return 'cancelled';
    }
    // Best price for the taker, then the earliest order.
    const maker = crossing.reduce((best, m) => {
      const c = o.side === 1 ? cmp(m, best) : cmp(best, m);
      return c < 0 || (c === 0 && m.id < best.id) ? m : best;
    });
    if (maker.who === o.who) {
      cancelOrder(s, o);
      return 'cancelled';
    }
    // biome-ignore lint/complexity/useMathMinMax: bigints (Math.min takes numbers)
    const q = o.remaining < maker.remaining ? o.remaining : maker.remaining;
    const volume = (q * maker.baseAmount) / maker.quoteAmount;
    const [sell, buy] = o.side === 0 ? [o, maker] : [maker, o];
    const cap = sell.feeLimit - sell.feeUsed;
    const fee = (volume * 5n) / 1000n < cap ? (volume * 5n) / 1000n : cap;
    const mpRaw = sell.marketplace || buy.marketplace ? (volume * MARKETPLACE_FEE.num) / MARKETPLACE_FEE.den : 0n;
    const mpFee = mpRaw < volume - fee ? mpRaw : volume - fee;
    balance(s, sell.who, sell.quote).frozen -= q;
    balance(s, buy.who, sell.quote).available += q;
    balance(s, buy.who, 'ETH').frozen -= volume;
    balance(s, sell.who, 'ETH').available += volume - fee - mpFee;
    balance(s, 'operator', 'ETH').available += fee;
    balance(s, MARKETPLACE_FEE.payee, 'ETH').available += mpFee;
    sell.feeUsed += fee;
    sell.frozen -= q;
    buy.frozen -= volume;
    for (const x of [o, maker]) {
      x.remaining -= q;
      if (x.remaining === 0n) cancelOrder(s, x);
    }
  }
  return 'filled';
}

/**
 * A batch or multi transfer: the moves run in order, each seeing the earlier ones; if one cannot be
 * paid, none happens. Returns whether they all moved.
 */
export function transferAll(s: ModelState, moves: Array<{ from: Trader; to: Trader; asset: AssetName; amount: bigint }>): boolean {
  const trial = { ...s, balances: structuredClone(s.balances) };
  for (const m of moves) {
    if (balance(trial, m.from, m.asset).available < m.amount) return false;
    balance(trial, m.from, m.asset).available -= m.amount;
    balance(trial, m.to, m.asset).available += m.amount;
  }
  s.balances = trial.balances;
  return true;
}
