// The control plane (/_devnet/*): plain JSON for tests and tools, failures in the same FAILED envelope.
import type { Devnet } from '../../devnet.js';
import { ErrorCode, fail } from '../../domain/values/errors.js';
import { VERSION } from '../../version.js';
import type { BatchLayer } from '../../domain/records/settlement.js';
import { uintField } from '../fields.js';
import { hex, optText, optUint, pathText, starkKey, text, tokenId, uint } from '../field-specs.js';
import { RouteGroup } from '../route-group.js';
import { field } from '../spec.js';
import { parseExact } from '../../domain/values/json.js';
import { STATE_HASH } from '../schemas.js';

const tag = 'control';
const str = { type: 'string' } as const;
const ids = { type: 'array', items: { type: 'integer' } } as const;

export function controlRoutes(devnet: Devnet): RouteGroup {
  return new RouteGroup(devnet)
    .add(
      { method: 'GET', path: '/_devnet/health', tag, reply: 'plain', summary: 'Liveness and version', response: { type: 'object', properties: { status: { const: 'ok' }, version: str } } },
      () => ({ status: 'ok', version: VERSION }),
    )
    .add(
      {
        method: 'GET', path: '/_devnet/accounts', tag, reply: 'plain', summary: 'Genesis accounts with their keys, the API keys, and the operator',
        response: { type: 'object', properties: { accounts: { type: 'array', items: { type: 'object', properties: { name: str, stark_key: str, private_key: str, eth_address: str } } }, api_keys: { type: 'array', items: str }, operator: str } },
      },
      () => devnet.accounts(),
    )
    .add(
      { method: 'POST', path: '/_devnet/api-keys', tag, reply: 'plain', summary: 'A new API key that owns nothing yet', response: { type: 'object', properties: { api_key: str } } },
      () => devnet.createApiKey(),
    )
    .add(
      { method: 'GET', path: '/_devnet/invariants', tag, reply: 'plain', summary: 'The guarantees of SPEC section 9, checked now', response: { type: 'object', properties: { ok: { type: 'boolean' }, violations: { type: 'array', items: str }, state_hash: str } } },
      async () => {
        await devnet.storage.warm();
        return devnet.invariants();
      },
    )
    .add(
      {
        method: 'POST', path: '/_devnet/deposit', tag, reply: 'plain', summary: 'Credits a stark key as an L1 deposit would (quantized amount, or an NFT token id)',
        body: {
          stark_key: starkKey(),
          contract_address: text({ code: ErrorCode.ContractAddressMissing, description: '"eth" or a registered contract' }),
          amount: optUint({ code: ErrorCode.AmountInvalid, min: 1n, below: 1n << 63n, description: 'quantized units (ETH, ERC20)' }),
          token_id: field({ type: 'string' }, (v, name) => (v === undefined || v === null || v === '' ? undefined : tokenId(v, name)), { description: 'NFTs' }),
        },
        response: { type: 'object', properties: { sequence_id: { type: 'integer' } } },
      },
      ({ body: b }) => {
        const starkKeyValue = b.stark_key;
        const contractAddress = b.contract_address;
        const amount = b.amount;
        return devnet.deposit({ starkKey: starkKeyValue, contractAddress, amount, tokenId: b.token_id });
      },
    )
    .add(
      {
        method: 'POST', path: '/_devnet/batches', tag, reply: 'plain', summary: 'Cuts a batch: l2 moves records 1 -> 3, l1 moves 3 -> 6, both does l2 then l1',
        body: {
          layer: field({ enum: ['l2', 'l1', 'both'], default: 'both' }, (v) => {
            const layer = v ?? 'both';
            if (layer !== 'l2' && layer !== 'l1' && layer !== 'both') fail(ErrorCode.InvalidParam, `layer must be "l2", "l1" or "both", got ${JSON.stringify(layer)}`);
            return layer as BatchLayer;
          }),
        },
        response: { type: 'object', properties: { moved: ids, l2: ids, l1: ids } },
      },
      ({ body }) => devnet.batches(body.layer),
    )
    .add(
      {
        method: 'POST', path: '/_devnet/records/:sequence_id/status', tag, reply: 'plain', summary: 'Moves one record along the transitions table; 4 and 5 undo its ledger effect',
        params: { sequence_id: field({ type: 'string', pattern: '^\\d+$' }, (v, name) => Number(uintField(v, name, { below: 1n << 53n })), { required: true }) },
        body: { status: uint({ below: 7n }) },
        response: { type: 'object', properties: { sequence_id: { type: 'integer' }, status: { type: 'integer' } } },
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
        method: 'POST', path: '/_devnet/clock', tag, reply: 'plain', summary: 'Moves the virtual clock forward (never backwards); cuts due interval batches',
        body: { advance_seconds: optUint({ below: 1n << 40n }), set: optText({ description: 'ISO 8601 time' }) },
        response: { type: 'object', properties: { now: str, moved: ids } },
      },
      ({ body: b }) => {
        const advanceSeconds = b.advance_seconds;
        return devnet.setClock({ advanceSeconds, set: b.set });
      },
    )
    .add(
      {
        method: 'POST', path: '/_devnet/withdrawals/claim', tag, reply: 'plain', summary: "The L1 claim: empties one asset of an address's withdraw area",
        body: { asset_id: hex({ code: ErrorCode.NoSuchAssetID, missingCode: ErrorCode.InvalidParam }), ethaddress: optText() },
        response: { type: 'object', properties: { ethaddress: str, asset_id: str, amount: { type: 'integer' } } },
      },
      ({ body: b }) => {
        const assetId = b.asset_id;
        return devnet.claim(b.ethaddress, assetId);
      },
    )
    .add(
      { method: 'POST', path: '/_devnet/snapshots', tag, reply: 'plain', summary: 'Takes a snapshot to revert to', response: { type: 'object', properties: { id: str } } },
      () => devnet.snapshot(),
    )
    .add(
      {
        method: 'POST', path: '/_devnet/snapshots/:id/revert', tag, reply: 'plain', summary: 'Reverts to a snapshot (later snapshots are dropped)',
        params: { id: pathText({ description: 'a snapshot id from POST /_devnet/snapshots' }) },
        response: { type: 'object', properties: { reverted: str, state_hash: str } },
      },
      ({ params }) => devnet.revert(params.id),
    )
    .add({ method: 'POST', path: '/_devnet/reset', tag, reply: 'plain', summary: 'Back to the genesis state', response: STATE_HASH }, () => devnet.reset())
    .add(
      { method: 'GET', path: '/_devnet/state', tag, reply: 'plain', summary: 'A versioned dump of the whole state (exact integers)', response: { type: 'object' } },
      () => devnet.dump(),
    )
    .add(
      {
        method: 'POST', path: '/_devnet/state', tag, reply: 'plain', summary: 'Loads a dump taken by GET /_devnet/state',
        rawBody: { contentType: 'application/json', schema: { type: 'object' }, description: 'the dump, as GET /_devnet/state wrote it' },
        response: STATE_HASH,
      },
      async ({ c }) => {
        const text = await c.req.text();
        let dump: unknown;
        try {
          dump = parseExact(text);
        } catch (e) {
          fail(ErrorCode.FailedToJSONUnmarshal, `state dump is not valid JSON: ${(e as Error).message}`);
        }
        return devnet.load(dump);
      },
    );
}
