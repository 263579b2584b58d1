// Orders: place, list (open only), one order, order info for signing, cancel.
import { Hono } from 'hono';
import type { Devnet } from '../../devnet.js';
import { parseStarkKey } from '../../domain/accounts.js';
import { ErrorCode, fail } from '../../domain/errors.js';
import { isMissing, listField, optTextField, pageField, paginate, textField, uintField } from '../fields.js';
import { orderFields } from '../order-fields.js';
import { body, ok, query } from '../reply.js';
import { signatureField } from '../signed-fields.js';

export function orderRoutes(devnet: Devnet): Hono {
  const r = new Hono();

  r.post('/v1/order', async (c) => ok(c, devnet.placeOrder(orderFields(await body(c))), true));

  r.get('/v1/orders', (c) => {
    const q = query(c);
    const starkKey = isMissing(q.stark_key) ? undefined : parseStarkKey(q.stark_key);
    const direction = isMissing(q.direction) ? undefined : q.direction === '0' ? 0 : q.direction === '1' ? 1 : fail(ErrorCode.InvalidParam, `direction must be 0 or 1, got "${q.direction}"`);
    const tokenIds = isMissing(q.token_ids) ? undefined : listField(q.token_ids, 'token_ids').map((t, i) => uintField(t, `token_ids[${i}]`, { code: ErrorCode.TokenIDParseFailed, below: 1n << 256n }));
    const rows = devnet.orders({ starkKey, direction, tokenIds, contractAddress: isMissing(q.contract_address) ? undefined : q.contract_address });
    return ok(c, paginate(rows, pageField(q)), true);
  });

  r.get('/v1/order', (c) => ok(c, devnet.order(Number(uintField(query(c).order_id, 'order_id', { below: 1n << 53n }))), true));

  r.get('/v1/order/info', (c) => {
    const q = query(c);
    const starkKey = parseStarkKey(q.stark_key);
    return ok(c, devnet.orderInfo(starkKey, textField(q.contract1 ?? 'ETH:ETH', 'contract1'), textField(q.contract2, 'contract2')), true);
  });

  r.get('/v1/depth', (c) => {
    const q = query(c);
    return ok(c, devnet.depth(textField(q.base_contract, 'base_contract'), textField(q.quote_contract, 'quote_contract')), true);
  });

  r.get('/v1/trades', (c) => {
    const q = query(c);
    const orderId = isMissing(q.order_id) ? undefined : Number(uintField(q.order_id, 'order_id', { below: 1n << 53n }));
    const starkKey = isMissing(q.stark_key) ? undefined : parseStarkKey(q.stark_key);
    const rows = devnet.trades({ orderId, starkKey, baseAddress: q.base_token_contract_addr, quoteAddress: q.quote_token_contract_addr });
    return ok(c, paginate(rows, pageField(q)), true);
  });

  r.post('/v1/orders/:orderId/cancel', async (c) => {
    const orderId = Number(uintField(c.req.param('orderId'), 'order_id', { below: 1n << 53n }));
    const b = await body(c);
    const starkKey = parseStarkKey(optTextField(b.stark_key, 'stark_key'));
    return ok(c, devnet.cancelOrder(orderId, starkKey, signatureField(b.signature)), true);
  });

  return r;
}
