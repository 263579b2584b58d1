// The storage index: which project stored which file (CID, name, size, time, removed). No bytes here.
import { isoMicros } from '../state/clock.js';
import { ErrorCode, fail } from '../values/errors.js';
import { ownProject } from '../catalog/projects.js';
import type { State, StorageIndex, StoredFile } from '../state/state.js';
import { TrackedMap, touch } from '../state/undo.js';
import type { UndoLog } from '../state/undo.js';

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
  let files = state.storage.get(project.uuid);
  const existing = files?.get(upload.cid);
  if (existing && !existing.removed) return existing;
  if (!files) state.storage.set(project.uuid, (files = TrackedMap.create(state.undo)));
  const file: StoredFile = { projectUuid: project.uuid, cid: upload.cid, filename: upload.filename, size: upload.size, createdAtMicros: state.clock.nowMicros, removed: false };
  // Delete first so a re-upload moves to the end of the list, where new uploads go.
  files.delete(upload.cid);
  files.set(upload.cid, file);
  return file;
}

/** Hides a listed file of the caller's project (19 when the project does not list it). */
export function removeUpload(state: State, apiKey: string, projectUuid: string, cid: string): void {
  const project = ownProject(state, apiKey, projectUuid);
  const file = state.storage.get(project.uuid)?.get(cid);
  if (!file || file.removed) fail(ErrorCode.InvalidParam, `cid ${cid} is not a stored file of project ${project.uuid}`);
  touch(state.undo, file);
  file.removed = true;
}

/** Listed (not removed) files of the caller's project, in upload order. */
export function listedFiles(state: State, apiKey: string, projectUuid: string): StoredFile[] {
  const project = ownProject(state, apiKey, projectUuid);
  return [...(state.storage.get(project.uuid)?.values() ?? [])].filter((f) => !f.removed);
}

/** Every CID the index names, removed ones included (their bytes must stay intact too). */
export function storedCids(state: State): Set<string> {
  const out = new Set<string>();
  for (const files of state.storage.values()) for (const cid of files.keys()) out.add(cid);
  return out;
}

/** A list entry as the seed shows it; `gatewayUrl` without a trailing slash. */
export function storedFileView(file: StoredFile, gatewayUrl: string): Record<string, unknown> {
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

/** The index as dump rows, in index order (itself fixed by the request sequence). */
export function dumpStorage(index: StorageIndex): StoredFile[] {
  return [...index.values()].flatMap((files) => [...files.values()]);
}

/** Rebuilds the index from dump rows (for loading saved state). */
export function loadStorage(undo: UndoLog, rows: readonly StoredFile[]): StorageIndex {
  const index: StorageIndex = TrackedMap.create(undo);
  for (const row of rows) {
    let files = index.get(row.projectUuid);
    if (!files) index.set(row.projectUuid, (files = TrackedMap.create(undo)));
    files.set(row.cid, { ...row });
  }
  undo.releaseAll();
  return index;
}
