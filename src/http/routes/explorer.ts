// The explorer: its page and assets at /, the overview it reads, and the live event stream (SSE).
import type { Devnet } from '../../devnet.js';
import { EXPLORER_ASSETS } from '../../explorer/assets.js';
import { explorerOverview } from '../../explorer/overview.js';
import { OVERVIEW } from '../openapi/explorer-responses.js';
import { TEXT } from '../openapi/responses.js';
import { RouteGroup } from '../route.js';
import { EventFanout } from '../event-stream.js';
import type { EventStreamOptions } from '../event-stream.js';

const tag = 'explorer';

export function explorerRoutes(devnet: Devnet, events: EventStreamOptions = {}): RouteGroup {
  const r = new RouteGroup();

  for (const [path, asset] of Object.entries(EXPLORER_ASSETS)) {
    r.add(
      { method: 'GET', path, tag, reply: 'plain', summary: `The explorer's ${path === '/' ? 'page' : path.slice(1)}`, produces: { type: asset.type.split(';')[0]!, schema: TEXT } },
      ({ c }) => c.body(asset.body, 200, { 'content-type': asset.type, 'cache-control': 'no-cache' }),
    );
  }

  r.add(
    { method: 'GET', path: '/_devnet/overview', tag, reply: 'plain', summary: 'What the explorer shows: accounts, balances, books, records, storage', response: OVERVIEW },
    ({ c }) => explorerOverview(devnet.state, devnet.storage.gateway(new URL(c.req.url).origin)),
  );

  const fanout = new EventFanout(devnet, events);
  r.add(
    {
      method: 'GET', path: '/_devnet/events', tag, reply: 'plain',
      summary: 'Live events as server-sent events: a ready event, then one per change (id = seq)',
      description: `At most ${fanout.maxSubscribers} streams at once (429 beyond); a stream that leaves more than ${fanout.bufferBytes} bytes unread is closed.`,
      produces: { type: 'text/event-stream', schema: TEXT }, refusals: [429],
    },
    ({ c }) => fanout.respond(c),
  );

  return r;
}
