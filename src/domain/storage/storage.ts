// The storage index: which project stored which file (CID, name, size, time, removed). No bytes here.
import * as v from 'valibot';
import { isoMicros } from '../state/clock.js';
import { ErrorCode, fail } from '../values/errors.js';
import { ownProject } from '../catalog/projects.js';
import type { State, StorageEntry, StorageList, StoredFile } from '../state/state.js';
import { touch, TrackedMap } from '../state/undo.js';
import { SortedList } from '../state/sorted-list.js';
import { type Listing, listingOf } from '../values/listing.js';
import { decimalInt, isoTime, text } from '../values/wire.js';
import { getOrSet } from '../values/maps.js';

export const CID = text("CIDv1 (base32): of the directory wrapping the file, or of a CAR's root");
export const ENDPOINTS = v.pipe(v.array(text('URL')), v.description('where the gateway serves it: {gateway}/ipfs/{cid}/'));

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

export interface NewUpload {
  cid: string;
  filename: string;
  size: bigint;
}

/**
 * Records an upload whose blocks are already stored. Storing the same CID again in the same
 * project changes nothing while it is listed; after a removal it comes back, as a new upload.
 */
export function recordUpload(state: State, apiKey: string, projectUuid: string, upload: NewUpload): StoredFile {
  const project = ownProject(state, apiKey, projectUuid);
  const files = getOrSet(state.storage, project.uuid, () => TrackedMap.create(state.undo));
  const existing = files.get(upload.cid);
  if (existing && !existing.removed) return existing;
  const file: StoredFile = {
    projectUuid: project.uuid,
    cid: upload.cid,
    filename: upload.filename,
    size: upload.size,
    createdAtMicros: state.clock.nowMicros,
    removed: false,
  };
  // Delete first so a re-upload moves to the end of the list, where new uploads go.
  files.delete(upload.cid);
  files.set(upload.cid, file);
  listFile(state, project.uuid, file, true);
  return file;
}

/** Hides a listed file of the caller's project (19 when the project does not list it). */
export function removeUpload(state: State, apiKey: string, projectUuid: string, cid: string): void {
  const project = ownProject(state, apiKey, projectUuid);
  const file = state.storage.get(project.uuid)?.get(cid);
  if (!file || file.removed) fail(ErrorCode.InvalidParam, `cid ${cid} is not a stored file of project ${project.uuid}`);
  touch(state.undo, file);
  file.removed = true;
  listFile(state, project.uuid, file, false);
}

/** Listed (not removed) files of the caller's project, in upload order; a page reads its files only. */
export function listedFiles(state: State, apiKey: string, projectUuid: string): Listing<StoredFile> {
  const project = ownProject(state, apiKey, projectUuid);
  return listingOf(state.lists.storage.get(project.uuid)?.entries ?? [], (e: StorageEntry) => e.file);
}

const byOrdinal = (a: StorageEntry, b: StorageEntry) => a.ordinal - b.ordinal;

function listOf(state: State, projectUuid: string): StorageList {
  return getOrSet(state.lists.storage, projectUuid, () => ({ entries: new SortedList(byOrdinal), ordinals: new Map(), next: 0 }));
}

function setListed(list: StorageList, file: StoredFile, listed: boolean): void {
  let ordinal = list.ordinals.get(file);
  if (ordinal === undefined) list.ordinals.set(file, (ordinal = list.next++));
  if (listed) list.entries.add({ ordinal, file });
  else list.entries.delete({ ordinal, file });
}

/** A file was uploaded (listed at the end) or removed (unlisted); the undo step reverses it. */
function listFile(state: State, projectUuid: string, file: StoredFile, listed: boolean): void {
  const list = listOf(state, projectUuid);
  setListed(list, file, listed);
  state.undo.record(() => setListed(list, file, !listed));
}

/** Every project's listed files from the index (a loaded state). */
export function rebuildStorageLists(state: State): void {
  state.lists.storage.clear();
  for (const [uuid, files] of state.storage) {
    const list = listOf(state, uuid);
    for (const file of files.values()) if (!file.removed) setListed(list, file, true);
  }
}

/** Every CID the index names, removed ones included (their bytes must stay intact too). */
export function storedCids(state: State): Set<string> {
  return new Set([...state.storage.values()].flatMap((files) => [...files.keys()]));
}

/** A list entry as the seed shows it; `gatewayUrl` without a trailing slash. */
export function storedFileView(file: StoredFile, gatewayUrl: string): v.InferOutput<typeof STORED_FILE> {
  return {
    cid: file.cid,
    filename: file.filename,
    filesize: file.size.toString(),
    created_at: isoMicros(file.createdAtMicros),
    endpoints: [endpointOf(gatewayUrl, file.cid)],
  };
}

/** `{gateway}/ipfs/{cid}/`: the trailing slash as in the real service's URLs. */
export function endpointOf(gatewayUrl: string, cid: string): string {
  return `${gatewayUrl}/ipfs/${cid}/`;
}
