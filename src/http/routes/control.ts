// The control plane (/_devnet/*): plain JSON for tests and tools, failures in the same FAILED envelope.
import * as v from 'valibot';
import type { Devnet } from '../../core/devnet.js';
import type { BatchLayer } from '../../domain/records/settlement.js';
import { ErrorCode } from '../../domain/values/errors.js';
import { VERSION } from '../../core/version.js';
import { fieldOf, refuse, show, type Field } from '../fields/field.js';
import { hex, id, optText, optUint, optional, starkKey, text, tokenId, uint } from '../fields/kinds.js';
import { RECORD_STATUS } from '../../domain/ledger/records.js';
import { SEQUENCE_IDS, STARK_KEY, exactInt, hex as hexText, int, isoTime, text as described } from '../../domain/values/wire.js';
import { SEQUENCE_ID } from '../openapi/responses.js';
import { declareRoutes, RouteGroup } from '../route.js';
import { snapshotRoutes } from './state.js';

/** `l2`, `l1` or `both` (the default, also for null). */
const LAYER: Field<BatchLayer> = fieldOf(
  v.pipe(
    v.nullish(v.picklist(['l2', 'l1', 'both'], 'layer')),
    v.transform((l) => l ?? 'both'),
  ),
  { layer: refuse(ErrorCode.InvalidParam, (_name, value) => `layer must be "l2", "l1" or "both", got ${show(value ?? 'both')}`) },
  { description: 'default both' },
);

const ASSET_ID = hexText('StarkEx asset id');

/** `GET /_devnet/config`'s `l1.status`: what the bridge says now (src/l1/bridge.ts). */
const L1_STATUS = v.pipe(
  v.strictObject({
    node: v.picklist(['ok', 'failing']),
    problem: v.pipe(v.nullable(v.string()), v.description('why the node is failing, null while it answers')),
    chain_rewritten: v.pipe(
      v.nullable(v.string()),
      v.description("what was last found of L1's chain rewritten under the emulator (a revert, reset or reorg), null if never"),
    ),
    owed: v.pipe(
      v.array(v.number()),
      v.description('records accepted on L1 whose write there (a credit, an acceptance) has not been confirmed yet'),
    ),
    owed_error: v.pipe(v.nullable(v.string()), v.description('why the first of them failed last, null when nothing is owed')),
  }),
  v.description('what the bridge says now (docs/l1.md): the node answering, and the L1 writes still owed and retried'),
);

