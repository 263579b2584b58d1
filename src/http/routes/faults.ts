// POST/GET/DELETE /_devnet/faults: the fault table of this app (not state: never dumped, journaled or reverted).
import { FAULT_BODY, faultView } from '../faults.js';
import type { FaultTable } from '../faults.js';
import { FAULT, FAULTS, REMOVED } from '../openapi/control-responses.js';
import { RouteGroup } from '../route.js';

const tag = 'control';

export function faultRoutes(faults: FaultTable): RouteGroup {
  return new RouteGroup()
    .add(
      {
        method: 'POST',
        path: '/_devnet/faults',
        tag,
        reply: 'plain',
        summary: 'Fails or delays chosen calls of the emulated API, reproducibly',
        body: FAULT_BODY,
        response: FAULT,
      },
      (i) => faultView(faults.add(i.body, i.sent)),
    )
    .add(
      { method: 'GET', path: '/_devnet/faults', tag, reply: 'plain', summary: 'The active faults with their counters', response: FAULTS },
      () => ({ faults: faults.list().map(faultView) }),
    )
    .add({ method: 'DELETE', path: '/_devnet/faults', tag, reply: 'plain', summary: 'Removes every fault', response: REMOVED }, () => ({
      removed: faults.clear(),
    }));
}
