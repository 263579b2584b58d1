// Fields of POST /v1/batchtransfer and POST /v1/multitransfer (Java SDK): lists of signed transfers,
// each item declared with the fields of a single transfer, so a refusal names `transfers[i].field`.
import * as v from 'valibot';
import { MAX_BATCH, type BatchItemInput, type BatchTransferInput, type MultiTransferInput } from '../../domain/ledger/batch-transfers.js';
import type { SignedMoveInput } from '../../domain/ledger/signed-moves.js';
import { ErrorCode } from '../../domain/values/errors.js';
import { fieldOf, objectOf, readInOrder, refuse, type Field, type Values } from './field.js';
import { optStarkKey, optUint, starkKey, uint } from './kinds.js';
import { SIGNATURE, SIGNED_MOVE_BODY, signatureWithKey, signedMove } from './signed.js';

type Entries = Record<string, Field<unknown>>;

/** A JSON array of 1..MAX_BATCH `item`s (19 otherwise). */
function listOf<T>(item: Field<T>, what: string): Field<T[]> {
  return fieldOf(
    v.pipe(v.array(item.json, 'list'), v.minLength(1, 'count'), v.maxLength(MAX_BATCH, 'count')),
    {
      list: refuse(ErrorCode.InvalidParam, (name) => `${name} must be an array of ${what}`),
      count: refuse(
        ErrorCode.InvalidParam,
        (name, value) => `${name} must list 1 to ${MAX_BATCH} ${what}, got ${Array.isArray(value) ? value.length : 'none'}`,
      ),
    },
    { required: true, item: item as Field<unknown>, description: `1 to ${MAX_BATCH} ${what}` },
  );
}

/** A display amount as Java's batch items carry it ("0.001", "1"): positive decimal text or a safe integer; 2 otherwise. */
const DISPLAY_AMOUNT: Field<string> = fieldOf(
  v.union(
    [
      v.pipe(v.number('amount'), v.safeInteger('amount'), v.minValue(1, 'amount'), v.transform(String)),
      v.pipe(v.string('amount'), v.trim(), v.regex(/^\d+(\.\d+)?$/, 'amount')),
    ],
    'amount',
  ),
  {
    amount: refuse(
      ErrorCode.AmountInvalid,
      (name, value) => `${name} must be a positive decimal amount in display units, got ${JSON.stringify(value)}`,
    ),
  },
  { required: true, description: 'display units (e.g. "0.001" ETH); the signature is over the quantized amount' },
);

const toMove = (o: Record<string, unknown>): SignedMoveInput => signedMove(o as Values<typeof SIGNED_MOVE_BODY>);

/** One transfer of a multitransfer: exactly a /v1/transfers body. */
const TRANSFER_ITEM = objectOf(SIGNED_MOVE_BODY as unknown as Entries, 'a transfer object (the body of POST /v1/transfers)', toMove);

/** One item of a batchtransfer: a transfer body whose amount is in display units. */
const BATCH_ITEM = objectOf(
  { ...(SIGNED_MOVE_BODY as unknown as Entries), amount: DISPLAY_AMOUNT as Field<unknown> },
  'a transfer object',
  (o): BatchItemInput => {
    const { amount: _a, ...move } = toMove({ ...o, amount: 0n });
    return { ...move, amountText: o.amount as string };
  },
);

export const BATCH_TRANSFER_BODY = {
  transfers: listOf(BATCH_ITEM, 'transfers'),
  stark_key: starkKey({ description: 'the sender of every item' }),
  nonce: uint({ below: 1n << 31n, description: "the sender's nonce (Java sends the items' shared nonce)" }),
  signature: signatureWithKey(optStarkKey({ description: 'the sender (optional)' }), 'signature'),
  base_token_transfer_seq_id: optUint({ below: 1n << 53n, description: 'accepted, not interpreted' }),
};

export const MULTI_TRANSFER_BODY = {
  transfers: listOf(TRANSFER_ITEM, 'transfers'),
  signature: { ...SIGNATURE, description: "the first transfer's signature, as the Java SDK copies it" },
};

/** A batch from its body, read in the declared order: the items first, then the sender-level fields. */
export function batchTransfer(body: Values<typeof BATCH_TRANSFER_BODY>): BatchTransferInput {
  const {
    transfers: items,
    stark_key: starkKey,
    nonce,
    signature,
    base_token_transfer_seq_id: seq,
  } = readInOrder(body, BATCH_TRANSFER_BODY);
  return {
    starkKey,
    nonce,
    signature: { r: signature.r, s: signature.s },
    signer: signature.stark_key,
    items,
    ...(seq !== undefined ? { baseTokenTransferSeqId: seq } : {}),
  };
}

export function multiTransfer(body: Values<typeof MULTI_TRANSFER_BODY>): MultiTransferInput {
  const { transfers: items, signature } = readInOrder(body, MULTI_TRANSFER_BODY);
  return { items, signature };
}
