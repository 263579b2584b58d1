// Orders: place, list (open only), one order, order info for signing, cancel, depth and trades.
import type { Devnet } from '../../devnet.js';
import { ErrorCode, fail } from '../../domain/values/errors.js';
import { paginate, uintField } from '../fields.js';
import { PAGE_FIELDS, optList, optStarkKey, optWireText, pageOf, starkKey, text, tokenId, wireText } from '../field-specs.js';
import { ORDER_BODY, orderInput } from '../order-fields.js';
import { RouteGroup } from '../route-group.js';
import { SIGNATURE } from '../signed-fields.js';
import { field } from '../spec.js';
import { isMissing } from '../fields.js';
import { ORDER, PAGED, SEQUENCE_ID } from '../schemas.js';

const tag = 'orders';
const orderId = () => field({ type: 'string', pattern: '^\\d+$' }, (v, name) => Number(uintField(v, name, { below: 1n << 53n })), { required: true });

export function orderRoutes(devnet: Devnet): RouteGroup {
  return new RouteGroup(devnet)
    .add(
      { method: 'POST', path: '/v1/order', tag, reply: 'ok+code', summary: 'Places a signed limit order (StarkEx type-3 with fee); matching runs at once', body: ORDER_BODY, response: SEQUENCE_ID },
      ({ body }) => devnet.placeOrder(orderInput(body)),
    )
    .add(
      {
        method: 'GET', path: '/v1/orders', tag, reply: 'ok+code', summary: 'Open orders (placed or partially filled), filtered, paginated',
        query: {
          stark_key: optStarkKey(),
          direction: field({ enum: ['0', '1'] }, (v) => (isMissing(v) ? undefined : v === '0' ? 0 : v === '1' ? 1 : fail(ErrorCode.InvalidParam, `direction must be 0 or 1, got "${String(v)}"`))),
          token_ids: optList(tokenId),
          contract_address: optWireText(),
          ...PAGE_FIELDS,
        },
        response: PAGED(ORDER),
      },
      ({ query: q }) => {
        const starkKey = q.stark_key;
        const direction = q.direction;
        const tokenIds = q.token_ids;
        const rows = devnet.orders({ starkKey, direction, tokenIds, contractAddress: q.contract_address });
        return paginate(rows, pageOf(q));
      },
    )
    .add(
      { method: 'GET', path: '/v1/order', tag, reply: 'ok+code', summary: 'Any order with its order_state (0 placed, 1 cancelled, 2 filled, 3 partially filled)', query: { order_id: orderId() }, response: ORDER },
      ({ query: q }) => devnet.order(q.order_id),
    )
    .add(
      {
        method: 'GET', path: '/v1/order/info', tag, reply: 'ok+code', summary: 'What an SDK needs to sign an order: fee rate, asset ids, vault ids, nonce',
        query: {
          stark_key: starkKey(),
          contract1: field({ type: 'string', default: 'ETH:ETH', description: 'TYPE:ADDRESS of the base token' }, (v, name) => text().parse(v ?? 'ETH:ETH', name)),
          contract2: text({ description: 'TYPE:ADDRESS:TOKEN_ID of the quote token' }),
        },
        response: { type: 'object', properties: { fee_rate: { type: 'string' }, base_token: { type: 'string' }, fee_token: { type: 'string' }, nonce: { type: 'integer' }, contracts: { type: 'array' }, asset_ids: { type: 'array' }, vault_ids: { type: 'array' } } },
      },
      ({ query: q }) => {
        const key = q.stark_key;
        return devnet.orderInfo(key, q.contract1, q.contract2);
      },
    )
    .add(
      {
        method: 'GET', path: '/v1/depth', tag, reply: 'ok+code', summary: 'Aggregated book levels [display price, display quantity] of one market',
        query: { base_contract: text(), quote_contract: text() },
        response: { type: 'object', properties: { asks: { type: ['array', 'null'] }, bids: { type: ['array', 'null'] } } },
      },
      ({ query: q }) => {
        const base = q.base_contract;
        return devnet.depth(base, q.quote_contract);
      },
    )
    .add(
      {
        method: 'GET', path: '/v1/trades', tag, reply: 'ok+code', summary: 'Fills by order, by stark key, or by market, paginated',
        query: {
          order_id: field({ type: 'string', pattern: '^\\d+$' }, (v, name) => (isMissing(v) ? undefined : orderId().parse(v, name))),
          stark_key: optStarkKey(),
          base_token_contract_addr: wireText(),
          quote_token_contract_addr: wireText(),
          ...PAGE_FIELDS,
        },
        response: PAGED({ type: 'object' }),
      },
      ({ query: q }) => {
        const orderIdValue = q.order_id;
        const starkKey = q.stark_key;
        const rows = devnet.trades({ orderId: orderIdValue, starkKey, baseAddress: q.base_token_contract_addr, quoteAddress: q.quote_token_contract_addr });
        return paginate(rows, pageOf(q));
      },
    )
    .add(
      {
        method: 'POST', path: '/v1/orders/:order_id/cancel', tag, reply: 'ok+code', summary: 'Cancels an open order; signed by its owner over pedersen(order_id, 0)',
        params: { order_id: orderId() },
        body: { stark_key: starkKey(), signature: SIGNATURE },
        response: SEQUENCE_ID,
      },
      (i) => {
        // The id is checked before the body is read (destructuring `body` would read it first).
        const id = i.params.order_id;
        const b = i.body;
        const key = b.stark_key;
        return devnet.cancelOrder(id, key, b.signature);
      },
    );
}
