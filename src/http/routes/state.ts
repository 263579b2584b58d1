// The control plane's snapshots, reset and state dump: GET /_devnet/state streams the versioned image
// of the whole state (as domain/lifecycle/dump-schema.ts declares it), POST reads one back as it arrives.
import * as v from 'valibot';
import type { Context } from 'hono';
import type { Devnet } from '../../core/devnet.js';
import { DUMP as WHOLE, FORMAT_2 } from '../../domain/lifecycle/dump-schema.js';
import { ErrorCode, fail } from '../../domain/values/errors.js';
import { JsonSyntaxError } from '../../domain/values/json.js';
import { hex } from '../../domain/values/wire.js';
import { asText } from '../fields/kinds.js';
import { declareRoutes, type RouteGroup } from '../route.js';
import { bodyLimitOf, MAX_STATE_BODY_BYTES, readBodyText } from '../request-body.js';

const DUMP = v.pipe(
  WHOLE,
  v.title('StateDump'),
  v.description(
    'The whole state, one JSON object laid out one member, and one item of an array member, per line; maps as [key, value] entry arrays in insertion order; ' +
      'integers as JSON numbers up to 2^53-1 and strings of digits past it. POST /_devnet/state loads it back only as it was written',
  ),
);

/** What POST /_devnet/state loads: a dump of this build, or one of format @2, read whole. */
const DUMP_TO_LOAD = v.union([
  DUMP,
  v.pipe(
    v.looseObject({ format: v.literal(FORMAT_2) }),
    v.title('StateDumpV2'),
    v.description(
      'a dump written by an earlier build (format @2, integers past 2^53 as numbers): read whole, up to its size limit, then checked the same way',
    ),
  ),
]);

const STATE_HASH = v.strictObject({ state_hash: hex('sha256 of the canonical state') });
const SNAPSHOT_ID = asText({ description: 'a snapshot id from POST /_devnet/snapshots' });

/** The routes of the control plane's client (src/emulator/control-client.ts), by its method names. */
export const STATE_ROUTES = declareRoutes({
  snapshot: {
    method: 'POST',
    path: '/_devnet/snapshots',
    summary: 'Takes a snapshot to revert to',
    body: {},
    response: v.strictObject({ id: hex('snapshot id, for POST /_devnet/snapshots/{id}/revert') }),
  },
  revert: {
    method: 'POST',
    path: '/_devnet/snapshots/:id/revert',
    summary: 'Reverts to a snapshot (later snapshots are dropped)',
    params: { id: SNAPSHOT_ID },
    body: {},
    response: v.strictObject({ reverted: hex('the snapshot reverted to') }),
  },
  deleteSnapshot: {
    method: 'DELETE',
    path: '/_devnet/snapshots/:id',
    summary: 'Forgets a snapshot (later ones stay usable); the undo history only it needed is released',
    params: { id: SNAPSHOT_ID },
    response: v.strictObject({ deleted: hex('the snapshot deleted') }),
  },
  reset: {
    method: 'POST',
    path: '/_devnet/reset',
    summary: 'Back to the genesis state',
    body: {},
    response: STATE_HASH,
  },
  dumpState: {
    method: 'GET',
    path: '/_devnet/state',
    summary: 'A versioned dump of the whole state (exact integers), streamed',
    // Typed as any schema: the package's .d.ts would spell the dump's schema out again (400 kB); the client
    // reads the dump as a plain object anyway.
    response: DUMP as v.GenericSchema,
  },
  loadState: {
    method: 'POST',
    path: '/_devnet/state',
    summary: 'Loads a dump taken by GET /_devnet/state',
    rawBody: {
      contentType: 'application/json',
      schema: DUMP_TO_LOAD as v.GenericSchema,
      description: 'the dump, as GET /_devnet/state wrote it (or an earlier build, format @2)',
    },
    response: STATE_HASH,
  },
});

/** Snapshots, reset, and the state dump out and in. */
export function snapshotRoutes(group: RouteGroup, devnet: Devnet): RouteGroup {
  return group
    .declared(STATE_ROUTES.snapshot, () => devnet.snapshot())
    .declared(STATE_ROUTES.revert, ({ params }) => devnet.revert(params.id))
    .declared(STATE_ROUTES.deleteSnapshot, ({ params }) => devnet.deleteSnapshot(params.id))
    .declared(STATE_ROUTES.reset, () => devnet.reset())
    .declared(STATE_ROUTES.dumpState, () => textStream(devnet.dumpText()))
    .declared(STATE_ROUTES.loadState, ({ c }) => loadBody(devnet, c));
}

/** A JSON answer sent piece by piece: each piece is encoded as it goes out and then let go. */
function textStream(pieces: string[]): Response {
  const encoder = new TextEncoder();
  const body = ReadableStream.from(
    (function* () {
      for (let i = 0; i < pieces.length; i++) {
        const piece = pieces[i]!;
        pieces[i] = '';
        yield encoder.encode(piece);
      }
    })(),
  );
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

/**
 * The most of a state dump's body held at once: one line of the layout GET /_devnet/state writes,
 * or a whole dump in any other layout (16 MiB, or --max-body-bytes when larger).
 */
const MAX_STATE_HELD_BYTES = 16 * 1024 * 1024;

/**
 * Reads a dump from the body as it arrives into the devnet's reader, which refuses a body that is not a
 * dump from its first bytes (reading stops there) and holds at most MAX_STATE_HELD_BYTES of it at once.
 * Text that is not JSON is refused with 401, the rest with 19.
 */
async function loadBody(devnet: Devnet, c: Context): Promise<{ state_hash: string }> {
  const maxBytes = Math.max(bodyLimitOf(c), MAX_STATE_BODY_BYTES);
  const flag = "a state dump's own limit, or --max-body-bytes when larger";
  const held = Math.max(bodyLimitOf(c), MAX_STATE_HELD_BYTES);
  const reader = devnet.stateReader({ maxLine: held, maxWhole: held });
  try {
    reader.feed(await readBodyText(c, maxBytes, flag, (piece) => reader.feed(piece)));
    return reader.end();
  } catch (e) {
    if (e instanceof JsonSyntaxError) fail(ErrorCode.FailedToJSONUnmarshal, `state dump is not valid JSON: ${e.message}`);
    throw e;
  }
}
