// Token metadata uploaded through the API (POST /v1/project/contract/{uuid}/metadata), and the token
// JSON served at its token_uri, so an app following a token's URLs shows it with no network.
import * as v from 'valibot';
import { contractKey, requireContract } from './contracts.js';
import { DevnetError, echo, ErrorCode, fail } from '../values/errors.js';
import { type Contract, isNftType, type State, type TokenMetadata, type TokenType } from '../state/state.js';
import { text } from '../values/wire.js';

/** Where the emulator serves token JSON: `{gateway}/metadata/{address}/{token_id}`. */
export const METADATA_PATH = '/metadata';

/**
 * The base URI a contract registered here gets when none is given: the emulator's own token JSON,
 * so token_uri (base + id) works offline. ERC20 has no tokens and ERC721MC tokens carry their own URL.
 */
export function defaultBaseUri(gateway: string, type: TokenType, address: string): string {
  return type === 'ERC721' || type === 'ERC721M' ? `${gateway}${METADATA_PATH}/${contractKey(address)}/` : '';
}

/** The caller's NFT contract by uuid: 15 unknown or removed, 33 another key's, 19 not an NFT contract. */
export function metadataContract(state: State, apiKey: string, uuid: string): Contract {
  const key = state.contractsByUuid.get(uuid);
  const contract = key === undefined ? undefined : state.contracts.get(key);
  if (!contract || contract.owner === null) fail(ErrorCode.NotSuchContract, `contract_uuid ${echo(uuid)} is not a registered contract`);
  if (contract.owner !== apiKey)
    fail(ErrorCode.InvalidOwnerOfContract, `contract ${contract.address} does not belong to this API key's projects`);
  if (!isNftType(contract.type))
    fail(ErrorCode.InvalidParam, `contract ${contract.address} is ${contract.type}: metadata is for NFT contracts`);
  return contract;
}

export interface NewTokenMetadata {
  tokenId: bigint;
  name: string;
  description: string;
  /** The media upload (its CID) and the file's name in it; null when no media was sent. */
  mediaCid: string | null;
  mediaName: string | null;
  /** additional_kv: a JSON object's text ("{}" when none). */
  attributes: string;
}

/** Sets (or replaces) a token's metadata; the token need not be minted yet (its URI is known ahead). */
export function setTokenMetadata(state: State, apiKey: string, uuid: string, input: NewTokenMetadata): { message: 'Metadata uploaded.' } {
  const contract = metadataContract(state, apiKey, uuid);
  // In the dump schema's key order (a loaded entry must dump as it was written).
  const { tokenId, name, description, mediaCid, mediaName, attributes } = input;
  const entry: TokenMetadata = { contractKey: contract.key, tokenId, name, description, mediaCid, mediaName, attributes };
  state.tokenMetadata.set(`${contract.key}|${tokenId}`, entry);
  return { message: 'Metadata uploaded.' };
}

/** The token JSON (OpenSea's metadata standard): additional_kv's pairs become attributes. */
export const TOKEN_JSON = v.pipe(
  v.strictObject({
    name: text(),
    description: text(),
    image: v.pipe(v.nullable(v.string()), v.description('the media at the built-in gateway; null when none was uploaded')),
    attributes: v.array(
      v.strictObject({ trait_type: text('an additional_kv key'), value: v.pipe(v.unknown(), v.description('its value')) }),
    ),
  }),
  v.title('TokenMetadata'),
);

/** `GET /metadata/{address}/{token_id}`: 15 for an unknown contract, 404 (25) for a token without metadata. */
export function tokenJson(state: State, address: string, tokenId: bigint, gateway: string): v.InferOutput<typeof TOKEN_JSON> {
  const contract = requireContract(state, address);
  const m = state.tokenMetadata.get(`${contract.key}|${tokenId}`);
  if (m === undefined)
    throw new DevnetError(ErrorCode.NotSuchToken, `no metadata was uploaded for token ${tokenId} of ${contract.address}`, 404);
  const kv = JSON.parse(m.attributes) as Record<string, unknown>;
  return {
    name: m.name,
    description: m.description,
    image: m.mediaCid === null ? null : `${gateway}/ipfs/${m.mediaCid}/${encodeURIComponent(m.mediaName!)}`,
    attributes: Object.entries(kv).map(([trait_type, value]) => ({ trait_type, value })),
  };
}
