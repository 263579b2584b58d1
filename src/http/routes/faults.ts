// POST/GET/DELETE /_devnet/faults: the fault table of this app (not state: never dumped, journaled or reverted).
import * as v from 'valibot';
import { count } from '../../domain/values/wire.js';
import { FAULT, FAULT_BODY, type FaultTable } from '../faults.js';
import { declareRoutes, RouteGroup } from '../route.js';

/** The routes of the control plane's client (src/emulator/control-client.ts), by its method names. */
export const FAULT_ROUTES = declareRoutes({
  addFault: {
    method: 'POST',
    path: '/_devnet/faults',
    summary: 'Fails or delays chosen calls of the emulated API, reproducibly',
    body: FAULT_BODY,
    response: FAULT,
  },
  faults: {
    method: 'GET',
    path: '/_devnet/faults',
    summary: 'The active faults with their counters',
    response: v.strictObject({ faults: v.array(FAULT) }),
  },
  clearFaults: {
    method: 'DELETE',
    path: '/_devnet/faults',
    summary: 'Removes every fault',
    response: v.strictObject({ removed: count('faults removed') }),
  },
});

export function faultRoutes(faults: FaultTable): RouteGroup {
  return new RouteGroup({ tag: 'control', reply: 'plain' })
    .declared(FAULT_ROUTES.addFault, (i) => faults.add(i.body, i.sent))
    .declared(FAULT_ROUTES.faults, () => ({ faults: faults.list() }))
    .declared(FAULT_ROUTES.clearFaults, () => ({ removed: faults.clear() }));
}
