// Limit orders: the placement ladder, freezing, cancel. Matching and fills live in matching.ts.
import { cancelOrderMsgHash, limitOrderWithFeeMsgHash, paymentMsgHash } from '../../crypto/messages.js';
import { ensureAccount } from '../ledger/accounts.js';
import { contractOf, requireAsset } from '../catalog/assets.js';
import { echo, ErrorCode, fail } from '../values/errors.js';
import { toHex } from '../values/hex.js';
import { balanceOf, freeze } from '../ledger/ledger.js';
import { shortfall } from '../ledger/signed-moves.js';
import { matchFills, settleFills } from './matching.js';
import { closeOrder, openIndex, restOrder } from './open-orders.js';
import { listOrder } from './order-lists.js';
import { appendRecord, indexSignature, nextSequenceId, RecordStatus, signatureKey } from '../ledger/records.js';
import {
  checkNonceUnused,
  checkNotExpired,
  checkSignature,
  checkVault,
  type Signature,
  type SignatureCheck,
  useNonce,
} from '../ledger/signed.js';
import { type Asset, RECORD_TYPES, type State } from '../state/state.js';
import { type Order, ORDER_STATES, type TimeInForce } from '../state/orders.js';

export interface OrderInput {
  starkKey: string;
  direction: 0 | 1;
  tokenSell: bigint;
  tokenBuy: bigint;
  baseToken: bigint;
  quoteToken: bigint;
  amountSell: bigint;
  amountBuy: bigint;
  /** The body's `amount`: quote units. */
  amount: bigint;
  /** The body's `price` text. */
  price: string;
  vaultSell: bigint;
  vaultBuy: bigint;
  nonce: bigint;
  expiration: bigint;
  feeLimit: bigint;
  feeToken: bigint;
  feeVault: bigint;
  /** `marketplace_uuid`; empty means none. */
  marketplace: string | undefined;
  signature: Signature;
  /** `stop_limit_time_in_force`; absent means GTC (journals written before it existed have none). */
  timeInForce?: TimeInForce | undefined;
  payment?: PaymentInput | undefined;
}

/** The order's `payment` object: a payment signer's STARK signature over paymentMsgHash(orderId, "", nonce). */
export interface PaymentInput {
  orderId: string;
  nonce: bigint;
  signature: Signature;
  /** Normalized stark key of the payment signer (`signature.stark_key`). */
  signer: string;
}

/** The quote side and the base side of the signed amounts. */
const sides = (input: OrderInput): [bigint, bigint] =>
  input.direction === 0 ? [input.amountSell, input.amountBuy] : [input.amountBuy, input.amountSell];

const DECIMAL_RE = /^\d+(\.\d+)?$/;

/** The body's price must say the same as the signed amounts (12 otherwise). */
function checkPrice(input: OrderInput, base: Asset, quote: Asset, state: State): void {
  const [quoteAmount, baseAmount] = sides(input);
  if (quote.tokenId !== null) {
    // NFT: whole orders of one token; the price is the base amount, in quantized units.
    if (input.amount !== 1n || quoteAmount !== 1n)
      fail(ErrorCode.AmountInvalid, `an NFT order trades exactly 1 token, got amount ${input.amount} and signed ${quoteAmount}`);
    if (!/^\d+$/.test(input.price) || BigInt(input.price) !== baseAmount)
      fail(ErrorCode.OrderFormatError, `price "${echo(input.price)}" does not match the signed base amount ${baseAmount}`);
    return;
  }
  if (input.amount !== quoteAmount)
    fail(ErrorCode.OrderFormatError, `amount ${input.amount} does not match the signed quote amount ${quoteAmount}`);
  // Fungible: price is the display price, base per whole quote token; check it exactly against the ratio.
  if (!DECIMAL_RE.test(input.price)) fail(ErrorCode.OrderFormatError, `price must be a decimal string, got "${echo(input.price)}"`);
  const [w, f = ''] = input.price.split('.');
  const pn = BigInt(w! + f);
  const pd = 10n ** BigInt(f.length);
  const bc = contractOf(state, base);
  const qc = contractOf(state, quote);
  // price × quote display = base display  <=>  pn·q·qQuantum·10^bDec = pd·b·bQuantum·10^qDec
  const left = pn * quoteAmount * qc.quantum * 10n ** BigInt(bc.decimals);
  const right = pd * baseAmount * bc.quantum * 10n ** BigInt(qc.decimals);
  if (left !== right)
    fail(
      ErrorCode.OrderFormatError,
      `price "${echo(input.price)}" does not match the signed amounts (${baseAmount} base for ${quoteAmount} quote)`,
    );
}

