// Wire parsing of `POST /v1/order`, accepting every form the SDKs send (and ignoring account_id,
// stop_limit_time_in_force and payment).
import { ErrorCode, fail } from '../domain/values/errors.js';
import type { OrderInput } from '../domain/trading/orders.js';
import { MAX_EXPIRATION } from '../domain/ledger/signed.js';
import { EXPIRATION, SIGNATURE } from './signed-fields.js';
import { hexField, optTextField, uintField } from './fields.js';
import { hex, starkKey, uint } from './field-specs.js';
import { field } from './spec.js';
import type { Values } from './spec.js';

const AMOUNT = { code: ErrorCode.AmountInvalid, min: 1n, below: 1n << 63n } as const;
const ROLLUP = 1n << 63n;
const VAULT_SCHEMA = { oneOf: [{ type: 'integer', minimum: 0 }, { type: 'string', pattern: '^\\d+$' }], description: '[0, 2^31) or [2^63, 2^63+2^31)' };

/** Vault ids of the 64-bit format: [0, 2^31) or [2^63, 2^63 + 2^31). */
function vaultField(v: unknown, name: string): bigint {
  const id = uintField(v, name, { below: ROLLUP + (1n << 31n) });
  if (id >= 1n << 31n && id < ROLLUP) fail(ErrorCode.InvalidParam, `${name} must be in [0, 2^31) or [2^63, 2^63+2^31), got ${id}`);
  return id;
}

const vault = () => field(VAULT_SCHEMA, vaultField, { required: true });
const token = (description: string) => hex({ code: ErrorCode.OrderFormatError, description });

interface FeeInfo {
  feeLimit: bigint;
  feeToken: bigint;
  feeVault: bigint;
}

function feeInfoField(v: unknown): FeeInfo {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(ErrorCode.OrderFormatError, 'fee_info must be an object {fee_limit, token_id, source_vault_id}');
  const fee = v as Record<string, unknown>;
  // The JS SDK sends fee_limit as a float (61.5) and signs its floor.
  const feeLimit = uintField(fee.fee_limit, 'fee_info.fee_limit', { below: 1n << 63n, floorFraction: true });
  const feeToken = hexField(fee.token_id, 'fee_info.token_id', ErrorCode.OrderFormatError);
  const feeVault = vaultField(fee.source_vault_id, 'fee_info.source_vault_id');
  return { feeLimit, feeToken, feeVault };
}

export const ORDER_BODY = {
  stark_key: starkKey(),
  direction: field({ enum: [0, 1, '0', '1'], description: '0 ASK (sell the quote token), 1 BID' }, (v) =>
    v === 0 || v === '0' ? (0 as const) : v === 1 || v === '1' ? (1 as const) : fail(ErrorCode.OrderFormatError, `direction must be 0 (ASK) or 1 (BID), got ${JSON.stringify(v)}`),
  { required: true }),
  token_sell: token('asset id sold'),
  token_buy: token('asset id bought'),
  base_token: token('asset id of the currency'),
  quote_token: token('asset id of what is traded'),
  amount_sell: uint({ ...AMOUNT, description: 'signed, quantized' }),
  amount_buy: uint({ ...AMOUNT, description: 'signed, quantized' }),
  amount: uint({ ...AMOUNT, description: 'quote units' }),
  price: field({ type: ['string', 'integer'], description: 'NFT: quantized base units; ERC20: display price' }, (v) =>
    typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : typeof v === 'string' && v.trim() !== '' ? v.trim() : fail(ErrorCode.OrderFormatError, `price must be a decimal string, got ${JSON.stringify(v)}`),
  { required: true }),
  vault_id_sell: vault(),
  vault_id_buy: vault(),
  nonce: uint({ below: 1n << 31n }),
  expiration_timestamp: EXPIRATION,
  fee_info: field(
    { type: 'object', properties: { fee_limit: { type: ['number', 'string'] }, token_id: { type: 'string' }, source_vault_id: VAULT_SCHEMA }, required: ['fee_limit', 'token_id', 'source_vault_id'] },
    feeInfoField,
    { required: true, description: 'fee_limit may be fractional (floored before hashing); token_id the base token' },
  ),
  marketplace_uuid: field({ type: ['string', 'null'] }, (v, name) => optTextField(v ?? undefined, name)),
  signature: SIGNATURE,
  account_id: field({}, () => undefined, { description: 'accepted and ignored (also stop_limit_time_in_force and payment)' }),
};

/** Reads the declared fields in the order the checks have always run. */
export function orderInput(b: Values<typeof ORDER_BODY>): OrderInput {
  const starkKey = b.stark_key;
  const direction = b.direction;
  const tokenSell = b.token_sell;
  const tokenBuy = b.token_buy;
  const baseToken = b.base_token;
  const quoteToken = b.quote_token;
  const amountSell = b.amount_sell;
  const amountBuy = b.amount_buy;
  const amount = b.amount;
  const price = b.price;
  const vaultSell = b.vault_id_sell;
  const vaultBuy = b.vault_id_buy;
  const nonce = b.nonce;
  const expiration = b.expiration_timestamp ?? MAX_EXPIRATION;
  const { feeLimit, feeToken, feeVault } = b.fee_info;
  const marketplace = b.marketplace_uuid;
  const signature = b.signature;
  return { starkKey, direction, tokenSell, tokenBuy, baseToken, quoteToken, amountSell, amountBuy, amount, price, vaultSell, vaultBuy, nonce, expiration, feeLimit, feeToken, feeVault, marketplace, signature };
}
