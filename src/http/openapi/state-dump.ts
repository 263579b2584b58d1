// GET /_devnet/state (and the body of POST /_devnet/state): the versioned image of the whole state,
// as the domain declares it (domain/lifecycle/dump-schema.ts), with the names the OpenAPI document gives it.
import * as v from 'valibot';
import { DUMP as WHOLE, FORMAT_2 } from '../../domain/lifecycle/dump-schema.js';

export const DUMP = v.pipe(
  WHOLE,
  v.title('StateDump'),
  v.description(
    'The whole state, one JSON object laid out one member, and one item of an array member, per line; maps as [key, value] entry arrays in insertion order; ' +
      'integers as JSON numbers up to 2^53-1 and strings of digits past it. POST /_devnet/state loads it back only as it was written',
  ),
);

/** What POST /_devnet/state loads: a dump of this build, or one of format @2, read whole. */
export const DUMP_TO_LOAD = v.union([
  DUMP,
  v.pipe(
    v.looseObject({ format: v.literal(FORMAT_2) }),
    v.title('StateDumpV2'),
    v.description(
      'a dump written by an earlier build (format @2, integers past 2^53 as numbers): read whole, up to its size limit, then checked the same way',
    ),
  ),
]);
