// GET /_devnet/overview: what the explorer page shows (display amounts; genesis names where an account has one).
import * as v from 'valibot';
import { SETTLEMENT_MODES } from '../../domain/state/state.js';
import { DEPTH } from './trading-responses.js';
import { RECORD_STATUS, STARK_KEY, TOKEN_ID, TOKEN_TYPE, count, decimalInt, display, int, isoTime, text } from './responses.js';

/** A genesis name, else the stark key. */
const WHO = text('the genesis name of the account, else its stark key');

const ACCOUNT = v.strictObject({
  name: v.pipe(v.nullable(v.string()), v.description('the genesis name; null for other keys')),
  stark_key: STARK_KEY,
  operator: v.pipe(v.boolean(), v.description('whether it collects the service fee')),
  balances: v.array(
    v.strictObject({
      symbol: text(),
      type: TOKEN_TYPE,
      contract_address: text('"eth", or the contract address as registered'),
      token_id: TOKEN_ID,
      available: display('whole tokens free to spend'),
      frozen: display('whole tokens held by open orders'),
    }),
  ),
});

const MARKET = v.strictObject({
  base: text('symbol of the currency'),
  quote: text('symbol of the token traded'),
  quote_contract: text('address of the token traded, as registered'),
  quote_type: TOKEN_TYPE,
  depth: DEPTH,
  orders: v.array(
    v.strictObject({
      order_id: int('order id'),
      side: v.picklist(['ASK', 'BID']),
      owner: WHO,
      price: display('price in whole currency units per whole token'),
      remaining: display('open quantity in whole tokens'),
      token_id: TOKEN_ID,
    }),
  ),
});

const RECORD_ROW = v.strictObject({
  sequence_id: int('sequence id'),
  type: v.picklist(['deposit', 'mint', 'transfer', 'withdrawal', 'ask', 'bid']),
  owner: WHO,
  to: v.pipe(v.nullable(v.string()), v.description('transfers and withdrawals: the receiver (a name, stark key or Ethereum address); else null')),
  status: RECORD_STATUS,
  asset: text('symbol'),
  token_id: TOKEN_ID,
  amount: v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/), v.description('whole tokens; an order on a fungible token: quantized quote units')),
  order_id: v.pipe(v.nullable(int()), v.description('order records: the order; else null')),
  time: isoTime('when it was made'),
});

const TRADE_ROW = v.strictObject({
  maker: int('maker order id'),
  taker: int('taker order id'),
  seller: WHO,
  buyer: WHO,
  quantity: display('tokens traded, in whole tokens'),
  asset: text('symbol of the token traded'),
  token_id: TOKEN_ID,
  volume: display('currency paid, in whole units'),
  currency: text('symbol of the currency'),
  service_fee: display('in whole currency units'),
  marketplace_fee: display('in whole currency units'),
  time: isoTime('when it was made'),
});

const MARKETPLACE = v.strictObject({
  uuid: text('marketplace uuid'),
  name: text(),
  payee: WHO,
  fee_rate: v.pipe(v.string(), v.regex(/^0(\.\d+)?$/), v.description('the rate as given, a decimal fraction')),
  fees_collected: v.array(v.strictObject({ currency: text('symbol'), amount: display('in whole currency units') })),
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
    records: v.pipe(v.array(RECORD_ROW), v.description('newest first; at most 100')),
    trades: v.pipe(v.array(TRADE_ROW), v.description('newest first; at most 50')),
    marketplaces: v.array(MARKETPLACE),
    files: v.pipe(v.array(FILE), v.description('stored files; at most 100')),
  }),
  v.title('Overview'),
);