/** The routes of the control plane's client (src/emulator/control-client.ts), by its method names. */
export const CONTROL_ROUTES = declareRoutes({
  health: {
    method: 'GET',
    path: '/_devnet/health',
    summary: 'Liveness and version',
    response: v.strictObject({ status: v.literal('ok'), version: described('the emulator version') }),
  },
  accounts: {
    method: 'GET',
    path: '/_devnet/accounts',
    summary: 'Genesis accounts with their keys, the API keys, and the operator',
    response: v.strictObject({
      accounts: v.array(
        v.strictObject({
          name: described('the genesis name'),
          stark_key: STARK_KEY,
          private_key: hexText('its stark private key'),
          eth_address: hexText('its Ethereum address (40 lowercase hex digits)'),
          eth_private_key: v.nullable(
            hexText(
              "the Ethereum key a browser wallet imports: the SDK derives the account's Stark key from its signature; null for an account pinned by its Stark key, whose address is impersonated on L1",
            ),
          ),
        }),
      ),
      api_keys: v.array(described('an API key: of the genesis, of --api-key, or from POST /_devnet/api-keys')),
      operator: v.pipe(STARK_KEY, v.description('the stark key that collects the service fee')),
    }),
  },
  config: {
    method: 'GET',
    path: '/_devnet/config',
    summary: "Seed, genesis hash, settlement, clock and the start options (starknet-devnet's devnet_getConfig, Anvil's anvil_nodeInfo)",
    response: v.strictObject({
      version: described('the emulator version'),
      seed: described('the seed keys, API keys and ids derive from (--seed, else the genesis seed)'),
      genesis_hash: hexText('state hash of the genesis state: equal hashes, the same start'),
      settlement: described('auto, manual or interval:SECONDS'),
      clock: v.picklist(['virtual', 'wall']),
      signatures: v.picklist(['verify', 'skip']),
      l1: v.pipe(
        v.nullable(
          v.strictObject({
            url: described('the JSON-RPC URL of the L1 node (a password in it shown as ***)'),
            contract: hexText('the StarkEx contract there'),
            status: L1_STATUS,
          }),
        ),
        v.description("this namespace's L1 (--l1; docs/l1.md), null without one"),
      ),
      flags: v.pipe(
        v.record(v.string(), v.unknown()),
        v.description(
          'the options the emulator started with (the CLI sets them from its flags), by option name; control token and API keys [redacted]',
        ),
      ),
    }),
  },
  createApiKey: {
    method: 'POST',
    path: '/_devnet/api-keys',
    summary: 'A new API key that owns nothing yet',
    body: {},
    response: v.strictObject({
      api_key: v.pipe(v.string(), v.regex(/^rk-[0-9a-f-]{36}$/), v.description('the new key, for x-api-key')),
    }),
  },
  invariants: {
    method: 'GET',
    path: '/_devnet/invariants',
    summary: 'The guarantees of the behavioural contract, checked now',
    response: v.strictObject({
      ok: v.pipe(v.boolean(), v.description('true when no guarantee is broken')),
      violations: v.array(described('a broken guarantee, described')),
      state_hash: hexText('sha256 of the canonical state: equal hashes, equal states'),
    }),
  },
  deposit: {
    method: 'POST',
    path: '/_devnet/deposit',
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
  setBalance: {
    method: 'POST',
    path: '/_devnet/set-balance',
    summary:
      "Sets a stark key's available balance of ETH or an ERC20 (Anvil's anvil_setBalance): no record, the difference counts as issued",
    body: {
      stark_key: starkKey(),
      contract_address: text({ code: ErrorCode.ContractAddressMissing, description: '"eth" or a registered ETH/ERC20 contract' }),
      amount: uint({ code: ErrorCode.AmountInvalid, below: 1n << 63n, description: 'quantized units; 0 empties it' }),
    },
    response: v.strictObject({
      stark_key: STARK_KEY,
      asset_id: ASSET_ID,
      available: exactInt('the available balance now, quantized units'),
    }),
  },
  batches: {
    method: 'POST',
    path: '/_devnet/batches',
    summary: 'Cuts a batch: l2 moves records 1 -> 3, l1 moves 3 -> 6, both does l2 then l1',
    body: { layer: LAYER },
    response: v.strictObject({
      moved: v.pipe(SEQUENCE_IDS, v.description('every record that moved, once, ascending')),
      l2: v.pipe(SEQUENCE_IDS, v.description('records accepted on L2 (1 -> 3)')),
      l1: v.pipe(SEQUENCE_IDS, v.description('records accepted on L1 (3 -> 6)')),
    }),
  },
  setRecordStatus: {
    method: 'POST',
    path: '/_devnet/records/:sequence_id/status',
    summary: 'Moves one record along the transitions table; 4 and 5 undo its ledger effect',
    params: { sequence_id: id() },
    body: { status: uint({ below: 7n }) },
    response: v.strictObject({ sequence_id: int('the record'), status: RECORD_STATUS }),
  },
  clock: {
    method: 'POST',
    path: '/_devnet/clock',
    summary: 'Moves the virtual clock forward (never backwards); cuts due interval batches',
    body: { advance_seconds: optUint({ below: 1n << 40n }), set: optText({ description: 'ISO 8601 time' }) },
    response: v.strictObject({
      now: isoTime('the emulator clock after the move'),
      moved: v.pipe(SEQUENCE_IDS, v.description('records moved by the interval batches that fell due')),
    }),
  },
  claim: {
    method: 'POST',
    path: '/_devnet/withdrawals/claim',
    summary: "The L1 claim: empties one asset of an address's withdraw area",
    body: { asset_id: hex({ code: ErrorCode.NoSuchAssetID, missingCode: ErrorCode.InvalidParam }), ethaddress: optText() },
    response: v.strictObject({
      ethaddress: hexText('the Ethereum address, 40 lowercase hex digits'),
      asset_id: ASSET_ID,
      amount: exactInt('quantized units claimed'),
    }),
  },
});

export function controlRoutes(devnet: Devnet, flags: Record<string, unknown>): RouteGroup {
  const group = new RouteGroup({ tag: 'control', reply: 'plain' }, devnet)
    .declared(CONTROL_ROUTES.health, () => ({ status: 'ok', version: VERSION }))
    .declared(CONTROL_ROUTES.accounts, () => devnet.accounts())
    .declared(CONTROL_ROUTES.config, () => ({ version: VERSION, ...devnet.settings(), flags }))
    .declared(CONTROL_ROUTES.createApiKey, () => devnet.createApiKey())
    .declared(CONTROL_ROUTES.invariants, async () => {
      await devnet.storage.warm();
      return devnet.invariants();
    })
    // Value from outside L2: deposits, and balances set outright.
    .declared(CONTROL_ROUTES.deposit, ({ body: b }) =>
      devnet.deposit({
        starkKey: b.stark_key,
        contractAddress: b.contract_address,
        amount: b.amount,
        tokenId: b.token_id,
        tokenUrl: b.token_url,
      }),
    )
    .declared(CONTROL_ROUTES.setBalance, ({ body: b }) => devnet.setBalance(b.stark_key, b.contract_address, b.amount))
    // What the operator and L1 do to records: batches, one record's status, the clock, claims.
    .declared(CONTROL_ROUTES.batches, ({ body }) => devnet.batches(body.layer))
    .declared(CONTROL_ROUTES.setRecordStatus, ({ body, params }) => devnet.moveRecord(params.sequence_id, Number(body.status)))
    .declared(CONTROL_ROUTES.clock, ({ body: b }) => devnet.setClock({ advanceSeconds: b.advance_seconds, set: b.set }))
    .declared(CONTROL_ROUTES.claim, ({ body: { asset_id: assetId, ethaddress } }) => devnet.claim(ethaddress, assetId));
  return snapshotRoutes(group, devnet);
}
