// SDK-like flows for tests: look up vaults and nonce, sign, post.
import { signedOrderBody, signedTransferBody, signedWithdrawalBody } from '../../src/testing.js';
import type { PaymentFields } from '../../src/scenario/signing.js';
import type { Account, Reply, TestClient } from './client.js';

export interface MoveOptions {
  nonce?: number;
  /** Fields to override in the signed body after signing (to test tampering or wrong values). */
  override?: Record<string, unknown>;
  /** Sign with this key instead of the sender's. */
  signWith?: string;
  expirationTimestamp?: number;
}

async function vaults(c: TestClient, owners: string[], assetId: string): Promise<string[]> {
  const r = await c.get(`/v1/vaults?stark_keys=${owners.join(',')}&asset_id=${assetId}`);
  if (r.body.status !== 'OK') throw new Error(`vaults failed: ${r.text}`);
  return r.body.data.vault_ids;
}

export async function nonceOf(c: TestClient, starkKey: string): Promise<number> {
  return (await c.get(`/v1/nonce?stark_key=${starkKey}`)).body.data.nonce;
}

async function signedMove(
  c: TestClient,
  path: string,
  sign: typeof signedTransferBody,
  from: Account,
  to: string,
  assetId: string,
  amount: bigint | string,
  o: MoveOptions,
): Promise<Reply> {
  const [vaultId, receiverVaultId] = await vaults(c, [from.stark_key, to], assetId);
  const body = sign({
    starkKey: from.stark_key,
    privateKey: o.signWith ?? from.private_key,
    assetId,
    amount: BigInt(amount),
    nonce: o.nonce ?? (await nonceOf(c, from.stark_key)),
    vaultId: vaultId!,
    receiver: to,
    receiverVaultId: receiverVaultId!,
    ...(o.expirationTimestamp !== undefined ? { expirationTimestamp: o.expirationTimestamp } : {}),
  });
  return c.post(path, { ...body, ...o.override });
}

export function transfer(
  c: TestClient,
  from: Account,
  to: string,
  assetId: string,
  amount: bigint | string,
  o: MoveOptions = {},
): Promise<Reply> {
  return signedMove(c, '/v1/transfers', signedTransferBody, from, to, assetId, amount, o);
}

export function withdraw(
  c: TestClient,
  from: Account,
  ethAddress: string,
  assetId: string,
  amount: bigint | string,
  o: MoveOptions = {},
): Promise<Reply> {
  return signedMove(c, '/v1/withdrawalto', signedWithdrawalBody, from, ethAddress, assetId, amount, o);
}

export async function balance(c: TestClient, starkKey: string, assetId: string): Promise<{ available: number; frozen: number }> {
  const r = await c.get(`/v1/balance?stark_key=${starkKey}&asset_id=${assetId}`);
  return { available: r.body.data.balance_available, frozen: r.body.data.balance_frozen };
}

export async function recordOf(c: TestClient, starkKey: string, sequenceId: number): Promise<Record<string, any>> {
  const r = await c.get(`/v1/record?stark_key=${starkKey}&sequence_id=${sequenceId}`);
  if (r.body.status !== 'OK') throw new Error(`record failed: ${r.text}`);
  return r.body.data[0];
}

/** Everything a refused command must leave untouched: both parties' balances, nonce, next sequence id. */
export async function snapshotOf(c: TestClient, keys: string[]): Promise<unknown> {
  const out: unknown[] = [];
  for (const k of keys) {
    out.push((await c.get(`/v1/balances?stark_key=${k}&limit=1000`)).body.data, await nonceOf(c, k));
  }
  out.push(c.dn.devnet.state.nextSequenceId, c.dn.devnet.state.nextVaultId);
  return out;
}

export interface OrderOptions {
  /** `TYPE:ADDRESS[:TOKEN_ID]` of the traded token. */
  contract2: string;
  contract1?: string;
  direction: 0 | 1;
  quoteAmount: bigint | string;
  baseAmount: bigint | string;
  price: string;
  marketplaceUuid?: string;
  override?: Record<string, unknown>;
  signWith?: string;
  nonce?: number;
  feeLimit?: number;
  timeInForce?: 'GTC' | 'IOC' | 'FOK';
  payment?: PaymentFields;
}

/** Places an order the way the JS SDK does: /v1/order/info, sign, POST /v1/order. */
export async function order(c: TestClient, who: Account, o: OrderOptions): Promise<Reply> {
  const info = await c.get(`/v1/order/info?stark_key=${who.stark_key}&contract1=${o.contract1 ?? 'ETH:ETH'}&contract2=${o.contract2}`);
  if (info.body.status !== 'OK') throw new Error(`order/info failed: ${info.text}`);
  const d = info.body.data;
  const body = signedOrderBody({
    starkKey: who.stark_key,
    privateKey: o.signWith ?? who.private_key,
    direction: o.direction,
    baseToken: d.base_token,
    quoteToken: d.asset_ids[1],
    quoteAmount: o.quoteAmount,
    baseAmount: o.baseAmount,
    price: o.price,
    baseVault: d.vault_ids[0],
    quoteVault: d.vault_ids[1],
    nonce: o.nonce ?? d.nonce,
    ...(o.feeLimit !== undefined ? { feeLimit: o.feeLimit } : {}),
    ...(o.marketplaceUuid !== undefined ? { marketplaceUuid: o.marketplaceUuid } : {}),
    ...(o.timeInForce !== undefined ? { timeInForce: o.timeInForce } : {}),
    ...(o.payment !== undefined ? { payment: o.payment } : {}),
  });
  return c.post('/v1/order', { ...body, ...o.override });
}