/** The placement ladder: every refusal, in the documented order, before anything changes. */
function checkOrder(state: State, input: OrderInput, check: SignatureCheck): { base: Asset; quote: Asset; marketplace: string | null } {
  const expectSell = input.direction === 0 ? input.quoteToken : input.baseToken;
  const expectBuy = input.direction === 0 ? input.baseToken : input.quoteToken;
  if (input.tokenSell !== expectSell || input.tokenBuy !== expectBuy)
    fail(
      ErrorCode.OrderFormatError,
      `token_sell/token_buy must be ${input.direction === 0 ? 'quote/base for an ASK' : 'base/quote for a BID'} (base_token ${toHex(input.baseToken)}, quote_token ${toHex(input.quoteToken)})`,
    );
  if (input.baseToken === input.quoteToken) fail(ErrorCode.OrderFormatError, 'base_token and quote_token must differ');
  const base = requireAsset(state, input.baseToken, 'base_token');
  const quote = requireAsset(state, input.quoteToken, 'quote_token');
  if (base.tokenId !== null) fail(ErrorCode.OrderFormatError, `base_token ${base.hex} must be ETH or an ERC20 (the currency), not an NFT`);
  checkPrice(input, base, quote, state);
  if (input.feeToken !== input.baseToken)
    fail(ErrorCode.OrderFormatError, `fee_info.token_id must be the base token ${base.hex}, got ${toHex(input.feeToken)}`);
  const sellHex = input.direction === 0 ? quote.hex : base.hex;
  const buyHex = input.direction === 0 ? base.hex : quote.hex;
  checkVault(state, input.starkKey, sellHex, input.vaultSell, 'vault_id_sell');
  checkVault(state, input.starkKey, buyHex, input.vaultBuy, 'vault_id_buy');
  checkVault(state, input.starkKey, base.hex, input.feeVault, 'fee_info.source_vault_id');
  const marketplace = input.marketplace === undefined || input.marketplace === '' ? null : input.marketplace;
  if (marketplace !== null && !state.marketplaces.has(marketplace))
    fail(ErrorCode.InvalidParam, `marketplace_uuid ${echo(marketplace)} is not a marketplace`);
  checkNonceUnused(state, input.starkKey, input.nonce, ErrorCode.DuplicateOrderInfoError);
  checkNotExpired(state, input.expiration);
  const hash = (): bigint =>
    limitOrderWithFeeMsgHash({
      vaultSell: input.vaultSell,
      vaultBuy: input.vaultBuy,
      amountSell: input.amountSell,
      amountBuy: input.amountBuy,
      tokenSell: input.tokenSell,
      tokenBuy: input.tokenBuy,
      nonce: input.nonce,
      expirationTimestamp: input.expiration,
      feeToken: input.feeToken,
      feeVaultId: input.feeVault,
      feeLimit: input.feeLimit,
    });
  checkSignature(check, hash, input.signature, input.starkKey, {
    vault_id_sell: input.vaultSell,
    vault_id_buy: input.vaultBuy,
    amount_sell: input.amountSell,
    amount_buy: input.amountBuy,
    token_sell: toHex(input.tokenSell),
    token_buy: toHex(input.tokenBuy),
    nonce: input.nonce,
    expiration_timestamp: input.expiration,
    fee_token: toHex(input.feeToken),
    fee_vault_id: input.feeVault,
    fee_limit: input.feeLimit,
  });
  const payment = input.payment;
  if (
    payment !== undefined &&
    !check(() => paymentMsgHash(payment.orderId, '', payment.nonce), payment.signature, BigInt(payment.signer))
  ) {
    fail(
      ErrorCode.PaymentPermissionDeny,
      `payment.signature does not verify for payment signer ${payment.signer} over the payment of order_id ${JSON.stringify(payment.orderId)} with nonce ${payment.nonce}`,
    );
  }
  return { base, quote, marketplace };
}

