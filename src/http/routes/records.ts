// /v1/records (newest first, filtered, paginated), /v1/txns (a key's or a contract's, as the explorer pages them), /v1/record and /v1/txn (one record, flattened),
// /v1/record/by/signature (the records of one signed request) and /v1/token (the token of a mint).
import * as v from 'valibot';
import type { Devnet } from '../../core/devnet.js';
import { ErrorCode } from '../../domain/values/errors.js';
import { hex, id, optList, optStarkKey, optUint, starkKey, uint, wireText } from '../fields/kinds.js';
import { PAGE_FIELDS, PER_PAGE_FIELDS, pageOf, paginate, perPageOf } from '../fields/page.js';
import { MINTED_TOKEN, RECORD, SINGLE_RECORD } from '../../domain/records/record-views.js';
import { paged } from '../../domain/values/wire.js';
import { RouteGroup } from '../route.js';

const sequenceId = () => uint({ below: 1n << 53n });

export function recordRoutes(devnet: Devnet): RouteGroup {
  return new RouteGroup({ tag: 'records', reply: 'ok+code' }, devnet)
    .add('GET', '/v1/records', {
      summary: "A stark key's records, newest first",
      query: {
        stark_key: starkKey(),
        record_type: optUint({ below: 12n, description: '0 all, 6 transfers, 9 orders, else that record type' }),
        sequence_ids: optList(id()),
        contract_address: wireText(),
        ...PAGE_FIELDS,
      },
      response: paged(RECORD),
      handle: ({ query: q }) => {
        const [key, type] = [q.stark_key, q.record_type];
        const rows = devnet.records(key, {
          recordType: type === undefined ? undefined : Number(type),
          contractAddress: q.contract_address,
          sequenceIds: q.sequence_ids,
        });
        return paginate(rows, pageOf(q));
      },
    })
    .add('GET', '/v1/txns', {
      summary: "A stark key's or a contract's records, newest first, paged by page and perPage (the explorer pages until a page is empty)",
      description:
        "stark_key: the records listed for the key (as /v1/records), narrowed to contract_address when both are given. contract_address alone: every record naming the contract's assets, any key's (15 when it is not registered). Neither: 19. A page past the last answers an empty list.",
      query: {
        stark_key: optStarkKey({ description: 'whose records (sender or receiver)' }),
        contract_address: wireText({ description: 'a registered contract ("eth" for ETH)' }),
        ...PER_PAGE_FIELDS,
      },
      response: paged(RECORD),
      handle: ({ query: q }) => paginate(devnet.txns(q.stark_key, q.contract_address), perPageOf(q)),
    })
    .add('GET', '/v1/record', {
      summary:
        'One record (an array of one): order fields flattened as "order.<field>" and nested as "order"; without stark_key, any record by sequence id',
      query: {
        stark_key: optStarkKey({ description: 'when given, the record must be listed for this key (sender or receiver)' }),
        sequence_id: sequenceId(),
      },
      response: v.array(SINGLE_RECORD),
      handle: ({ query: q }) => devnet.record(q.stark_key, Number(q.sequence_id)),
    })
    .add('GET', '/v1/txn', {
      summary: "One record by sequence id (an array of one), as /v1/record without stark_key (Java's getTxn)",
      query: { sequence_id: sequenceId() },
      response: v.array(SINGLE_RECORD),
      handle: ({ query: q }) => devnet.record(undefined, Number(q.sequence_id)),
    })
    .add('GET', '/v1/record/by/signature', {
      summary: "The records created by the accepted transfer, withdrawal or order signed (r, s), in /v1/record's shape; [] when none",
      query: { r: hex({ description: 'signature r, 0x hex (any case, any padding)' }), s: hex({ description: 'signature s, 0x hex' }) },
      response: v.array(SINGLE_RECORD),
      handle: ({ query: q }) => devnet.recordsBySignature(q.r, q.s),
    })
    .add('GET', '/v1/token', {
      summary: 'The token id a mint record created (JS SDK 0.8 getTokenIdBySeqId); 19 for any other sequence id',
      query: { seq_id: uint({ below: 1n << 53n, code: ErrorCode.InvalidParam, description: 'sequence id of a mint record' }) },
      response: MINTED_TOKEN,
      handle: ({ query: q }) => devnet.mintedToken(Number(q.seq_id)),
    });
}
