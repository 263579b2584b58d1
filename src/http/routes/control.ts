// The control plane (/_devnet/*): plain JSON for tests and tools, failures in the same FAILED envelope.
import * as v from 'valibot';
import type { Context } from 'hono';
import type { Devnet } from '../../devnet.js';
import type { BatchLayer } from '../../domain/records/settlement.js';
import { ErrorCode, fail } from '../../domain/values/errors.js';
import { JsonSyntaxError } from '../../domain/values/json.js';
import { VERSION } from '../../version.js';
import { fieldOf, refuse, show } from '../fields/field.js';
import type { Field } from '../fields/field.js';
import { asText, hex, id, optText, optUint, optional, starkKey, text, tokenId, uint } from '../fields/kinds.js';
import {
  ACCOUNTS,
  API_KEY,
  BALANCE_SET,
  BATCH,
  CLAIM,
  CLOCK,
  CONFIG,
  HEALTH,
  INVARIANTS,
  REVERTED,
  SNAPSHOT,
  SNAPSHOT_DELETED,
  STATE_HASH,
  STATUS_MOVE,
} from '../openapi/control-responses.js';
import { SEQUENCE_ID } from '../openapi/responses.js';
import { DUMP, DUMP_TO_LOAD } from '../openapi/state-dump.js';
import { RouteGroup } from '../route.js';
import { bodyLimitOf, bodyTooLarge, MAX_STATE_BODY_BYTES, readBodyText } from '../request-body.js';
import { TextRequest } from '../text-request.js';

const tag = 'control';

/** `l2`, `l1` or `both` (the default, also for null). */
const LAYER: Field<BatchLayer> = fieldOf(
  v.pipe(
    v.nullish(v.picklist(['l2', 'l1', 'both'], 'layer')),
    v.transform((l) => l ?? 'both'),
  ),
  { layer: refuse(ErrorCode.InvalidParam, (_name, value) => `layer must be "l2", "l1" or "both", got ${show(value ?? 'both')}`) },
  { description: 'default both' },
);

