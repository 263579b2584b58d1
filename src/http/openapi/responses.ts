// The answers several route files share; every other answer is declared beside its handler, or beside
// its view in the domain (with the value schemas of domain/values/wire.ts).
import * as v from 'valibot';
import { int } from '../../domain/values/wire.js';

export const SEQUENCE_ID = v.pipe(
  v.strictObject({ sequence_id: int('sequence id of the accepted command (and of its record)') }),
  v.title('SequenceId'),
);

/** GET /openapi.json: this document (its shape is OpenAPI 3.1's own schema). */
export const DOCUMENT = v.pipe(
  v.looseObject({
    openapi: v.literal('3.1.0'),
    info: v.looseObject({ title: v.string(), version: v.string() }),
    paths: v.record(v.string(), v.looseObject({})),
  }),
  v.description('An OpenAPI 3.1 document: the rest of its shape is the OpenAPI 3.1 schema'),
);
