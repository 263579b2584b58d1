// Orders: place, list (open only), one order, order info for signing, cancel, depth and trades.
import * as v from 'valibot';
import type { Devnet } from '../../core/devnet.js';
import { ErrorCode } from '../../domain/values/errors.js';
import { fieldOf, refuse, show, type Field } from '../fields/field.js';
import { id, optList, optStarkKey, optWireText, optional, starkKey, text, tokenId, wireText } from '../fields/kinds.js';
import { ORDER_BODY, orderInput } from '../fields/order.js';
import { ORDER_STATE_FILTERS, type OrderStateFilter } from '../../domain/trading/order-views.js';
import { PAGE_FIELDS, pageOf, paginate } from '../fields/page.js';
import { SIGNATURE } from '../fields/signed.js';
import { DEPTH, TRADE } from '../../domain/trading/depth.js';
import { ORDER_INFO } from '../../domain/trading/order-info.js';
import { ORDER, ORDER_ENTRY } from '../../domain/trading/order-views.js';
import { paged } from '../../domain/values/wire.js';
import { SEQUENCE_ID } from '../openapi/responses.js';
import { RouteGroup } from '../route.js';

/** `0` or `1` (absent: both directions). */
const DIRECTION_FILTER: Field<0 | 1 | undefined> = fieldOf(
  v.pipe(
    v.optional(v.picklist(['', '0', '1'], 'direction')),
    v.transform((d) => (d === '0' ? (0 as const) : d === '1' ? (1 as const) : undefined)),
  ),
  { direction: refuse(ErrorCode.InvalidParam, (_name, value) => `direction must be 0 or 1, got ${show(value)}`) },
  { description: '0 ASK, 1 BID' },
);

/** Java's OrderState enum: 0..4 that state, 5 all, 6 (or absent, or empty) open orders. */
const ORDER_STATE_FILTER: Field<OrderStateFilter | undefined> = fieldOf(
  v.pipe(
    v.optional(v.picklist(['', ...ORDER_STATE_FILTERS.map(String)], 'order_state')),
    v.transform((d) => (d === undefined || d === '' ? undefined : (Number(d) as OrderStateFilter))),
  ),
  {
    order_state: refuse(
      ErrorCode.InvalidParam,
      (_name, value) =>
        `order_state must be 0 placed, 1 cancelled, 2 filled, 3 partially filled, 4 conditionally cancelled, 5 all or 6 open, got ${show(value)}`,
    ),
  },
  {
    description:
      '0 placed, 1 cancelled, 2 filled, 3 partially filled, 4 conditionally cancelled (never produced), 5 all, 6 open (the default)',
  },
);

/** TYPE:ADDRESS of the base token, ETH:ETH when absent. */
const CONTRACT1: Field<string> = fieldOf(v.pipe(v.optional(v.string('type'), 'ETH:ETH'), v.minLength(1, 'missing')), text().refusals, {
  description: 'TYPE:ADDRESS of the base token; default ETH:ETH',
});

export function orderRoutes(devnet: Devnet): RouteGroup {
  const group = new RouteGroup({ tag: 'orders', reply: 'ok+code' }, devnet).add('POST', '/v1/order', {
    summary: 'Places a signed limit order (StarkEx type-3 with fee); matching runs at once',
    body: ORDER_BODY,
    response: SEQUENCE_ID,
    handle: ({ body }) => devnet.placeOrder(orderInput(body)),
  });
  return orderReads(group, devnet).add('POST', '/v1/orders/:order_id/cancel', {
    summary: 'Cancels an open order; signed by its owner over pedersen(order_id, 0)',
    params: { order_id: id() },
    body: { stark_key: starkKey(), signature: SIGNATURE },
    response: SEQUENCE_ID,
    handle: (i) => devnet.cancelOrder(i.params.order_id, i.body.stark_key, i.body.signature),
  });
}

/** The reads: open orders, one order, what to sign one with, a market's depth, trades. */
function orderReads(group: RouteGroup, devnet: Devnet): RouteGroup {
  return group
    .add('GET', '/v1/orders', {
      summary: 'Orders, open ones (placed or partially filled) unless order_state asks otherwise; filtered, paginated',
      query: {
        stark_key: optStarkKey(),
        direction: DIRECTION_FILTER,
        token_ids: optList(tokenId()),
        contract_address: optWireText(),
        order_state: ORDER_STATE_FILTER,
        ...PAGE_FIELDS,
      },
      response: paged(ORDER_ENTRY),
      handle: ({ query: q }) => {
        const rows = devnet.orders({
          starkKey: q.stark_key,
          direction: q.direction,
          tokenIds: q.token_ids,
          contractAddress: q.contract_address,
          orderState: q.order_state,
        });
        return paginate(rows, pageOf(q));
      },
    })
    .add('GET', '/v1/order', {
      summary: 'Any order with its order_state (0 placed, 1 cancelled, 2 filled, 3 partially filled)',
      query: { order_id: id() },
      response: ORDER,
      handle: ({ query: q }) => devnet.order(q.order_id),
    })
    .add('GET', '/v1/order/info', {
      summary: 'What an SDK needs to sign an order: fee rate, asset ids, vault ids, nonce',
      query: {
        stark_key: starkKey(),
        contract1: CONTRACT1,
        contract2: text({ description: 'TYPE:ADDRESS:TOKEN_ID of the quote token' }),
      },
      response: ORDER_INFO,
      handle: ({ query: q }) => devnet.orderInfo(q.stark_key, q.contract1, q.contract2),
    })
    .add('GET', '/v1/depth', {
      summary: 'Aggregated book levels [display price, display quantity] of one market',
      query: { base_contract: text(), quote_contract: text() },
      response: DEPTH,
      handle: ({ query: q }) => devnet.depth(q.base_contract, q.quote_contract),
    })
    .add('GET', '/v1/trades', {
      summary: 'Fills by order, by stark key, or by market, paginated',
      query: {
        order_id: optional(id()),
        stark_key: optStarkKey(),
        base_token_contract_addr: wireText(),
        quote_token_contract_addr: wireText(),
        ...PAGE_FIELDS,
      },
      response: paged(TRADE),
      handle: ({ query: q }) => {
        const rows = devnet.trades({
          orderId: q.order_id,
          starkKey: q.stark_key,
          baseAddress: q.base_token_contract_addr,
          quoteAddress: q.quote_token_contract_addr,
        });
        return paginate(rows, pageOf(q));
      },
    });
}
