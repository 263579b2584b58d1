// Signing helpers: signed request bodies laid out the way the official SDKs send them.
import { cancelOrderMsgHash, limitOrderWithFeeMsgHash, paymentMsgHash, transferMsgHash, withdrawalMsgHash } from '../crypto/messages.js';
import { signMessage } from '../crypto/keys.js';
import { MAX_EXPIRATION } from '../domain/ledger/signed.js';
import { FEE_RATE_TEXT } from '../domain/trading/fees.js';

export interface MoveFields {
  /** Signer's stark key (0x hex). */
  starkKey: string;
  /** Signer's private key (0x hex). Omitted: a placeholder signature, for an emulator run with `signatures: 'skip'`. */
  privateKey?: string | undefined;
  assetId: string;
  /** Quantized amount. */
  amount: bigint | string | number;
  nonce: bigint | number;
  vaultId: bigint | string;
  /** Stark key (transfer) or Ethereum address (withdrawal). */
  receiver: string;
  receiverVaultId: bigint | string;
  expirationTimestamp?: bigint | number;
}

const hex = (v: bigint): string => '0x' + v.toString(16);

/** Any well-formed signature: accepted only when signatures are skipped. */
const PLACEHOLDER = { r: '0x1', s: '0x1' };

/** Signs lazily: without a key no message hash is computed (the Pedersen hashes are the expensive part). */
function signature(privateKey: string | undefined, hash: () => bigint): { r: string; s: string } {
  if (privateKey === undefined) return PLACEHOLDER;
  const sig = signMessage(hash(), BigInt(privateKey));
  return { r: hex(sig.r), s: hex(sig.s) };
}

function signed(fields: MoveFields, hash: () => bigint): Record<string, unknown> {
  return {
    stark_key: fields.starkKey,
    amount: String(fields.amount),
    nonce: Number(fields.nonce),
    vault_id: String(fields.vaultId),
    receiver: fields.receiver,
    receiver_vault_id: String(fields.receiverVaultId),
    asset_id: fields.assetId,
    expiration_timestamp: Number(fields.expirationTimestamp ?? MAX_EXPIRATION),
    signature: signature(fields.privateKey, hash),
  };
}

function common(f: MoveFields) {
  return {
    amount: BigInt(f.amount),
    nonce: BigInt(f.nonce),
    senderVaultId: BigInt(f.vaultId),
    token: BigInt(f.assetId),
    receiverVaultId: BigInt(f.receiverVaultId),
    expirationTimestamp: BigInt(f.expirationTimestamp ?? MAX_EXPIRATION),
  };
}

/** Body of `POST /v1/transfers`, signed as a StarkEx type-1 transfer. */
export function signedTransferBody(f: MoveFields): Record<string, unknown> {
  return signed(f, () => transferMsgHash({ ...common(f), receiverPublicKey: BigInt(f.receiver) }));
}

/** Body of `POST /v1/withdrawalto`: a type-1 transfer whose receiver key is the Ethereum address. */
export function signedWithdrawalBody(f: MoveFields): Record<string, unknown> {
  return signed(f, () => withdrawalMsgHash({ ...common(f), ethAddress: BigInt(f.receiver) }));
}

/** Body of `POST /v1/orders/{id}/cancel`: pedersen(order_id, 0) signed by the owner. */
export function signedCancelBody(starkKey: string, privateKey: string | undefined, orderId: bigint | number): Record<string, unknown> {
  return { stark_key: starkKey, signature: signature(privateKey, () => cancelOrderMsgHash(BigInt(orderId))) };
}

