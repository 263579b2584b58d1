// Wire parsing of `POST /v1/order`, accepting every form the SDKs send (and ignoring account_id,
// stop_limit_time_in_force and payment).
import { parseStarkKey } from '../domain/accounts.js';
import { ErrorCode, fail } from '../domain/errors.js';
import type { OrderInput } from '../domain/orders.js';
import { MAX_EXPIRATION } from '../domain/signed.js';
import { signatureField } from './signed-fields.js';
import { hexField, isMissing, optTextField, uintField } from './fields.js';

const AMOUNT = { code: ErrorCode.AmountInvalid, min: 1n, below: 1n << 63n } as const;
const ROLLUP = 1n << 63n;

/** Vault ids of the 64-bit format: [0, 2^31) or [2^63, 2^63 + 2^31). */
function vaultField(v: unknown, name: string): bigint {
  const id = uintField(v, name, { below: ROLLUP + (1n << 31n) });
  if (id >= 1n << 31n && id < ROLLUP) fail(ErrorCode.InvalidParam, `${name} must be in [0, 2^31) or [2^63, 2^63+2^31), got ${id}`);
  return id;
}

function tokenField(v: unknown, name: string): bigint {
  return hexField(v, name, ErrorCode.OrderFormatError);
}

export function orderFields(b: Record<string, unknown>): OrderInput {
  const starkKey = parseStarkKey(optTextField(b.stark_key, 'stark_key'));
  const direction = b.direction === 0 || b.direction === '0' ? 0 : b.direction === 1 || b.direction === '1' ? 1 : fail(ErrorCode.OrderFormatError, `direction must be 0 (ASK) or 1 (BID), got ${JSON.stringify(b.direction)}`);
  const tokenSell = tokenField(b.token_sell, 'token_sell');
  const tokenBuy = tokenField(b.token_buy, 'token_buy');
  const baseToken = tokenField(b.base_token, 'base_token');
  const quoteToken = tokenField(b.quote_token, 'quote_token');
  const amountSell = uintField(b.amount_sell, 'amount_sell', AMOUNT);
  const amountBuy = uintField(b.amount_buy, 'amount_buy', AMOUNT);
  const amount = uintField(b.amount, 'amount', AMOUNT);
  const price = typeof b.price === 'number' && Number.isSafeInteger(b.price) ? String(b.price) : typeof b.price === 'string' && b.price.trim() !== '' ? b.price.trim() : fail(ErrorCode.OrderFormatError, `price must be a decimal string, got ${JSON.stringify(b.price)}`);
  const vaultSell = vaultField(b.vault_id_sell, 'vault_id_sell');
  const vaultBuy = vaultField(b.vault_id_buy, 'vault_id_buy');
  const nonce = uintField(b.nonce, 'nonce', { below: 1n << 31n });
  const expiration = isMissing(b.expiration_timestamp) ? MAX_EXPIRATION : uintField(b.expiration_timestamp, 'expiration_timestamp', { below: MAX_EXPIRATION + 1n });
  if (typeof b.fee_info !== 'object' || b.fee_info === null || Array.isArray(b.fee_info)) fail(ErrorCode.OrderFormatError, 'fee_info must be an object {fee_limit, token_id, source_vault_id}');
  const fee = b.fee_info as Record<string, unknown>;
  // The JS SDK sends fee_limit as a float (61.5) and signs its floor.
  const feeLimit = uintField(fee.fee_limit, 'fee_info.fee_limit', { below: 1n << 63n, floorFraction: true });
  const feeToken = tokenField(fee.token_id, 'fee_info.token_id');
  const feeVault = vaultField(fee.source_vault_id, 'fee_info.source_vault_id');
  const marketplace = optTextField(b.marketplace_uuid ?? undefined, 'marketplace_uuid');
  const signature = signatureField(b.signature);
  return { starkKey, direction, tokenSell, tokenBuy, baseToken, quoteToken, amountSell, amountBuy, amount, price, vaultSell, vaultBuy, nonce, expiration, feeLimit, feeToken, feeVault, marketplace, signature };
}
