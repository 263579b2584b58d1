// Fields of `POST /v1/order`, accepting every form the SDKs send (account_id is accepted and ignored;
// Java writes stop_limit_time_in_force and payment as null when unset).
import * as v from 'valibot';
import type { OrderInput, PaymentInput } from '../../domain/trading/orders.js';
import { TIME_IN_FORCE, type TimeInForce } from '../../domain/state/orders.js';
import { MAX_EXPIRATION } from '../../domain/ledger/signed.js';
import { ErrorCode } from '../../domain/values/errors.js';
import { fieldOf, objectOf, optional, readInOrder, refuse, show, type Field, type Values } from './field.js';
import { hex, starkKey, uint } from './kinds.js';
import { optText, TEXT_LIMITS, text } from './text.js';
import { EXPIRATION, SIGNATURE, signatureWithKey } from './signed.js';

const AMOUNT = { code: ErrorCode.AmountInvalid, min: 1n, below: 1n << 63n, quantized: true } as const;
const ROLLUP = 1n << 63n;

/** A vault id of the 64-bit format: [0, 2^31) or [2^63, 2^63 + 2^31). */
function vault(): Field<bigint> {
  const u = uint({ below: ROLLUP + (1n << 31n) });
  const inRange = v.check((id: bigint) => id < 1n << 31n || id >= ROLLUP, 'gap');
  const gap = refuse(
    ErrorCode.InvalidParam,
    (name, value) => `${name} must be in [0, 2^31) or [2^63, 2^63+2^31), got ${BigInt(/\d+/.exec(String(value))![0])}`,
  );
  return fieldOf(
    v.pipe(u.json, inRange),
    { ...u.refusals, gap },
    { text: v.pipe(u.text, inRange), required: true, description: '[0, 2^31) or [2^63, 2^63+2^31)' },
  );
}

const token = (description: string) => hex({ code: ErrorCode.OrderFormatError, description });

/** 0 ASK (sell the quote token) or 1 BID, as a number or text. */
const DIRECTION: Field<0 | 1> = fieldOf(
  v.pipe(
    v.picklist([0, 1, '0', '1'], 'direction'),
    v.transform((d) => (Number(d) === 0 ? (0 as const) : (1 as const))),
  ),
  { direction: refuse(ErrorCode.OrderFormatError, (_name, value) => `direction must be 0 (ASK) or 1 (BID), got ${show(value)}`) },
  { required: true, description: '0 ASK (sell the quote token), 1 BID' },
);

/** NFT: quantized base units; ERC20: the display price. A safe integer or non-blank text, trimmed. */
const PRICE: Field<string> = fieldOf(
  v.pipe(
    v.union(
      [
        v.pipe(v.number('price'), v.safeInteger('price'), v.transform(String)),
        v.pipe(v.string('price'), v.maxLength(TEXT_LIMITS.other, 'long'), v.trim(), v.minLength(1, 'price')),
      ],
      'price',
    ),
  ),
  {
    price: refuse(ErrorCode.OrderFormatError, (_name, value) => `price must be a decimal string, got ${show(value)}`),
    long: refuse(
      ErrorCode.OrderFormatError,
      (_name, value) => `price must be at most ${TEXT_LIMITS.other} characters, got ${String(value).length}`,
    ),
  },
  { required: true, description: 'NFT: quantized base units; ERC20: display price' },
);

const FEE_INFO = objectOf(
  {
    // The JS SDK sends fee_limit as a float (61.5) and signs its floor.
    fee_limit: uint({ below: 1n << 63n, floorFraction: true }),
    token_id: hex({ code: ErrorCode.OrderFormatError }),
    source_vault_id: vault(),
  },
  'an object {fee_limit, token_id, source_vault_id}',
  (f) => ({ feeLimit: f.fee_limit, feeToken: f.token_id, feeVault: f.source_vault_id }),
  { code: ErrorCode.OrderFormatError, description: 'fee_limit may be fractional (floored before hashing); token_id the base token' },
);

/** GTC (default), IOC or FOK, as Java's OrderMessage constants spell them. */
const TIME_IN_FORCE_FIELD: Field<TimeInForce | undefined> = optional(
  fieldOf(
    v.picklist(TIME_IN_FORCE, 'tif'),
    {
      tif: refuse(ErrorCode.OrderFormatError, (name, value) => `${name} must be "GTC", "IOC" or "FOK", got ${JSON.stringify(value)}`),
    },
    { required: true },
  ),
  {
    description:
      'GTC (default) rests what does not fill; IOC fills what crosses now and cancels the rest; FOK fills whole now or is cancelled whole',
  },
);

const PAY_INFO = objectOf(
  { order_id: text({ description: 'the external order id the payment authorizes' }) },
  'an object {"order_id": "..."}',
  (p) => p,
);

const PAYMENT: Field<PaymentInput | undefined> = optional(
  objectOf(
    {
      pay_info: PAY_INFO,
      nonce: uint({ below: 1n << 63n }),
      // The payment signer's signature: `{r, s}` like any signature, plus the signer's `stark_key`.
      signature: signatureWithKey(starkKey({ description: "the payment signer's stark key" }), 'payment.signature'),
    },
    'an object {pay_info: {order_id}, nonce, signature: {r, s, stark_key}}',
    (p): PaymentInput => ({
      orderId: p.pay_info.order_id,
      nonce: p.nonce,
      signature: { r: p.signature.r, s: p.signature.s },
      signer: p.signature.stark_key,
    }),
  ),
  {
    description:
      'a payment signer\'s authorization: signature over keccak(pay_info.order_id ‖ "" ‖ uint256(nonce)) mod the curve order; one that does not verify fails with 35',
  },
);

export const ORDER_BODY = {
  stark_key: starkKey(),
  direction: DIRECTION,
  token_sell: token('asset id sold'),
  token_buy: token('asset id bought'),
  base_token: token('asset id of the currency'),
  quote_token: token('asset id of what is traded'),
  amount_sell: uint({ ...AMOUNT, description: 'signed, quantized' }),
  amount_buy: uint({ ...AMOUNT, description: 'signed, quantized' }),
  amount: uint({ ...AMOUNT, description: 'quote units' }),
  price: PRICE,
  vault_id_sell: vault(),
  vault_id_buy: vault(),
  nonce: uint({ below: 1n << 31n }),
  expiration_timestamp: EXPIRATION,
  fee_info: FEE_INFO,
  marketplace_uuid: optText(),
  signature: SIGNATURE,
  stop_limit_time_in_force: TIME_IN_FORCE_FIELD,
  payment: PAYMENT,
};

/** An order from its body, read in the declared order (the order of its checks). */
export function orderInput(body: Values<typeof ORDER_BODY>): OrderInput {
  const b = readInOrder(body, ORDER_BODY);
  return {
    starkKey: b.stark_key,
    direction: b.direction,
    tokenSell: b.token_sell,
    tokenBuy: b.token_buy,
    baseToken: b.base_token,
    quoteToken: b.quote_token,
    amountSell: b.amount_sell,
    amountBuy: b.amount_buy,
    amount: b.amount,
    price: b.price,
    vaultSell: b.vault_id_sell,
    vaultBuy: b.vault_id_buy,
    nonce: b.nonce,
    expiration: b.expiration_timestamp ?? MAX_EXPIRATION,
    ...b.fee_info,
    marketplace: b.marketplace_uuid,
    signature: b.signature,
    ...(b.stop_limit_time_in_force !== undefined ? { timeInForce: b.stop_limit_time_in_force } : {}),
    ...(b.payment !== undefined ? { payment: b.payment } : {}),
  };
}
