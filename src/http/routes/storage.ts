// Per-project file storage (API key): upload (streamed multipart), list, remove.
import { namespacedOrigin } from '../namespace.js';
import type { Devnet } from '../../core/devnet.js';
import { MAX_UPLOAD_BYTES, uploadTooLarge } from '../../core/storage.js';
import { ErrorCode, fail } from '../../domain/values/errors.js';
import * as v from 'valibot';
import { asText, text } from '../fields/kinds.js';
import { PAGE_FIELDS, pageOf, paginate } from '../fields/page.js';
import { readUpload } from '../multipart.js';
import { CID, ENDPOINTS, STORED_FILE } from '../../domain/storage/storage.js';
import { count, decimalInt } from '../../domain/values/wire.js';
import { RouteGroup } from '../route.js';

/** Room for the multipart framing and small fields around a file at the limit. */
const MAX_BODY_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;
const uuid = () => asText({ description: 'project_uuid' });
const UPLOAD = v.object({
  file: v.pipe(v.string(), v.metadata({ format: 'binary' }), v.description('the file (binary); the first part named "file" is the upload')),
});

export function storageRoutes(devnet: Devnet): RouteGroup {
  const storage = devnet.storage;
  return new RouteGroup({ tag: 'storage', reply: 'ok', auth: true }, devnet)
    .add('POST', '/v1/project/:uuid/storage', {
      summary: 'Uploads a file (or a CAR of a directory), streamed, at most 100 MiB (413 beyond)',
      description:
        'Order of checks: key (32), project (19), declared length (413), multipart (19), then while streaming: size (413), content (19); a missing or empty file (19). The upload becomes visible only after the whole body has been read without a refusal.',
      params: { uuid: uuid() },
      rawBody: { contentType: 'multipart/form-data', schema: UPLOAD, description: 'the first part named "file" is the upload' },
      response: v.strictObject({ cid: CID, endpoints: ENDPOINTS }),
      refusals: [413],
      handle: async ({ apiKey: key, params, c }) => {
        const id = params.uuid;
        storage.requireProject(key, id);
        const declared = Number(c.req.header('content-length') ?? '0');
        if (declared > MAX_BODY_BYTES) throw uploadTooLarge();
        const stream = c.req.raw.body;
        if (!stream) fail(ErrorCode.InvalidParam, 'file is required: the request has no body');
        const staged = await readUpload(stream, c.req.header('content-type'), MAX_BODY_BYTES, (file) =>
          storage.stage(key, id, file, namespacedOrigin(c.req.raw)),
        );
        if (!staged) fail(ErrorCode.InvalidParam, 'file is required: the multipart body has no part named "file"');
        return staged.commit();
      },
    })
    .add('GET', '/v1/project/:uuid/storage', {
      summary: "A project's stored files, paginated under data.storages",
      params: { uuid: uuid() },
      query: { ...PAGE_FIELDS },
      response: v.strictObject({
        storages: v.strictObject({
          list: v.array(STORED_FILE),
          total: count('files in all pages'),
          current_page: count('1-based'),
          page_size: decimalInt('the limit asked for (text, as the seed shows it)'),
          total_page: count('pages of page_size files'),
        }),
      }),
      handle: ({ apiKey: key, params, query: q, c }) => {
        const page = pageOf(q);
        const p = paginate(storage.list(key, params.uuid, namespacedOrigin(c.req.raw)), page);
        // The seed shows page_size as a string and the other counts as numbers.
        return { storages: { ...p, page_size: String(p.page_size) } };
      },
    })
    .add('POST', '/v1/project/:uuid/storage/remove', {
      summary: 'Hides a file from the list (its bytes stay addressable, as on the real network)',
      params: { uuid: uuid() },
      body: { cid: text() },
      // The real service answers a bare string.
      response: v.literal('File removed.'),
      handle: ({ apiKey: key, params, body }) => storage.remove(key, params.uuid, body.cid),
    });
}
