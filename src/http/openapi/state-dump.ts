// GET /_devnet/state (and the body of POST /_devnet/state): the versioned image of the whole state.
// Maps are written as [key, value] entry arrays in insertion order; every bigint as an exact JSON
// integer; entities keep their in-memory (camelCase) field names. A dump loads only as it was written.
import * as v from 'valibot';
import { STATE_FORMAT } from '../../domain/lifecycle/dump.js';
import { SETTLEMENT_MODES, TIME_IN_FORCE, TOKEN_TYPES } from '../../domain/state/state.js';
import { ORDER_STATE, RECORD_STATUS, RECORD_TYPE, DIRECTION, STARK_KEY, count, decimalInt, exactInt, hex, int, text } from './responses.js';

const nullableText = v.nullable(v.string());
const big = (description: string) => exactInt(description);
const micros = (description: string) => big(`${description}, microseconds since the Unix epoch`);
/** A [key, value] pair of a dumped map. */
const entry = (key: v.GenericSchema, value: v.GenericSchema) => v.strictTuple([key, value]);
const ids = (description: string) => v.pipe(v.array(int()), v.description(description));

const CONTRACT = v.strictObject({
  id: int('registration number (ETH is 1)'),
  uuid: text(),
  address: text('as registered (case kept); "eth" for ETH'),
  key: text('lowercase address: the lookup key'),
  type: v.picklist(TOKEN_TYPES),
  name: nullableText,
  symbol: text(),
  decimals: count(),
  quantum: big('quantum'),
  assetType: big('StarkEx asset type'),
  assetInfo: hex('StarkEx asset info'),
  l1AssetType: v.pipe(v.nullable(big('ERC721M: the L1 ERC721 asset type')), v.description('ERC721M only')),
  l1AssetInfo: v.nullable(hex('ERC721M: the L1 ERC721 asset info')),
  count: big('contract_count'),
  projectUuid: nullableText,
  owner: v.pipe(nullableText, v.description('API key that created it; null for ETH')),
  createdAtMicros: micros('created'),
  baseUri: text(),
  metadataUrl: nullableText,
  description: nullableText,
  imageUrl: nullableText,
  externalLink: nullableText,
  bannerImageUrl: nullableText,
  tokens: v.pipe(v.array(entry(decimalInt('token id'), hex('asset id'))), v.description('NFTs: token id -> asset id, in creation order')),
  maxTokenId: big('highest token id created'),
  recordCount: count('records naming its assets'),
  removed: v.pipe(v.boolean(), v.description('removed from its project (its assets stay)')),
});

const ASSET = v.strictObject({
  id: big('asset id'),
  hex: hex('asset id'),
  contractKey: text(),
  tokenId: v.nullable(big('token id')),
  holder: v.pipe(nullableText, v.description('NFTs: stark key or Ethereum address of the holder')),
  uri: v.pipe(nullableText, v.description('ERC721MC tokens: the URL the token was minted with')),
});

const ACCOUNT = v.strictObject({
  key: STARK_KEY,
  balances: v.array(entry(hex('asset id'), v.strictObject({ available: big('quantized'), frozen: big('quantized') }))),
  used_nonces: v.array(big('nonce')),
  max_nonce: v.pipe(v.number(), v.integer(), v.minValue(-1), v.description('highest nonce used; -1 when none')),
  records: ids('sequence ids listed for this key, ascending'),
});

const RECORD = v.strictObject({
  sequenceId: int(),
  type: RECORD_TYPE,
  starkKey: STARK_KEY,
  status: RECORD_STATUS,
  timeMicros: micros('made'),
  assetHex: hex('asset id'),
  amount: big('quantized'),
  to: nullableText,
  reason: nullableText,
  orderId: v.nullable(int()),
});

