// A deliberately naive reference for one fungible market (base = the currency, quote = the traded
// token), written from docs/behaviour.md alone: plain arrays and linear scans, no heaps, no price levels,
// and nothing imported from src/domain/matching.ts or book.ts. The differential property test in
// ../matching.test.ts runs it side by side with the emulator.

export type Direction = 0 | 1; // 0 ASK sells the quote token, 1 BID buys it
/** GTC rests the rest; IOC cancels the rest; FOK fills whole at once or is cancelled whole (docs/behaviour.md). */
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';
/** 0 placed, 1 cancelled, 2 filled, 3 partially filled (docs/behaviour.md). */
export type RefOrderState = 0 | 1 | 2 | 3;

export interface RefOrder {
  id: number;
  owner: string;
  direction: Direction;
  /** What was signed. */
  amountSell: bigint;
  amountBuy: bigint;
  feeLimit: bigint;
  /** Quote units offered (ASK) or wanted (BID). */
  quantity: bigint;
  filled: bigint;
  /** Base units traded so far. */
  volume: bigint;
  serviceFee: bigint;
  /** Still frozen for this order: quote units (ASK) or base units (BID). */
  frozen: bigint;
  state: RefOrderState;
}

export interface RefTrade {
  makerId: number;
  takerId: number;
  quantity: bigint;
  volume: bigint;
  serviceFee: bigint;
}

export interface RefBalance {
  available: bigint;
  frozen: bigint;
}

export type Token = 'base' | 'quote';

/** Service fee: 0.5% of the volume, floored (docs/behaviour.md). */
const FEE_NUM = 5n;
const FEE_DEN = 1000n;

export class ReferenceMatcher {
  /** Every order ever placed, in arrival order. */
  readonly orders: RefOrder[] = [];
  /** Open orders (placed or partially filled), in arrival order. */
  open: RefOrder[] = [];
  readonly trades: RefTrade[] = [];
  /** What the stream exercised (for tuning the generators; not asserted). */
  readonly stats = {
    placed: 0,
    asyncCancelled: 0,
    asyncCancelledBids: 0,
    fills: 0,
    selfTrade: 0,
    roundingStops: 0,
    feeCapped: 0,
    priceTies: 0,
    cancelled: 0,
    cancelRefused: 0,
  };
  private readonly balances = new Map<string, { base: RefBalance; quote: RefBalance }>();

  /**
   * @param nextId the sequence id the next accepted command gets (an order's id is its sequence id;
   *   a successful cancel consumes one as well).
   */
  constructor(
    private readonly operator: string,
    genesis: Record<string, { base: bigint; quote: bigint }>,
    private nextId: number,
  ) {
    for (const [owner, g] of Object.entries(genesis))
      this.balances.set(owner, { base: { available: g.base, frozen: 0n }, quote: { available: g.quote, frozen: 0n } });
    if (!this.balances.has(operator))
      this.balances.set(operator, { base: { available: 0n, frozen: 0n }, quote: { available: 0n, frozen: 0n } });
  }

  /** The sequence id the next accepted command will get. */
  get nextSequenceId(): number {
    return this.nextId;
  }

  balance(owner: string, token: Token): RefBalance {
    const b = this.balances.get(owner);
    if (!b) throw new Error(`reference: unknown account ${owner}`);
    return { ...b[token] };
  }

  private bal(owner: string, token: Token): RefBalance {
    const b = this.balances.get(owner);
    if (!b) throw new Error(`reference: unknown account ${owner}`);
    return b[token];
  }

  order(id: number): RefOrder | undefined {
    return this.orders.find((o) => o.id === id);
  }

