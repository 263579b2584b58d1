// Answers of the record routes: records nested (GET /v1/records) and in the single-record form (GET /v1/record, /v1/txn, by signature).
import * as v from 'valibot';
import {
  CONTRACT_ADDRESS,
  DIRECTION,
  RECORD_STATUS,
  STARK_KEY,
  TOKEN_ID,
  TOKEN_TYPE,
  UNIX_SECONDS,
  decimalInt,
  display,
  hex,
  int,
  text,
} from './responses.js';

const REASON = v.optional(text('why the record failed or was undone (only then present)'));

const common = {
  amount: decimalInt('quantized units'),
  sequence_id: int('sequence id'),
  stark_key: v.pipe(STARK_KEY, v.description('whose record: the depositor, minter, sender or order owner')),
  status: RECORD_STATUS,
  time: UNIX_SECONDS,
  reason: REASON,
};

const assetFields = {
  asset_id: hex('StarkEx asset id'),
  asset_name: text('symbol'),
  asset_type: TOKEN_TYPE,
  contract_address: CONTRACT_ADDRESS,
  display_value: display('amount in whole tokens'),
  token_id: TOKEN_ID,
};

/** Deposits and mints. */
const ASSET_RECORD = v.pipe(
  v.strictObject({ ...common, ...assetFields, record_type: v.pipe(v.picklist([1, 2]), v.description('1 deposit, 2 mint')) }),
  v.title('AssetRecord'),
);

/** Transfers and withdrawals: an asset record with its two ends. */
const MOVE_RECORD = v.pipe(
  v.strictObject({
    ...common,
    ...assetFields,
    record_type: v.pipe(v.picklist([3, 4]), v.description('3 transfer, 4 withdrawal')),
    from: v.pipe(STARK_KEY, v.description('the sender')),
    to: text('the receiver: a stark key (transfer) or an Ethereum address (withdrawal)'),
  }),
  v.title('MoveRecord'),
);

/** The order of an order record, as /v1/records nests it. */
const orderFields = {
  base_asset_id: hex('asset id of the currency'),
  base_asset_name: text('symbol of the currency'),
  base_contract_address: CONTRACT_ADDRESS,
  direction: DIRECTION,
  display_price: display('price in whole currency units per whole token'),
  fee_asset_name: text('symbol of the fee asset (the currency)'),
  fee_taken: decimalInt('fees charged to the order (quantized base units)'),
  fee_token_asset: hex('asset id of the fee asset'),
  filled: decimalInt('quote units traded (quantized)'),
  price: v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/), v.description('as placed: NFT, quantized base units; fungible, the display price')),
  quote_asset_id: hex('asset id of the token traded'),
  quote_asset_name: text('symbol of the token traded'),
  quote_asset_type: TOKEN_TYPE,
  quote_contract_address: CONTRACT_ADDRESS,
  volume: decimalInt('base units traded (quantized)'),
};

const ORDER_RECORD_TYPE = v.pipe(v.picklist([7, 8]), v.description('7 ASK order, 8 BID order'));

const NESTED_ORDER = v.strictObject({ ...orderFields, token_id: TOKEN_ID });

/** ASK and BID orders, with the order nested. */
const ORDER_RECORD = v.pipe(v.strictObject({ ...common, record_type: ORDER_RECORD_TYPE, order: NESTED_ORDER }), v.title('OrderRecord'));

/** A row of GET /v1/records: an asset, move or order record. */
export const RECORD = v.pipe(v.union([ASSET_RECORD, MOVE_RECORD, ORDER_RECORD]), v.title('Record'));

/** An order record as GET /v1/record answers it: `order.<field>` keys, token_id at the top, and the nested `order` too. */
const FLAT_ORDER_RECORD = v.pipe(
  v.strictObject({
    ...common,
    record_type: ORDER_RECORD_TYPE,
    token_id: TOKEN_ID,
    ...Object.fromEntries(Object.entries(orderFields).map(([k, s]) => [`order.${k}`, s])),
    order: v.pipe(NESTED_ORDER, v.description("the same order nested, as Java's SequenceRecord reads it")),
  }),
  v.title('SingleOrderRecord'),
);

/** GET /v1/record, /v1/txn, /v1/record/by/signature: a record in the single-record form (asset and move records have nothing to flatten). */
export const SINGLE_RECORD = v.pipe(v.union([ASSET_RECORD, MOVE_RECORD, FLAT_ORDER_RECORD]), v.title('SingleRecord'));