const ORDER = v.strictObject({
  id: int(),
  starkKey: STARK_KEY,
  direction: DIRECTION,
  baseHex: hex('asset id of the currency'),
  quoteHex: hex('asset id of the token'),
  amountSell: big('signed'),
  amountBuy: big('signed'),
  feeLimit: big('signed'),
  quantity: big('quote units'),
  filled: big('quote units'),
  volume: big('base units'),
  frozen: big('still frozen'),
  serviceFee: big('charged'),
  feeTaken: big('charged'),
  priceText: text(),
  marketplace: nullableText,
  state: ORDER_STATE,
  createdAtMicros: micros('placed'),
  timeInForce: v.picklist(TIME_IN_FORCE),
  payment: v.nullable(v.strictObject({ orderId: text('external order id'), nonce: decimalInt('payment nonce'), signer: STARK_KEY })),
});

const TRADE = v.strictObject({
  makerId: int(),
  takerId: int(),
  quantity: big('quote units'),
  volume: big('base units'),
  serviceFee: big('base units'),
  marketplaceFee: big('base units'),
  timeMicros: micros('made'),
});

const STORED_FILE = v.strictObject({
  projectUuid: text(),
  cid: text(),
  filename: text(),
  size: big('bytes'),
  createdAtMicros: micros('uploaded'),
  removed: v.boolean(),
});

export const DUMP = v.pipe(
  v.strictObject({
    format: v.literal(STATE_FORMAT),
    clock: v.strictObject({ now_micros: micros('the emulator clock') }),
    prng: v.strictObject({ seed: text(), counter: count('blocks drawn') }),
    next_sequence_id: int(),
    next_vault_id: big('next vault id'),
    operator: STARK_KEY,
    starkex_contracts: v.strictObject({ mainnet: text(), testnet: text(), sepolia: text() }),
    named_accounts: v.array(v.strictObject({ name: text(), starkKey: STARK_KEY, privateKey: hex('private key'), ethAddress: hex('Ethereum address') })),
    api_keys: v.array(v.strictObject({ key: text(), name: text() })),
    projects: v.array(v.strictObject({ uuid: text(), name: text(), owner: text('API key'), createdAtMicros: micros('created'), contracts: v.array(text('contract key')) })),
    marketplaces: v.array(
      v.strictObject({
        uuid: text(),
        name: text(),
        payee: STARK_KEY,
        fee: v.strictObject({ num: big('numerator'), den: big('denominator, a power of ten'), text: text('as given') }),
        projectUuid: text(),
        owner: text('API key'),
        createdAtMicros: micros('created'),
      }),
    ),
    contracts: v.array(CONTRACT),
    assets: v.array(ASSET),
    accounts: v.array(ACCOUNT),
    vaults: v.pipe(v.array(entry(text('OWNER|ASSET_ID'), big('vault id'))), v.description('(owner, asset) -> vault id')),
    records: v.array(RECORD),
    signatures: v.pipe(v.array(entry(text('0xr|0xs of an accepted signed request'), ids('the records it created'))), v.description('the signature index of /v1/record/by/signature')),
    withdraw_area: v.array(entry(hex('Ethereum address'), v.array(entry(hex('asset id'), big('quantized'))))),
    claimed: v.array(entry(hex('asset id'), big('quantized'))),
    issued: v.array(entry(hex('asset id'), big('quantized'))),
    pending_l2: ids('records at status 1'),
    pending_l1: ids('records at status 3'),
    settlement: v.strictObject({ mode: v.picklist(SETTLEMENT_MODES), intervalMicros: big('interval'), nextCutMicros: micros('next interval batch') }),
    orders: v.array(ORDER),
    open_orders: ids('open order ids, ascending'),
    trades: v.array(TRADE),
    storage: v.array(STORED_FILE),
  }),
  v.title('StateDump'),
  v.description('The whole state; POST /_devnet/state loads it back only as it was written'),
);

/** What POST /_devnet/state loads: a dump of this build, or one of an earlier format, migrated on load. */
export const DUMP_TO_LOAD = v.union([
  DUMP,
  v.pipe(v.looseObject({ format: v.literal('l2-devnet/state@1') }), v.title('StateDumpV1'), v.description('a dump written by an earlier build (format @1): migrated to the current format, then checked the same way')),
]);