  /** Places a limit order and matches it; returns the order (its `state` tells what happened). */
  place(
    owner: string,
    direction: Direction,
    quoteAmount: bigint,
    baseAmount: bigint,
    feeLimit: bigint,
    tif: TimeInForce = 'GTC',
  ): RefOrder {
    const o: RefOrder = {
      id: this.nextId++,
      owner,
      direction,
      amountSell: direction === 0 ? quoteAmount : baseAmount,
      amountBuy: direction === 0 ? baseAmount : quoteAmount,
      feeLimit,
      quantity: quoteAmount,
      filled: 0n,
      volume: 0n,
      serviceFee: 0n,
      frozen: 0n,
      state: 0,
    };
    this.orders.push(o);
    this.stats.placed += 1;
    const sells: Token = direction === 0 ? 'quote' : 'base';
    const funds = this.bal(owner, sells);
    if (funds.available < o.amountSell) {
      // Asynchronous failure: accepted (it has an id) but cancelled at once, nothing frozen.
      o.state = 1;
      this.stats.asyncCancelled += 1;
      if (direction === 1) this.stats.asyncCancelledBids += 1;
      return o;
    }
    funds.available -= o.amountSell;
    funds.frozen += o.amountSell;
    o.frozen = o.amountSell;
    if (tif === 'FOK' && !this.wouldFillEntirely(o)) {
      this.close(o, 1);
      return o;
    }

    while (o.filled < o.quantity) {
      const maker = this.bestCrossing(o);
      if (maker === undefined) break;
      if (maker.owner === o.owner) {
        // Self-trade prevention, cancel-newest: the incoming order goes, releasing what it still holds.
        this.close(o, 1);
        this.stats.selfTrade += 1;
        return o;
      }
      const q = min(o.quantity - o.filled, maker.quantity - maker.filled);
      const ask = o.direction === 0 ? o : maker;
      const bid = o.direction === 0 ? maker : o;
      // Volume at the maker's price, rounded in the maker's favour (never the taker's).
      const volume = maker.direction === 0 ? ceilDiv(q * maker.amountBuy, maker.amountSell) : (q * maker.amountSell) / maker.amountBuy;
      // Both signed ratios: the seller gets at least amountBuy/amountSell per unit, the buyer pays at most amountSell/amountBuy.
      const sellerOk = volume * ask.amountSell >= q * ask.amountBuy && volume > 0n;
      const buyerOk = volume * bid.amountBuy <= q * bid.amountSell;
      if (!sellerOk || !buyerOk) {
        // No admissible amount: the rest of the taker is cancelled, so the book never crosses.
        this.stats.roundingStops += 1;
        this.close(o, 1);
        return o;
      }
      this.fill(maker, o, ask, bid, q, volume);
    }
    if (o.state === 0 || o.state === 3) {
      if (tif === 'GTC') this.open.push(o);
      else this.close(o, 1);
    }
    return o;
  }

  /**
   * FOK: walks every crossing opposite order, sorted by limit then id, as the loop in place() would
   * meet them, without changing anything; false at the owner's own order or an inadmissible fill.
   */
  private wouldFillEntirely(o: RefOrder): boolean {
    const crossing = this.open
      .filter((m) => m.direction !== o.direction && (o.direction === 1 ? ReferenceMatcher.cmp(m, o) <= 0 : ReferenceMatcher.cmp(m, o) >= 0))
      .sort((a, b) => (o.direction === 1 ? ReferenceMatcher.cmp(a, b) : ReferenceMatcher.cmp(b, a)) || a.id - b.id);
    let left = o.quantity;
    for (const maker of crossing) {
      if (maker.owner === o.owner) return false;
      const q = min(left, maker.quantity - maker.filled);
      const ask = o.direction === 0 ? o : maker;
      const bid = o.direction === 0 ? maker : o;
      const volume = maker.direction === 0 ? ceilDiv(q * maker.amountBuy, maker.amountSell) : (q * maker.amountSell) / maker.amountBuy;
      if (!(volume * ask.amountSell >= q * ask.amountBuy && volume > 0n) || volume * bid.amountBuy > q * bid.amountSell) return false;
      left -= q;
      if (left === 0n) return true;
    }
    return false;
  }

  /** Cancel by `by`: 'ok', or the error code the emulator must answer (19 unknown, 17 not the owner, 26 not open). */
  cancel(id: number, by: string): 'ok' | 17 | 19 | 26 {
    const o = this.order(id);
    const refusal = o === undefined ? 19 : o.owner !== by ? 17 : o.state !== 0 && o.state !== 3 ? 26 : undefined;
    if (o === undefined || refusal !== undefined) {
      this.stats.cancelRefused += 1;
      return refusal ?? 19;
    }
    this.close(o, 1);
    this.nextId++;
    this.stats.cancelled += 1;
    return 'ok';
  }

