// POST/GET/DELETE /_devnet/faults: the fault table of this app (not state: never dumped, journaled or reverted).
import * as v from 'valibot';
import { count } from '../../domain/values/wire.js';
import { FAULT, FAULT_BODY, type FaultTable } from '../faults.js';
import { RouteGroup } from '../route.js';

export function faultRoutes(faults: FaultTable): RouteGroup {
  return new RouteGroup({ tag: 'control', reply: 'plain' })
    .add('POST', '/_devnet/faults', {
      summary: 'Fails or delays chosen calls of the emulated API, reproducibly',
      body: FAULT_BODY,
      response: FAULT,
      handle: (i) => faults.add(i.body, i.sent),
    })
    .add('GET', '/_devnet/faults', {
      summary: 'The active faults with their counters',
      response: v.strictObject({ faults: v.array(FAULT) }),
      handle: () => ({ faults: faults.list() }),
    })
    .add('DELETE', '/_devnet/faults', {
      summary: 'Removes every fault',
      response: v.strictObject({ removed: count('faults removed') }),
      handle: () => ({ removed: faults.clear() }),
    });
}
