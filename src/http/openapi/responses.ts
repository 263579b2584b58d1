// Answers the routes make themselves: command acknowledgements, small lookups, storage and the
// document. What a view answers is declared beside that view in the domain (with the value schemas
// of domain/values/wire.ts); the control plane's answers are in control-responses.ts.
import * as v from 'valibot';
import { CID, ENDPOINTS, STORED_FILE } from '../../domain/storage/storage.js';
import { STARK_KEY, SEQUENCE_IDS, count, decimalInt, hex, int, message, text, uuid } from '../../domain/values/wire.js';

export const SEQUENCE_ID = v.pipe(
  v.strictObject({ sequence_id: int('sequence id of the accepted command (and of its record)') }),
  v.title('SequenceId'),
);

// ---- ledger ----

export const VAULT_IDS = v.strictObject({ vault_ids: v.array(decimalInt('vault id, one per (owner, asset) asked for, in order')) });
export const NONCE = v.strictObject({ nonce: count('the nonce to sign the next transfer, withdrawal or order with') });
export const WALLETS = v.strictObject({
  wallets: v.array(
    v.strictObject({ stark_key: STARK_KEY, stark_private_key: hex('its private key (a testing helper: never use it for real funds)') }),
  ),
});

// ---- catalog and marketplaces ----

export const ASSET_ID = v.strictObject({ asset_id: hex('StarkEx asset id') });
export const STARKEX_CONTRACTS = v.strictObject({
  mainnet: text('StarkEx L1 contract on mainnet'),
  testnet: text('StarkEx L1 contract on the testnet'),
  sepolia: text('StarkEx L1 contract on Sepolia'),
});
export const PROJECT_CREATED = v.strictObject({ message: v.literal('Project created.'), project_uuid: uuid('the new project') });
export const PROJECT_EDITED = v.strictObject({ message: v.literal('Project edited.'), project_uuid: uuid('the project') });
export const PROJECT_REMOVED = message('Project removed.');
export const CONTRACT_CREATED = v.strictObject({ message: v.literal('Contract created.'), contract_uuid: uuid('the new contract') });
export const CONTRACT_REMOVED = message('Contract removed.');
export const MINTED = v.strictObject({
  sequence_ids: v.pipe(SEQUENCE_IDS, v.description('the type-2 records of the tokens minted, one per token')),
});
export const MARKETPLACE_CREATED = v.strictObject({
  message: v.literal('Marketplace created.'),
  marketplace_uuid: uuid('the new marketplace'),
});

// ---- storage ----

export const UPLOADED = v.strictObject({ cid: CID, endpoints: ENDPOINTS });

/** GET /v1/project/{uuid}/storage: the seed's shape, page_size as text. */
export const STORAGE_LIST = v.strictObject({
  storages: v.strictObject({
    list: v.array(STORED_FILE),
    total: count('files in all pages'),
    current_page: count('1-based'),
    page_size: decimalInt('the limit asked for (text, as the seed shows it)'),
    total_page: count('pages of page_size files'),
  }),
});

/** `data` of a storage removal: the real service answers a bare string. */
export const FILE_REMOVED = v.literal('File removed.');

export const BYTES = v.pipe(
  v.string(),
  v.metadata({ format: 'binary' }),
  v.description("the file's bytes, in the media type its name implies"),
);

/** A gateway JSON answer: a directory's listing, or the bytes of a stored .json file (any JSON). */
export const GATEWAY_JSON = v.pipe(
  v.unknown(),
  v.description(
    'a directory: {cid, path, entries: [{name, cid, type: "file" or "directory", size: bytes or null}]}; a stored .json file: its bytes as uploaded (any JSON, so no schema can tell it from a refusal)',
  ),
);

export const TEXT = v.string();
/** GET /openapi.json: this document (its shape is OpenAPI 3.1's own schema). */
export const DOCUMENT = v.pipe(
  v.looseObject({
    openapi: v.literal('3.1.0'),
    info: v.looseObject({ title: v.string(), version: v.string() }),
    paths: v.record(v.string(), v.looseObject({})),
  }),
  v.description('An OpenAPI 3.1 document: the rest of its shape is the OpenAPI 3.1 schema'),
);
