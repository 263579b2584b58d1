// /v1/records (newest first, filtered, paginated) and /v1/record (one record, flattened).
import { Hono } from 'hono';
import type { Devnet } from '../../devnet.js';
import { parseStarkKey } from '../../domain/accounts.js';
import { isMissing, listField, pageField, paginate, uintField } from '../fields.js';
import { ok, query } from '../reply.js';

export function recordRoutes(devnet: Devnet): Hono {
  const r = new Hono();

  r.get('/v1/records', (c) => {
    const q = query(c);
    const key = parseStarkKey(q.stark_key);
    const recordType = isMissing(q.record_type) ? undefined : Number(uintField(q.record_type, 'record_type', { below: 12n }));
    const sequenceIds = isMissing(q.sequence_ids) ? undefined : listField(q.sequence_ids, 'sequence_ids').map((s, i) => Number(uintField(s, `sequence_ids[${i}]`, { below: 1n << 53n })));
    const rows = devnet.records(key, { contractAddress: q.contract_address, recordType, sequenceIds });
    return ok(c, paginate(rows, pageField(q)), true);
  });

  r.get('/v1/record', (c) => {
    const q = query(c);
    const key = parseStarkKey(q.stark_key);
    const sequenceId = Number(uintField(q.sequence_id, 'sequence_id', { below: 1n << 53n }));
    return ok(c, devnet.record(key, sequenceId), true);
  });

  return r;
}