export function controlRoutes(devnet: Devnet, flags: Record<string, unknown>): RouteGroup {
  return new RouteGroup(devnet)
    .add({ method: 'GET', path: '/_devnet/health', tag, reply: 'plain', summary: 'Liveness and version', response: HEALTH }, () => ({
      status: 'ok',
      version: VERSION,
    }))
    .add(
      {
        method: 'GET',
        path: '/_devnet/accounts',
        tag,
        reply: 'plain',
        summary: 'Genesis accounts with their keys, the API keys, and the operator',
        response: ACCOUNTS,
      },
      () => devnet.accounts(),
    )
    .add(
      {
        method: 'GET',
        path: '/_devnet/config',
        tag,
        reply: 'plain',
        summary: "Seed, genesis hash, settlement, clock and the start options (starknet-devnet's devnet_getConfig, Anvil's anvil_nodeInfo)",
        response: CONFIG,
      },
      () => ({ version: VERSION, ...devnet.settings(), flags }),
    )
    .add(
      {
        method: 'POST',
        path: '/_devnet/api-keys',
        tag,
        reply: 'plain',
        summary: 'A new API key that owns nothing yet',
        body: {},
        response: API_KEY,
      },
      () => devnet.createApiKey(),
    )
    .add(
      {
        method: 'GET',
        path: '/_devnet/invariants',
        tag,
        reply: 'plain',
        summary: 'The guarantees of the behavioural contract, checked now',
        response: INVARIANTS,
      },
      async () => {
        await devnet.storage.warm();
        return devnet.invariants();
      },
    )
    .add(
      {
        method: 'POST',
        path: '/_devnet/deposit',
        tag,
        reply: 'plain',
        summary: 'Credits a stark key as an L1 deposit would (quantized amount, or an NFT token id)',
        body: {
          stark_key: starkKey(),
          contract_address: text({ code: ErrorCode.ContractAddressMissing, description: '"eth" or a registered contract' }),
          amount: optUint({ code: ErrorCode.AmountInvalid, min: 1n, below: 1n << 63n, description: 'quantized units (ETH, ERC20)' }),
          token_id: optional(tokenId(), { description: 'NFTs' }),
          token_url: optText({ description: 'ERC721MC tokens not yet on L2: their URL' }),
        },
        response: SEQUENCE_ID,
      },
      ({ body: b }) => {
        const starkKeyValue = b.stark_key;
        const contractAddress = b.contract_address;
        const amount = b.amount;
        const tokenIdValue = b.token_id;
        return devnet.deposit({ starkKey: starkKeyValue, contractAddress, amount, tokenId: tokenIdValue, tokenUrl: b.token_url });
      },
    )
    .add(
      {
        method: 'POST',
        path: '/_devnet/set-balance',
        tag,
        reply: 'plain',
        summary:
          "Sets a stark key's available balance of ETH or an ERC20 (Anvil's anvil_setBalance): no record, the difference counts as issued",
        body: {
          stark_key: starkKey(),
          contract_address: text({ code: ErrorCode.ContractAddressMissing, description: '"eth" or a registered ETH/ERC20 contract' }),
          amount: uint({ code: ErrorCode.AmountInvalid, below: 1n << 63n, description: 'quantized units; 0 empties it' }),
        },
        response: BALANCE_SET,
      },
      ({ body: b }) => devnet.setBalance(b.stark_key, b.contract_address, b.amount),
    )
    .add(
      {
        method: 'POST',
        path: '/_devnet/batches',
        tag,
        reply: 'plain',
        summary: 'Cuts a batch: l2 moves records 1 -> 3, l1 moves 3 -> 6, both does l2 then l1',
        body: { layer: LAYER },
        response: BATCH,
      },
      ({ body }) => devnet.batches(body.layer),
    )
    .add(
      {
        method: 'POST',
        path: '/_devnet/records/:sequence_id/status',
        tag,
        reply: 'plain',
        summary: 'Moves one record along the transitions table; 4 and 5 undo its ledger effect',
        params: { sequence_id: id() },
        body: { status: uint({ below: 7n }) },
        response: STATUS_MOVE,
      },
      (i) => {
        // The body is read (and refused if malformed) before the id is checked, as it always was.
        const b = i.body;
        const sequenceId = i.params.sequence_id;
        return devnet.moveRecord(sequenceId, Number(b.status));
      },
    )
    .add(
      {
        method: 'POST',
        path: '/_devnet/clock',
        tag,
        reply: 'plain',
        summary: 'Moves the virtual clock forward (never backwards); cuts due interval batches',
        body: { advance_seconds: optUint({ below: 1n << 40n }), set: optText({ description: 'ISO 8601 time' }) },
        response: CLOCK,
      },
      ({ body: b }) => {
        const advanceSeconds = b.advance_seconds;
        return devnet.setClock({ advanceSeconds, set: b.set });
      },
    )
    .add(
      {
        method: 'POST',
        path: '/_devnet/withdrawals/claim',
        tag,
        reply: 'plain',
        summary: "The L1 claim: empties one asset of an address's withdraw area",
        body: { asset_id: hex({ code: ErrorCode.NoSuchAssetID, missingCode: ErrorCode.InvalidParam }), ethaddress: optText() },
        response: CLAIM,
      },
      ({ body: b }) => {
        const assetId = b.asset_id;
        return devnet.claim(b.ethaddress, assetId);
      },
    )
    .add(
      {
        method: 'POST',
        path: '/_devnet/snapshots',
        tag,
        reply: 'plain',
        summary: 'Takes a snapshot to revert to',
        body: {},
        response: SNAPSHOT,
      },
      () => devnet.snapshot(),
    )
    .add(
      {
        method: 'POST',
        path: '/_devnet/snapshots/:id/revert',
        tag,
        reply: 'plain',
        summary: 'Reverts to a snapshot (later snapshots are dropped)',
        params: { id: asText({ description: 'a snapshot id from POST /_devnet/snapshots' }) },
        body: {},
        response: REVERTED,
      },
      ({ params }) => devnet.revert(params.id),
    )
    .add(
      {
        method: 'DELETE',
        path: '/_devnet/snapshots/:id',
        tag,
        reply: 'plain',
        summary: 'Forgets a snapshot (later ones stay usable); the undo history only it needed is released',
        params: { id: asText({ description: 'a snapshot id from POST /_devnet/snapshots' }) },
        response: SNAPSHOT_DELETED,
      },
      ({ params }) => devnet.deleteSnapshot(params.id),
    )
    .add(
      { method: 'POST', path: '/_devnet/reset', tag, reply: 'plain', summary: 'Back to the genesis state', body: {}, response: STATE_HASH },
      () => devnet.reset(),
    )
    .add(
      {
        method: 'GET',
        path: '/_devnet/state',
        tag,
        reply: 'plain',
        summary: 'A versioned dump of the whole state (exact integers), streamed',
        response: DUMP,
      },
      () => textStream(devnet.dumpText()),
    )
    .add(
      {
        method: 'POST',
        path: '/_devnet/state',
        tag,
        reply: 'plain',
        summary: 'Loads a dump taken by GET /_devnet/state',
        rawBody: {
          contentType: 'application/json',
          schema: DUMP_TO_LOAD,
          description: 'the dump, as GET /_devnet/state wrote it (or an earlier build, format @2)',
        },
        response: STATE_HASH,
      },
      async ({ c }) => loadBody(devnet, c),
    );
}