  /** Best open bid and best open ask (best limit, then earliest id), by scanning. */
  topOfBook(): { bid: RefOrder | undefined; ask: RefOrder | undefined } {
    let bid: RefOrder | undefined;
    let ask: RefOrder | undefined;
    for (const o of this.open) {
      if (o.direction === 1 && (bid === undefined || ReferenceMatcher.cmp(o, bid) > 0)) bid = o;
      if (o.direction === 0 && (ask === undefined || ReferenceMatcher.cmp(o, ask) < 0)) ask = o;
    }
    return { bid, ask };
  }

  /** True when the best bid's limit is at or above the best ask's. */
  static crosses(bid: RefOrder, ask: RefOrder): boolean {
    return ReferenceMatcher.cmp(bid, ask) >= 0;
  }

  /** Limit price as a fraction base/quote. */
  private static limit(o: RefOrder): { num: bigint; den: bigint } {
    return o.direction === 0 ? { num: o.amountBuy, den: o.amountSell } : { num: o.amountSell, den: o.amountBuy };
  }

  /** Negative when a's limit is below b's. */
  private static cmp(a: RefOrder, b: RefOrder): number {
    const la = ReferenceMatcher.limit(a);
    const lb = ReferenceMatcher.limit(b);
    const l = la.num * lb.den;
    const r = lb.num * la.den;
    return l < r ? -1 : l > r ? 1 : 0;
  }

  /** Best open opposite order that crosses the taker: best limit, then earliest id (linear scan). */
  private bestCrossing(taker: RefOrder): RefOrder | undefined {
    let best: RefOrder | undefined;
    for (const m of this.open) {
      if (m.direction === taker.direction) continue;
      // A BID crosses asks at or below it; an ASK crosses bids at or above it.
      const c = ReferenceMatcher.cmp(m, taker);
      const crosses = taker.direction === 1 ? c <= 0 : c >= 0;
      if (!crosses) continue;
      if (best === undefined) {
        best = m;
        continue;
      }
      const vs = ReferenceMatcher.cmp(m, best);
      const better = taker.direction === 1 ? vs < 0 : vs > 0; // lowest ask / highest bid
      if (vs === 0) this.stats.priceTies += 1;
      if (better || (vs === 0 && m.id < best.id)) best = m;
    }
    return best;
  }

  private fill(maker: RefOrder, taker: RefOrder, ask: RefOrder, bid: RefOrder, q: bigint, volume: bigint): void {
    const fee = min((volume * FEE_NUM) / FEE_DEN, ask.feeLimit - ask.serviceFee);
    if (fee < (volume * FEE_NUM) / FEE_DEN) this.stats.feeCapped += 1;
    this.stats.fills += 1;
    // Quote: seller's frozen -> buyer. Base: buyer's frozen -> seller (less the fee) and operator (the fee).
    this.bal(ask.owner, 'quote').frozen -= q;
    this.bal(bid.owner, 'quote').available += q;
    this.bal(bid.owner, 'base').frozen -= volume;
    this.bal(ask.owner, 'base').available += volume - fee;
    this.bal(this.operator, 'base').available += fee;
    ask.frozen -= q;
    bid.frozen -= volume;
    ask.serviceFee += fee;
    for (const o of [maker, taker]) {
      o.filled += q;
      o.volume += volume;
    }
    this.trades.push({ makerId: maker.id, takerId: taker.id, quantity: q, volume, serviceFee: fee });
    for (const o of [maker, taker]) {
      if (o.filled === o.quantity) this.close(o, 2);
      else o.state = 3;
    }
  }

  /** Cancelled or filled: whatever is still frozen goes back to available (a buyer's excess too). */
  private close(o: RefOrder, state: 1 | 2): void {
    const b = this.bal(o.owner, o.direction === 0 ? 'quote' : 'base');
    b.frozen -= o.frozen;
    b.available += o.frozen;
    o.frozen = 0n;
    o.state = state;
    this.open = this.open.filter((x) => x !== o);
  }
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
