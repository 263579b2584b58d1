// Token metadata: the upload (API key, multipart: token_id, name, description, media, additional_kv)
// and the token JSON the emulator serves at a token's URI, so the NFT shows with no network.
import * as v from 'valibot';
import type { Devnet } from '../../core/devnet.js';
import { MAX_UPLOAD_BYTES, uploadTooLarge } from '../../core/storage.js';
import { TOKEN_JSON } from '../../domain/catalog/metadata.js';
import { ErrorCode } from '../../domain/values/errors.js';
import { message } from '../../domain/values/wire.js';
import { fieldOf, fieldReader, isMissing, readInOrder, refuse, show, type Field } from '../fields/field.js';
import { asText, optFreeText, optName, tokenId } from '../fields/kinds.js';
import { readUpload } from '../multipart.js';
import { namespacedOrigin } from '../namespace.js';
import { RouteGroup } from '../route.js';

/** Room for the multipart framing and the small fields around a media file at the limit. */
const MAX_BODY_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;

/** token_id: absent 3 (TokenIDMissing), not a uint256 4 (TokenIDParseFailed). */
function tokenIdField(): Field<bigint> {
  const id = tokenId();
  const missing = refuse(ErrorCode.TokenIDMissing, (name) => `${name} is required`);
  return {
    ...id,
    refusals: { ...id.refusals, adj: (name, value) => (isMissing(value) ? missing(name, value) : id.refusals.adj!(name, value)) },
  };
}

/** additional_kv: a JSON object's text (kept canonical); absent is "{}"; anything else 19. */
const ADDITIONAL_KV: Field<string> = fieldOf(
  v.pipe(
    v.optional(v.string('kv')),
    v.check((t) => t === undefined || t === '' || isJsonObject(t), 'kv'),
    v.transform((t) => (t === undefined || t === '' ? '{}' : JSON.stringify(JSON.parse(t)))),
  ),
  { kv: refuse(ErrorCode.InvalidParam, (name, value) => `${name} must be a JSON object such as {"power":162}, got ${show(value)}`) },
  { description: 'a JSON object: each key becomes an attribute (trait_type, value) of the token JSON' },
);

function isJsonObject(text: string): boolean {
  try {
    const x: unknown = JSON.parse(text);
    return typeof x === 'object' && x !== null && !Array.isArray(x);
  } catch {
    return false;
  }
}

/** The form's text fields, checked in this order. */
const FORM_FIELDS = {
  token_id: tokenIdField(),
  name: optName(),
  description: optFreeText(),
  additional_kv: ADDITIONAL_KV,
};
const readForm = fieldReader(FORM_FIELDS, 'text');

const FORM = v.object({
  token_id: v.pipe(v.string(), v.description('the token (decimal); need not be minted yet')),
  name: v.optional(v.string()),
  description: v.optional(v.string()),
  media: v.optional(
    v.pipe(v.string(), v.metadata({ format: 'binary' }), v.description('the image: stored as a storage upload of the project')),
  ),
  additional_kv: v.optional(v.pipe(v.string(), v.description('a JSON object, e.g. {"power":162,"health":100}'))),
});

export function metadataRoutes(devnet: Devnet): RouteGroup[] {
  const storage = devnet.storage;
  const upload = new RouteGroup({ tag: 'projects', reply: 'ok', auth: true }, devnet).add(
    'POST',
    '/v1/project/contract/:contract_uuid/metadata',
    {
      summary: "Uploads a token's metadata: served as the token JSON at its token_uri (the media through the built-in gateway)",
      description:
        "Order of checks: key (32), contract (15 unknown or removed, 33 another key's, 19 not an NFT contract), declared length (413), multipart (19), media while streaming (413 over 100 MiB, 19), then token_id (3 absent, 4 not a uint256), name, description, additional_kv (19). The media is stored as an upload of the contract's project; a later upload for the same token replaces the metadata.",
      params: { contract_uuid: asText({ description: 'the contract (POST /v1/project/contract answers it)' }) },
      rawBody: {
        contentType: 'multipart/form-data',
        schema: FORM,
        description: 'token_id, name, description, media (a file), additional_kv',
      },
      response: message('Metadata uploaded.'),
      refusals: [413],
      handle: async ({ apiKey: key, params, c }) => {
        const uuid = params.contract_uuid;
        const project = devnet.metadataProject(key, uuid);
        if (Number(c.req.header('content-length') ?? '0') > MAX_BODY_BYTES) throw uploadTooLarge();
        const fields: Record<string, string> = {};
        const origin = namespacedOrigin(c.req.raw);
        const body = c.req.raw.body ?? new Blob([]).stream();
        const staged = await readUpload(
          body,
          c.req.header('content-type'),
          MAX_BODY_BYTES,
          (file) => storage.stage(key, project, file, origin),
          {
            fileField: 'media',
            expected: 'send multipart/form-data with token_id (and name, description, media, additional_kv)',
            fields,
          },
        );
        let form: ReturnType<typeof readForm>;
        try {
          form = readInOrder(
            readForm(() => fields),
            FORM_FIELDS,
          );
        } catch (e) {
          await staged?.abort();
          throw e;
        }
        const media = staged === undefined ? undefined : { cid: (await staged.commit()).cid, name: staged.filename };
        return devnet.setTokenMetadata(key, uuid, {
          tokenId: form.token_id,
          name: form.name ?? '',
          description: form.description ?? '',
          mediaCid: media?.cid ?? null,
          mediaName: media?.name ?? null,
          attributes: form.additional_kv,
        });
      },
    },
  );
  const serve = new RouteGroup({ tag: 'storage', reply: 'plain' }, devnet).add('GET', '/metadata/:address/:token_id', {
    summary: "A token's JSON (name, description, image, attributes): where the base URI of a contract registered here points",
    description: '15 for an unknown contract; 404 (25) for a token whose metadata was never uploaded.',
    params: { address: asText({ description: 'contract address, any case' }), token_id: tokenIdField() },
    response: TOKEN_JSON,
    refusals: [404],
    handle: ({ params, c }) => devnet.tokenJson(params.address, params.token_id, storage.gateway(namespacedOrigin(c.req.raw))),
  });
  return [upload, serve];
}
