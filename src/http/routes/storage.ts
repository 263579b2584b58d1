// Per-project file storage (API key): upload (streamed multipart), list, remove.
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { Devnet } from '../../devnet.js';
import { MAX_UPLOAD_BYTES } from '../../devnet-storage.js';
import type { StagedUpload } from '../../devnet-storage.js';
import { DevnetError, ErrorCode, fail } from '../../domain/errors.js';
import { apiKey } from '../auth.js';
import { pageField, paginate, textField } from '../fields.js';
import { boundaryOf, MultipartReader } from '../multipart.js';
import { body, ok, query } from '../reply.js';

/** Room for the multipart framing and small fields around a file at the limit. */
const MAX_BODY_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;

function origin(c: Context): string {
  return new URL(c.req.url).origin;
}

export function storageRoutes(devnet: Devnet): Hono {
  const r = new Hono();
  const storage = devnet.storage;

  /**
   * Order of checks: key (32), project (19), declared length (413), multipart (19), then while
   * streaming: size (413), content (19); a missing or empty file (19). The upload becomes visible
   * only after the whole body has been read without a refusal.
   */
  r.post('/v1/project/:uuid/storage', async (c) => {
    const key = apiKey(c, devnet);
    const uuid = c.req.param('uuid');
    storage.requireProject(key, uuid);
    const declared = Number(c.req.header('content-length') ?? '0');
    if (declared > MAX_BODY_BYTES) throw new DevnetError(ErrorCode.InvalidParam, `file exceeds the upload limit of ${MAX_UPLOAD_BYTES} bytes (100 MiB)`, 413);
    const boundary = boundaryOf(c.req.header('content-type'));
    const stream = c.req.raw.body;
    if (!stream) fail(ErrorCode.InvalidParam, 'file is required: the request has no body');
    const reader = new MultipartReader(stream, boundary, MAX_BODY_BYTES);
    let staged: StagedUpload | undefined;
    try {
      for (let part = await reader.next(); part; part = await reader.next()) {
        // The first part named "file" is the upload; other parts are read past and ignored.
        if (part.name !== 'file' || staged) continue;
        staged = await storage.stage(key, uuid, { filename: part.filename, contentType: part.contentType, chunks: reader.body() }, origin(c));
      }
    } catch (e) {
      await staged?.abort();
      await reader.cancel();
      throw e;
    }
    if (!staged) fail(ErrorCode.InvalidParam, 'file is required: the multipart body has no part named "file"');
    return ok(c, await staged.commit());
  });

  r.get('/v1/project/:uuid/storage', (c) => {
    const key = apiKey(c, devnet);
    const page = pageField(query(c));
    const p = paginate(storage.list(key, c.req.param('uuid'), origin(c)), page);
    // The seed shows page_size as a string and the other counts as numbers.
    return ok(c, { storages: { ...p, page_size: String(p.page_size) } });
  });

  r.post('/v1/project/:uuid/storage/remove', async (c) => {
    const key = apiKey(c, devnet);
    const b = await body(c);
    return ok(c, storage.remove(key, c.req.param('uuid'), textField(b.cid, 'cid')));
  });

  return r;
}
