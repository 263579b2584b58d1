// Signed moves: /v1/transfers, /v1/withdrawalto, /v1/batchtransfer, /v1/multitransfer, and the
// withdraw area (/v1/withdrawal/status).
import * as v from 'valibot';
import type { Devnet } from '../../core/devnet.js';
import { text, wireText } from '../fields/kinds.js';
import { SIGNED_MOVE_BODY, signedMove } from '../fields/signed.js';
import { BATCH_TRANSFER_BODY, MULTI_TRANSFER_BODY, batchTransfer, multiTransfer } from '../fields/batch.js';
import { WITHDRAW_AREA_ENTRY } from '../../domain/ledger/withdrawals.js';
import { SEQUENCE_ID } from '../openapi/responses.js';
import { RouteGroup } from '../route.js';

export function transferRoutes(devnet: Devnet): RouteGroup {
  return new RouteGroup({ tag: 'transfers', reply: 'ok' }, devnet)
    .add('POST', '/v1/transfers', {
      summary: 'A signed L2 transfer (StarkEx type-1 message)',
      body: SIGNED_MOVE_BODY,
      response: SEQUENCE_ID,
      handle: ({ body }) => devnet.transfer(signedMove(body)),
    })
    .add('POST', '/v1/withdrawalto', {
      summary: 'A signed withdrawal to an Ethereum address (receiver)',
      body: SIGNED_MOVE_BODY,
      response: SEQUENCE_ID,
      handle: ({ body }) => devnet.withdraw(signedMove(body)),
    })
    .add('POST', '/v1/batchtransfer', {
      summary:
        "Several signed transfers of one sender (Java's batch transfer): every item checked before any applies; one record each, the answer is the first's sequence id",
      description:
        'Item amounts are display units (Java sends "0.001"), quantized before the item signature is verified. The items may share the batch\'s nonce. The outer signature\'s hash is not checked (each item carries its own verified signature); its stark_key must be the sender. If one item cannot be paid, every item fails asynchronously (status 2) and nothing moves.',
      body: BATCH_TRANSFER_BODY,
      response: SEQUENCE_ID,
      handle: ({ body }) => devnet.batchTransfer(batchTransfer(body)),
    })
    .add('POST', '/v1/multitransfer', {
      summary:
        "Signed transfers of several senders in one command (Java's multi transfer): every item checked before any applies; one record each, the answer is the first's sequence id",
      description:
        "Each item is a /v1/transfers body. The outer signature must be the first transfer's, as Java copies it. Items run in list order (B->A may spend what A->B brought); if one cannot be paid, every item fails asynchronously (status 2) and nothing moves.",
      body: MULTI_TRANSFER_BODY,
      response: SEQUENCE_ID,
      handle: ({ body }) => devnet.multiTransfer(multiTransfer(body)),
    })
    .add('GET', '/v1/withdrawal/status', {
      summary: 'What an Ethereum address can claim on L1 (the withdraw area)',
      query: { stage: text({ description: 'only "withdrawarea"' }), ethaddress: wireText({ required: true }) },
      response: v.array(WITHDRAW_AREA_ENTRY),
      handle: ({ query: q }) => devnet.withdrawalStatus(q.stage, q.ethaddress),
    });
}
