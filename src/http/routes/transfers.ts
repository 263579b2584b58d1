// Signed moves: /v1/transfers, /v1/withdrawalto, and the withdraw area (/v1/withdrawal/status).
import * as v from 'valibot';
import type { Devnet } from '../../devnet.js';
import { text, wireText } from '../fields/kinds.js';
import { SIGNED_MOVE_BODY, signedMove } from '../fields/signed.js';
import { WITHDRAW_AREA_ENTRY } from '../openapi/ledger-responses.js';
import { SEQUENCE_ID } from '../openapi/responses.js';
import { RouteGroup } from '../route.js';

const tag = 'transfers';

export function transferRoutes(devnet: Devnet): RouteGroup {
  return new RouteGroup(devnet)
    .add(
      {
        method: 'POST', path: '/v1/transfers', tag, reply: 'ok', summary: 'A signed L2 transfer (StarkEx type-1 message)',
        body: SIGNED_MOVE_BODY, response: SEQUENCE_ID,
      },
      ({ body }) => devnet.transfer(signedMove(body)),
    )
    .add(
      {
        method: 'POST', path: '/v1/withdrawalto', tag, reply: 'ok', summary: 'A signed withdrawal to an Ethereum address (receiver)',
        body: SIGNED_MOVE_BODY, response: SEQUENCE_ID,
      },
      ({ body }) => devnet.withdraw(signedMove(body)),
    )
    .add(
      {
        method: 'GET', path: '/v1/withdrawal/status', tag, reply: 'ok', summary: "What an Ethereum address can claim on L1 (the withdraw area)",
        query: { stage: text({ description: 'only "withdrawarea"' }), ethaddress: wireText({ required: true }) },
        response: v.array(WITHDRAW_AREA_ENTRY),
      },
      ({ query: q }) => {
        const stage = q.stage;
        return devnet.withdrawalStatus(stage, q.ethaddress);
      },
    );
}
