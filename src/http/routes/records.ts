// /v1/records (newest first, filtered, paginated) and /v1/record (one record, flattened).
import * as v from 'valibot';
import type { Devnet } from '../../devnet.js';
import { id, optList, optUint, starkKey, uint, wireText } from '../fields/kinds.js';
import { PAGE_FIELDS, pageOf, paginate } from '../fields/page.js';
import { FLAT_RECORD, RECORD } from '../openapi/record-responses.js';
import { paged } from '../openapi/responses.js';
import { RouteGroup } from '../route.js';

const tag = 'records';

export function recordRoutes(devnet: Devnet): RouteGroup {
  return new RouteGroup(devnet)
    .add(
      {
        method: 'GET', path: '/v1/records', tag, reply: 'ok+code', summary: "A stark key's records, newest first",
        query: {
          stark_key: starkKey(),
          record_type: optUint({ below: 12n, description: '0 all, 6 transfers, 9 orders, else that record type' }),
          sequence_ids: optList(id()),
          contract_address: wireText(),
          ...PAGE_FIELDS,
        },
        response: paged(RECORD),
      },
      ({ query: q }) => {
        const key = q.stark_key;
        const recordType = q.record_type === undefined ? undefined : Number(q.record_type);
        const rows = devnet.records(key, { contractAddress: q.contract_address, recordType, sequenceIds: q.sequence_ids });
        return paginate(rows, pageOf(q));
      },
    )
    .add(
      {
        method: 'GET', path: '/v1/record', tag, reply: 'ok+code', summary: 'One record, order fields flattened as "order.<field>" (an array of one)',
        query: { stark_key: starkKey(), sequence_id: uint({ below: 1n << 53n }) },
        response: v.array(FLAT_RECORD),
      },
      ({ query: q }) => {
        const key = q.stark_key;
        return devnet.record(key, Number(q.sequence_id));
      },
    );
}
