// POST/GET/DELETE /_devnet/faults: the fault table of this app (not state: never dumped, journaled or reverted).
import * as v from 'valibot';
import { count, int, text } from '../../domain/values/wire.js';
import { FAULT_BODY, faultView } from '../faults.js';
import type { FaultTable } from '../faults.js';
import { RouteGroup } from '../route.js';

/** A fault of POST and GET /_devnet/faults. */
const FAULT = v.pipe(
  v.strictObject({
    id: text('f1, f2, …'),
    method: v.pipe(v.nullable(v.string()), v.description('upper-case method; null for any')),
    path: text('exact path, or a prefix ending in *'),
    nth: int('first matching call that fails (1-based)'),
    count: count('calls that fail from nth on; 0 = all'),
    probability: v.pipe(
      v.nullable(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
      v.description('instead of nth/count: the chance each matching call fails; null when not set'),
    ),
    seed: text('seed of the probability draws'),
    error_code: v.pipe(v.nullable(int()), v.description('the code of the FAILED envelope; null: only a delay')),
    message: text("the FAILED envelope's error"),
    latency_ms: count('delay before answering, milliseconds'),
    seen: count('matching calls so far'),
    fired: count('calls that failed or were delayed so far'),
  }),
  v.title('Fault'),
);

export function faultRoutes(faults: FaultTable): RouteGroup {
  return new RouteGroup({ tag: 'control', reply: 'plain' })
    .add({
      method: 'POST',
      path: '/_devnet/faults',
      summary: 'Fails or delays chosen calls of the emulated API, reproducibly',
      body: FAULT_BODY,
      response: FAULT,
      handle: (i) => faultView(faults.add(i.body, i.sent)),
    })
    .add({
      method: 'GET',
      path: '/_devnet/faults',
      summary: 'The active faults with their counters',
      response: v.strictObject({ faults: v.array(FAULT) }),
      handle: () => ({ faults: faults.list().map(faultView) }),
    })
    .add({
      method: 'DELETE',
      path: '/_devnet/faults',
      summary: 'Removes every fault',
      response: v.strictObject({ removed: count('faults removed') }),
      handle: () => ({ removed: faults.clear() }),
    });
}
