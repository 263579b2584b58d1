// Signed moves: /v1/transfers, /v1/withdrawalto, and the withdraw area (/v1/withdrawal/status).
import { Hono } from 'hono';
import type { Devnet } from '../../devnet.js';
import { signedMoveFields } from '../signed-fields.js';
import { textField } from '../fields.js';
import { body, ok, query } from '../reply.js';

export function transferRoutes(devnet: Devnet): Hono {
  const r = new Hono();

  r.post('/v1/transfers', async (c) => ok(c, devnet.transfer(signedMoveFields(await body(c)))));

  r.post('/v1/withdrawalto', async (c) => ok(c, devnet.withdraw(signedMoveFields(await body(c)))));

  r.get('/v1/withdrawal/status', (c) => {
    const q = query(c);
    return ok(c, devnet.withdrawalStatus(textField(q.stage, 'stage'), q.ethaddress));
  });

  return r;
}
