// GET /_devnet/overview: everything the explorer page shows, in one read of the state.
import * as v from 'valibot';
import { contractOf } from '../domain/catalog/assets.js';
import { isoMicros } from '../domain/state/clock.js';
import { DEPTH, depth } from '../domain/trading/depth.js';
import { displayAmount } from '../domain/values/money.js';
import type { Contract, State } from '../domain/state/state.js';
import { SETTLEMENT_MODES, TOKEN_TYPE } from '../domain/state/state.js';
import type { Order, Trade } from '../domain/state/orders.js';
import { STARK_KEY, TOKEN_ID, count, decimalInt, display as displayText, int, isoTime, orNull, text } from '../domain/values/wire.js';
import { BALANCE_ROW, ORDER_ROW, RECORD_ROW, balanceRows, fileUrl, nameOf, newestRecords, orderRow, recordRow } from './rows.js';
import { tokenIdText, who } from './rows.js';
import { getOrSet } from '../domain/values/maps.js';

/** A genesis name, else the stark key. */
const WHO = text('the genesis name of the account, else its stark key');

const ACCOUNT = v.strictObject({
  name: orNull('the genesis name; null for other keys'),
  stark_key: STARK_KEY,
  operator: v.pipe(v.boolean(), v.description('whether it collects the service fee')),
  balances: v.array(v.pick(BALANCE_ROW, ['symbol', 'type', 'contract_address', 'token_id', 'available', 'frozen'])),
});

const MARKET = v.strictObject({
  base: text('symbol of the currency'),
  quote: text('symbol of the token traded'),
  quote_contract: text('address of the token traded, as registered'),
  quote_type: TOKEN_TYPE,
  depth: DEPTH,
  orders: v.array(
    v.strictObject({
      ...v.pick(ORDER_ROW, ['order_id', 'side']).entries,
      owner: WHO,
      price: ORDER_ROW.entries.price,
      remaining: displayText('open quantity in whole tokens'),
      token_id: TOKEN_ID,
    }),
  ),
});

/** The list row with names for keys, without what the detail page shows. */
const RECORD = v.strictObject({
  ...v.omit(RECORD_ROW, ['owner_name', 'to_name', 'contract_address', 'reason']).entries,
  owner: WHO,
  to: orNull('transfers and withdrawals: the receiver (a name, stark key or Ethereum address); else null'),
});

const TRADE = v.strictObject({
  maker: int('maker order id'),
  taker: int('taker order id'),
  seller: WHO,
  buyer: WHO,
  quantity: displayText('tokens traded, in whole tokens'),
  asset: text('symbol of the token traded'),
  token_id: TOKEN_ID,
  volume: displayText('currency paid, in whole units'),
  currency: text('symbol of the currency'),
  service_fee: displayText('in whole currency units'),
  marketplace_fee: displayText('in whole currency units'),
  time: isoTime('when it was made'),
});

const MARKETPLACE = v.strictObject({
  uuid: text('marketplace uuid'),
  name: text(),
  payee: WHO,
  fee_rate: v.pipe(v.string(), v.regex(/^0(\.\d+)?$/), v.description('the rate as given, a decimal fraction')),
  fees_collected: v.array(v.strictObject({ currency: text('symbol'), amount: displayText('in whole currency units') })),
});

const FILE = v.strictObject({
  project: text('project uuid'),
  cid: text('CID'),
  filename: text(),
  size: decimalInt('bytes'),
  removed: v.pipe(v.boolean(), v.description('hidden from the list (still served)')),
  url: text('the file on the gateway'),
});

export const OVERVIEW = v.pipe(
  v.strictObject({
    now: isoTime('the emulator clock'),
    settlement: v.picklist(SETTLEMENT_MODES),
    next_sequence_id: int('the sequence id the next command will take'),
    pending: v.strictObject({ l2: count('records waiting for an L2 batch'), l1: count('records waiting for an L1 batch') }),
    accounts: v.pipe(v.array(ACCOUNT), v.description('genesis accounts first; at most 50')),
    markets: v.pipe(v.array(MARKET), v.description('markets with open orders; at most 50 orders each')),
    records: v.pipe(v.array(RECORD), v.description('newest first; at most 100')),
    trades: v.pipe(v.array(TRADE), v.description('newest first; at most 50')),
    marketplaces: v.array(MARKETPLACE),
    files: v.pipe(v.array(FILE), v.description('stored files; at most 100')),
  }),
  v.title('Overview'),
);
type Overview = v.InferOutput<typeof OVERVIEW>;

/** Caps keep the answer small on a big state; the page is a window, the API has the full lists. */
export const OVERVIEW_LIMITS = { accounts: 50, records: 100, trades: 50, ordersPerMarket: 50, files: 100 } as const;

const display = (amount: bigint, c: Contract): string => displayAmount(amount, c.quantum, c.decimals);

/** Named accounts first (the genesis cast), then others in order of first appearance. */
function accountViews(state: State): Overview['accounts'] {
  const keys = [...new Set([...state.namedAccounts.map((a) => a.starkKey), ...state.accounts.keys()])].slice(0, OVERVIEW_LIMITS.accounts);
  return keys.map((key) => ({
    name: nameOf(state, key),
    stark_key: key,
    operator: key === state.operator,
    balances: balanceRows(state, key).map(({ asset_id, available_quantized, frozen_quantized, vault_id, ...row }) => row),
  }));
}

