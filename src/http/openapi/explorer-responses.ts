// GET /_devnet/overview: what the explorer page shows (display amounts; genesis names where an account has one).
import * as v from 'valibot';
import { RECORD_STATUS } from '../../domain/ledger/records.js';
import { SETTLEMENT_MODES, TOKEN_TYPE } from '../../domain/state/state.js';
import { ORDER_STATE } from '../../domain/state/orders.js';
import { DEPTH } from '../../domain/trading/depth.js';
import { STARK_KEY, TOKEN_ID, count, decimalInt, display, int, isoTime, text } from '../../domain/values/wire.js';

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
  to: v.pipe(
    v.nullable(v.string()),
    v.description('transfers and withdrawals: the receiver (a name, stark key or Ethereum address); else null'),
  ),
  status: RECORD_STATUS,
  asset: text('symbol'),
  token_id: TOKEN_ID,
  amount: display('whole tokens (display units)'),
  quantized: decimalInt('the quantized amount'),
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

// ---- the explorer's other reads (search, detail pages, paged lists) and the request journal ----

const anyObject = v.pipe(v.record(v.string(), v.unknown()), v.description('the object as the emulated API shows it'));
const intOrNull = (description: string) => v.pipe(v.nullable(int()), v.description(description));
const strOrNull = (description: string) => v.pipe(v.nullable(v.string()), v.description(description));
/** A page newest first; `next` is the cursor of the next page, null on the last. */
const page = (item: v.GenericSchema) =>
  v.strictObject({
    items: v.array(item),
    total: count('entries in the whole list'),
    next: intOrNull('the cursor of the next page; null on the last'),
  });

export const SEARCH = v.pipe(
  v.strictObject({
    query: text('what was searched'),
    hits: v.array(
      v.strictObject({
        kind: v.picklist(['account', 'record', 'order', 'contract', 'file']),
        id: text('the id of the detail page (#/{kind}/{id})'),
        label: text(),
      }),
    ),
  }),
  v.title('SearchResult'),
);
const EXPLORER_RECORD_ROW = v.strictObject({
  sequence_id: int('sequence id'),
  type: v.picklist(['deposit', 'mint', 'transfer', 'withdrawal', 'ask', 'bid']),
  owner: STARK_KEY,
  owner_name: strOrNull('the genesis name of the owner, or null'),
  to_name: strOrNull('the genesis name of the receiver, or null'),
  to: strOrNull('transfers and withdrawals: the receiver; else null'),
  status: RECORD_STATUS,
  asset: text('symbol'),
  contract_address: text('"eth", or the contract address as registered'),
  token_id: TOKEN_ID,
  amount: v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/), v.description('whole tokens')),
  quantized: decimalInt('the quantized amount'),
  order_id: intOrNull('order records: the order; else null'),
  reason: strOrNull('why it failed or was rejected; else null'),
  time: isoTime('when it was made'),
});
export const EXPLORER_RECORDS = v.pipe(page(EXPLORER_RECORD_ROW), v.title('RecordPage'));
const ORDER_ROW = v.strictObject({
  order_id: int('order id'),
  side: v.picklist(['ASK', 'BID']),
  owner: STARK_KEY,
  state: ORDER_STATE,
  price: text('price in whole currency units'),
  base: text('symbol of the currency'),
  quote: text('symbol of the token traded'),
  token_id: TOKEN_ID,
  quantity: text('whole tokens'),
  filled: text('whole tokens traded so far'),
});
export const EXPLORER_ACCOUNT = v.pipe(
  v.strictObject({
    stark_key: STARK_KEY,
    name: strOrNull('the genesis name; null for other keys'),
    operator: v.boolean(),
    balances: v.array(
      v.strictObject({
        symbol: text(),
        type: TOKEN_TYPE,
        contract_address: text('"eth", or the contract address as registered'),
        asset_id: text('asset id'),
        token_id: TOKEN_ID,
        available: display('whole tokens free to spend'),
        available_quantized: decimalInt('quantized'),
        frozen: display('whole tokens held by open orders'),
        frozen_quantized: decimalInt('quantized'),
        vault_id: strOrNull('the vault of (key, asset), if allocated'),
      }),
    ),
    records: page(EXPLORER_RECORD_ROW),
    open_orders: page(ORDER_ROW),
  }),
  v.title('AccountDetail'),
);
export const EXPLORER_RECORD = v.pipe(
  v.strictObject({
    row: EXPLORER_RECORD_ROW,
    fields: anyObject,
    reason: strOrNull('why it failed or was rejected; else null'),
    history: v.array(
      v.strictObject({
        from: v.nullable(RECORD_STATUS),
        to: RECORD_STATUS,
        time: isoTime('emulator time of the move'),
        cmd: text('the command that made it'),
      }),
    ),
    history_complete: v.pipe(v.boolean(), v.description('whether every move since its creation was seen by this process')),
    l1_tx: strOrNull('the L1 transaction that caused it (a deposit read from L1, with --l1); else null'),
  }),
  v.title('RecordDetail'),
);
export const EXPLORER_ORDER = v.pipe(
  v.strictObject({
    row: ORDER_ROW,
    fields: anyObject,
    fees: v.strictObject({
      currency: text('symbol'),
      service_fee: display('whole units'),
      fee_taken: display('whole units'),
      fee_taken_quantized: decimalInt('quantized'),
    }),
    fills: page(anyObject),
  }),
  v.title('OrderDetail'),
);
export const EXPLORER_CONTRACT = v.pipe(
  v.strictObject({ address: text('as registered'), symbol: text(), type: TOKEN_TYPE, fields: anyObject, tokens: page(anyObject) }),
  v.title('ContractDetail'),
);
export const EXPLORER_FILE = v.pipe(
  v.strictObject({
    cid: text('CID'),
    filename: text(),
    size: decimalInt('bytes'),
    project_uuid: text('project uuid'),
    created_at: isoTime('when it was stored'),
    removed: v.boolean(),
    url: text('the file on the gateway'),
  }),
  v.title('StoredFileDetail'),
);
export const JOURNAL = v.pipe(
  v.strictObject({
    entries: v.array(
      v.strictObject({
        id: int('journal id (a since cursor)'),
        method: text(),
        path: text('without the query string'),
        query: v.pipe(v.record(v.string(), v.string()), v.description("query keys and values; a secret-like key's value is [redacted]")),
        status: int('HTTP status'),
        error_code: int('0 for OK, else the FAILED code'),
        error: strOrNull("the FAILED envelope's error"),
        sequence_id: intOrNull('the sequence id handed out, if any'),
        duration_ms: v.number(),
        wall_time: v.pipe(v.string(), v.description('host clock, ISO 8601')),
        emulator_time: isoTime('emulator clock when answered'),
        body: strOrNull('the JSON body, secrets and signatures [redacted]; null without one'),
      }),
    ),
    last_id: int('the id of the newest entry ever made (0: none)'),
    size: count('entries held'),
    capacity: count('entries the journal keeps'),
  }),
  v.title('RequestJournal'),
);
export const JOURNAL_CLEARED = v.strictObject({ removed: count('entries removed') });