/**
 * Order of checks: token pair (12) and assets (6), amounts and price (2/12), fee token (12),
 * vaults incl. the fee vault (19), marketplace (19), nonce unused (24), expiry (19), signature (34),
 * payment signature (35). Accepted orders whose seller lacks the token or buyer the funds are
 * cancelled at once (record status 2). Time in force: GTC rests what does not fill; IOC fills what
 * crosses now and cancels the rest; FOK fills whole now or is cancelled whole (accepted either way,
 * so a poller sees order_state 1 rather than a synchronous refusal, as the clients expect).
 */
export function placeOrder(state: State, input: OrderInput, check: SignatureCheck): number {
  const { base, quote, marketplace } = checkOrder(state, input, check);
  const payment = input.payment;
  const timeInForce: TimeInForce = input.timeInForce ?? 'GTC';

  // Accepted: nonce spent, sequence id = order id, a record of type 7/8.
  ensureAccount(state, input.starkKey);
  useNonce(state, input.starkKey, input.nonce);
  const [quoteAmount] = sides(input);
  const freezing = input.direction === 0 ? quote : base;
  const have = balanceOf(state, input.starkKey, freezing.hex).available;
  const reason = shortfall(input.starkKey, freezing, input.amountSell, have, 'the order needs');
  const order: Order = {
    id: 0,
    starkKey: input.starkKey,
    direction: input.direction,
    baseHex: base.hex,
    quoteHex: quote.hex,
    amountSell: input.amountSell,
    amountBuy: input.amountBuy,
    feeLimit: input.feeLimit,
    quantity: quoteAmount,
    filled: 0n,
    volume: 0n,
    frozen: 0n,
    serviceFee: 0n,
    feeTaken: 0n,
    priceText: input.price,
    marketplace,
    state: reason === null ? ORDER_STATES.placed : ORDER_STATES.cancelled,
    createdAtMicros: state.clock.nowMicros,
    timeInForce,
    payment: payment === undefined ? null : { orderId: payment.orderId, nonce: payment.nonce.toString(), signer: payment.signer },
  };
  const record = appendRecord(state, {
    type: input.direction === 0 ? RECORD_TYPES.ask : RECORD_TYPES.bid,
    starkKey: input.starkKey,
    assetHex: quote.hex,
    amount: quoteAmount,
    status: reason === null ? RecordStatus.AcceptedByService : RecordStatus.FailedOnService,
    reason,
  });
  order.id = record.sequenceId;
  record.orderId = order.id;
  indexSignature(state, signatureKey(input.signature.r, input.signature.s), order.id);
  state.orders.set(order.id, order);
  listOrder(state, order);
  if (reason !== null) return order.id;

  freeze(state, order.starkKey, freezing, input.amountSell);
  order.frozen = input.amountSell;
  openIndex(state, order, true);
  const match = matchFills(state, order);
  if (timeInForce === 'FOK' && match.left > 0n) {
    closeOrder(state, order, ORDER_STATES.cancelled, false);
    return order.id;
  }
  settleFills(state, order, match);
  if (!state.openOrders.has(order.id)) return order.id;
  // What did not fill now: GTC rests on the book; IOC (and FOK, which cannot get here unfilled) never rests.
  if (timeInForce === 'GTC') restOrder(state, order);
  else closeOrder(state, order, ORDER_STATES.cancelled, false);
  return order.id;
}

/** `POST /v1/orders/{id}/cancel`: signed pedersen(order_id, 0) by the owner (17), open orders only (26). */
export function cancelOrder(state: State, orderId: number, starkKey: string, signature: Signature, check: SignatureCheck): number {
  const order = state.orders.get(orderId);
  if (!order) fail(ErrorCode.InvalidParam, `no order with order_id ${orderId}`);
  if (order.starkKey !== starkKey) fail(ErrorCode.CancelOrderWrongOwner, `order ${orderId} belongs to ${order.starkKey}, not ${starkKey}`);
  if (!state.openOrders.has(orderId))
    fail(ErrorCode.CanceledOrder, `order ${orderId} is already ${order.state === ORDER_STATES.filled ? 'filled' : 'cancelled'}`);
  checkSignature(check, () => cancelOrderMsgHash(BigInt(orderId)), signature, starkKey, { order_id: String(orderId) });
  closeOrder(state, order, ORDER_STATES.cancelled, true);
  return nextSequenceId(state);
}