/** Markets with open orders, grouped by (base asset, quote contract) as /v1/depth shows them. */
function marketViews(state: State): Overview['markets'] {
  const markets = new Map<string, { base: Contract; quote: Contract; orders: Order[] }>();
  for (const id of state.openOrders) {
    const o = state.orders.get(id)!;
    const base = contractOf(state, state.assets.get(o.baseHex)!);
    const quote = contractOf(state, state.assets.get(o.quoteHex)!);
    const m = getOrSet(markets, `${base.key}|${quote.key}`, () => ({ base, quote, orders: [] }));
    m.orders.push(o);
  }
  return [...markets.values()].map(({ base, quote, orders }) => ({
    base: base.symbol,
    quote: quote.symbol,
    quote_contract: quote.address,
    quote_type: quote.type,
    depth: depth(state, base, quote),
    orders: orders.slice(-OVERVIEW_LIMITS.ordersPerMarket).map((o) => {
      const { order_id, side, price, token_id } = orderRow(state, o.id);
      return { order_id, side, owner: who(state, o.starkKey), price, remaining: display(o.quantity - o.filled, quote), token_id };
    }),
  }));
}

function recordViews(state: State): Overview['records'] {
  return newestRecords(state, undefined, OVERVIEW_LIMITS.records).map((r) => {
    const { owner_name, to_name, contract_address, reason, ...row } = recordRow(state, r);
    return { ...row, owner: owner_name ?? row.owner, to: to_name ?? row.to };
  });
}

/** A trade's orders as seller and buyer, and its contracts. */
function tradeSides(state: State, t: Trade) {
  const maker = state.orders.get(t.makerId)!;
  const taker = state.orders.get(t.takerId)!;
  const [sell, buy] = maker.direction === 0 ? [maker, taker] : [taker, maker];
  const quoteAsset = state.assets.get(maker.quoteHex)!;
  return { sell, buy, quoteAsset, base: contractOf(state, state.assets.get(maker.baseHex)!), quote: contractOf(state, quoteAsset) };
}

function tradeViews(state: State): Overview['trades'] {
  return state.trades
    .slice(-OVERVIEW_LIMITS.trades)
    .reverse()
    .map((t) => {
      const { sell, buy, quoteAsset, base, quote } = tradeSides(state, t);
      return {
        maker: t.makerId,
        taker: t.takerId,
        seller: who(state, sell.starkKey),
        buyer: who(state, buy.starkKey),
        quantity: display(t.quantity, quote),
        asset: quote.symbol,
        token_id: tokenIdText(quoteAsset),
        volume: display(t.volume, base),
        currency: base.symbol,
        service_fee: display(t.serviceFee, base),
        marketplace_fee: display(t.marketplaceFee, base),
        time: isoMicros(t.timeMicros),
      };
    });
}

/** Fees per marketplace and currency: the same attribution as matching (sell order's, else buy order's). */
function marketplaceViews(state: State): Overview['marketplaces'] {
  const fees = new Map<string, Map<string, { base: Contract; amount: bigint }>>();
  for (const t of state.trades) {
    if (t.marketplaceFee === 0n) continue;
    const { sell, buy, base } = tradeSides(state, t);
    const uuid = sell.marketplace ?? buy.marketplace;
    if (uuid === null) continue;
    getOrSet(
      getOrSet(fees, uuid, () => new Map()),
      base.key,
      () => ({ base, amount: 0n }),
    ).amount += t.marketplaceFee;
  }
  return [...state.marketplaces.values()].map((m) => ({
    uuid: m.uuid,
    name: m.name,
    payee: who(state, m.payee),
    fee_rate: m.fee.text,
    fees_collected: [...(fees.get(m.uuid)?.values() ?? [])].map((e) => ({ currency: e.base.symbol, amount: display(e.amount, e.base) })),
  }));
}

function fileViews(state: State, gatewayUrl: string): Overview['files'] {
  const files: Overview['files'] = [];
  for (const [project, byCid] of state.storage) {
    for (const f of byCid.values()) {
      if (files.length >= OVERVIEW_LIMITS.files) return files;
      files.push({ project, cid: f.cid, filename: f.filename, size: f.size.toString(), removed: f.removed, url: fileUrl(gatewayUrl, f) });
    }
  }
  return files;
}

/**
 * A diagnostic view: it walks the accounts, open orders, trades and stored files (each capped),
 * so its cost grows with the state, unlike the emulated API's indexed queries. Records are read
 * newest first straight from the sequence counter, so the timeline costs only what it shows.
 */
export function explorerOverview(state: State, gatewayUrl: string): Overview {
  return {
    now: isoMicros(state.clock.nowMicros),
    settlement: state.settlement.mode,
    next_sequence_id: state.nextSequenceId,
    pending: { l2: state.pendingL2.size, l1: state.pendingL1.size },
    accounts: accountViews(state),
    markets: marketViews(state),
    records: recordViews(state),
    trades: tradeViews(state),
    marketplaces: marketplaceViews(state),
    files: fileViews(state, gatewayUrl),
  };
}