export interface OrderFields {
  starkKey: string;
  /** Omitted: a placeholder signature (signatures skipped). */
  privateKey?: string | undefined;
  /** 0 ASK (sell the quote token), 1 BID (buy it). */
  direction: 0 | 1;
  /** Asset ids (0x hex) as /v1/order/info returns them. */
  baseToken: string;
  quoteToken: string;
  /** Signed amounts: quote units traded and base units asked or offered for them. */
  quoteAmount: bigint | string | number;
  baseAmount: bigint | string | number;
  /** The body's price: quantized base units for an NFT, the display price for ERC20 markets. */
  price: string;
  /** vault_ids from /v1/order/info: [base vault, quote vault]. */
  baseVault: bigint | string;
  quoteVault: bigint | string;
  nonce: bigint | number;
  /** Default: the service fee rate (0.5%) x the base amount, as the JS SDK signs it (a fraction is floored for signing). */
  feeLimit?: number;
  marketplaceUuid?: string;
  expirationTimestamp?: bigint | number;
  /** `stop_limit_time_in_force`; omitted: not sent (GTC). */
  timeInForce?: 'GTC' | 'IOC' | 'FOK';
  /** A `payment` object signed by `payment.privateKey` (omitted key: a placeholder signature). */
  payment?: PaymentFields;
}

export interface PaymentFields {
  orderId: string;
  nonce: bigint | number;
  /** The payment signer's stark key and private key (0x hex). */
  starkKey: string;
  privateKey?: string | undefined;
}

/** The order's `payment` object as Java's orderWithPayInfo sends it: signed over paymentMsgHash(order_id, "", nonce). */
export function signedPayment(p: PaymentFields): Record<string, unknown> {
  const sig = signature(p.privateKey, () => paymentMsgHash(p.orderId, '', BigInt(p.nonce)));
  return { pay_info: { order_id: p.orderId }, nonce: Number(p.nonce), signature: { ...sig, stark_key: p.starkKey } };
}

/** Body of `POST /v1/order`: a StarkEx type-3 limit order with fee, laid out as the JS SDK sends it. */
export function signedOrderBody(f: OrderFields): Record<string, unknown> {
  const ask = f.direction === 0;
  const quoteAmount = BigInt(f.quoteAmount);
  const baseAmount = BigInt(f.baseAmount);
  const feeLimit = f.feeLimit ?? Number(baseAmount) * Number(FEE_RATE_TEXT);
  const expiration = BigInt(f.expirationTimestamp ?? MAX_EXPIRATION);
  const fields = {
    tokenSell: BigInt(ask ? f.quoteToken : f.baseToken),
    tokenBuy: BigInt(ask ? f.baseToken : f.quoteToken),
    amountSell: ask ? quoteAmount : baseAmount,
    amountBuy: ask ? baseAmount : quoteAmount,
    vaultSell: BigInt(ask ? f.quoteVault : f.baseVault),
    vaultBuy: BigInt(ask ? f.baseVault : f.quoteVault),
  };
  const hash = () =>
    limitOrderWithFeeMsgHash({
      ...fields,
      nonce: BigInt(f.nonce),
      expirationTimestamp: expiration,
      feeToken: BigInt(f.baseToken),
      feeVaultId: BigInt(f.baseVault),
      feeLimit: BigInt(Math.floor(feeLimit)),
    });
  return {
    token_sell: hex(fields.tokenSell),
    token_buy: hex(fields.tokenBuy),
    amount_sell: fields.amountSell.toString(),
    amount_buy: fields.amountBuy.toString(),
    vault_id_buy: fields.vaultBuy.toString(),
    vault_id_sell: fields.vaultSell.toString(),
    expiration_timestamp: Number(expiration),
    nonce: Number(f.nonce),
    quote_token: f.quoteToken,
    amount: quoteAmount.toString(),
    stark_key: f.starkKey,
    signature: signature(f.privateKey, hash),
    direction: f.direction,
    price: f.price,
    base_token: f.baseToken,
    fee_info: { fee_limit: feeLimit, token_id: f.baseToken, source_vault_id: Number(f.baseVault) },
    ...(f.marketplaceUuid !== undefined ? { marketplace_uuid: f.marketplaceUuid } : {}),
    ...(f.timeInForce !== undefined ? { stop_limit_time_in_force: f.timeInForce } : {}),
    ...(f.payment !== undefined ? { payment: signedPayment(f.payment) } : {}),
  };
}
