// Answers of the storage routes: upload, list, removal, and the built-in IPFS gateway.
import * as v from 'valibot';
import { count, decimalInt, isoTime, text } from './responses.js';

const CID = text("CIDv1 (base32): of the directory wrapping the file, or of a CAR's root");
const ENDPOINTS = v.pipe(v.array(text('URL')), v.description('where the gateway serves it: {gateway}/ipfs/{cid}/'));

export const UPLOADED = v.strictObject({ cid: CID, endpoints: ENDPOINTS });

/** A row of GET /v1/project/{uuid}/storage. */
export const STORED_FILE = v.pipe(
  v.strictObject({
    cid: CID,
    filename: text('the uploaded file name'),
    filesize: decimalInt('bytes uploaded (a CAR: its own size)'),
    created_at: isoTime('when it was uploaded'),
    endpoints: ENDPOINTS,
  }),
  v.title('StoredFile'),
);

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
