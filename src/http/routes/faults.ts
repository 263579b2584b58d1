// POST/GET/DELETE /_devnet/faults: the fault table of this app (not state: never dumped, journaled or reverted).
import { Hono } from 'hono';
import { faultView } from '../faults.js';
import type { FaultTable } from '../faults.js';
import { body, plain } from '../reply.js';

export function faultRoutes(faults: FaultTable): Hono {
  const r = new Hono();

  r.post('/_devnet/faults', async (c) => plain(c, faultView(faults.add(await body(c)))));

  r.get('/_devnet/faults', (c) => plain(c, { faults: faults.list().map(faultView) }));

  r.delete('/_devnet/faults', (c) => plain(c, { removed: faults.clear() }));

  return r;
}