/** A JSON answer sent piece by piece: each piece is encoded as it goes out and then let go. */
function textStream(pieces: string[]): Response {
  const encoder = new TextEncoder();
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next >= pieces.length) {
        controller.close();
        return;
      }
      const piece = pieces[next]!;
      pieces[next++] = '';
      controller.enqueue(encoder.encode(piece));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

/**
 * The most of a state dump's body held at once: one line of the layout GET /_devnet/state writes,
 * or a whole dump in any other layout (16 MiB, or --max-body-bytes when larger).
 */
export const MAX_STATE_HELD_BYTES = 16 * 1024 * 1024;

/**
 * Reads a dump from the request body as it arrives, piece by piece into the devnet's reader, which
 * refuses a body that is not a dump from its first bytes (reading stops there) and holds at most
 * one line, or one whole dump in another layout, of MAX_STATE_HELD_BYTES. The body is held to the
 * state dump's byte limit as readBodyText holds it (413 before reading for a declared length past
 * it, else at the first piece past it). Text that is not JSON is refused with 401, the rest with 19.
 */
async function loadBody(devnet: Devnet, c: Context): Promise<{ state_hash: string }> {
  const maxBytes = Math.max(bodyLimitOf(c), MAX_STATE_BODY_BYTES);
  const flag = "a state dump's own limit, or --max-body-bytes when larger";
  const held = Math.max(bodyLimitOf(c), MAX_STATE_HELD_BYTES);
  const reader = devnet.stateReader({ maxLine: held, maxWhole: held });
  const declared = c.req.header('content-length');
  if (declared !== undefined && Number(declared) > maxBytes) throw bodyTooLarge(maxBytes, flag);
  const raw = c.req.raw;
  try {
    if (raw instanceof TextRequest || raw.body === null) {
      // In-process text is in memory already (readBodyText checks its length).
      reader.feed(await readBodyText(c, maxBytes, flag));
      return reader.end();
    }
    const body = raw.body.getReader();
    const decoder = new TextDecoder();
    let total = 0;
    try {
      for (;;) {
        const { done, value } = await body.read();
        if (done) break;
        total += value.byteLength;
        if (total > maxBytes) throw bodyTooLarge(maxBytes, flag);
        reader.feed(decoder.decode(value, { stream: true }));
      }
    } catch (e) {
      await body.cancel().catch(() => undefined);
      throw e;
    }
    reader.feed(decoder.decode());
    return reader.end();
  } catch (e) {
    if (e instanceof JsonSyntaxError) fail(ErrorCode.FailedToJSONUnmarshal, `state dump is not valid JSON: ${e.message}`);
    throw e;
  }
}
