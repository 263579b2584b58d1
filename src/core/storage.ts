// The storage part of the devnet surface: uploads staged into the block store, the index, the gateway.
import type { CID } from 'multiformats/cid';
import { DevnetError, echo, ErrorCode, fail } from '../domain/values/errors.js';
import { ownProject } from '../domain/catalog/projects.js';
import type { State } from '../domain/state/state.js';
import { allOf, type Listing } from '../domain/values/listing.js';
import { endpointOf, listedFiles, storedCids, storedFileView } from '../domain/storage/storage.js';
import type { Commands } from './commands.js';
import type { BlockStore } from '../ipfs/block-store.js';
import { canonicalCid } from '../ipfs/cid-form.js';
import { ContentError } from '../ipfs/content-error.js';
import type { GatewayEntry } from '../ipfs/gateway-read.js';

/** The real service's upload limit: 100 MiB per file. */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** The file part of a multipart form (http/multipart.ts), its bytes as they arrive. */
export interface UploadFile {
  /** As sent in the multipart part (a path is cut to its last segment). */
  filename: string | undefined;
  contentType: string | undefined;
  chunks: AsyncIterable<Uint8Array>;
}

/** An upload whose blocks are staged: nothing is visible until commit. */
export interface StagedUpload {
  /** The file's name as stored (a path cut to its last segment). */
  readonly filename: string;
  commit(): Promise<{ cid: string; endpoints: string[] }>;
  abort(): Promise<void>;
}

/** `.car` by name or by type: such an upload is a packed DAG, stored as it is. */
function isCar(file: UploadFile): boolean {
  return /\.car$/i.test(file.filename ?? '') || /^application\/vnd\.ipld\.car\b/i.test(file.contentType ?? '');
}

/** The longest file name kept (a name, as everywhere: docs/guarantees.md). */
const MAX_FILE_NAME = 256;

function overQuota(projectUuid: string, quota: number, left: number): DevnetError {
  return new DevnetError(
    ErrorCode.InvalidParam,
    `file exceeds what is left of project ${projectUuid}'s storage quota: ${Math.max(left, 0)} of ${quota} bytes (--storage-quota)`,
    413,
  );
}

/** 413: past the real service's upload limit. */
export const uploadTooLarge = (): DevnetError =>
  new DevnetError(ErrorCode.InvalidParam, `file exceeds the upload limit of ${MAX_UPLOAD_BYTES} bytes (100 MiB)`, 413);

/** Counts bytes as they pass and stops the stream past the upload limit or `quotaLimit` (413), before more is read. */
async function* limited(
  chunks: AsyncIterable<Uint8Array>,
  counter: { bytes: number },
  quotaLimit: number,
  quotaError: () => DevnetError,
): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    counter.bytes += chunk.length;
    if (counter.bytes > MAX_UPLOAD_BYTES) throw uploadTooLarge();
    if (counter.bytes > quotaLimit) throw quotaError();
    yield chunk;
  }
}

function fileName(sent: string | undefined): string {
  const name = (sent ?? '').split(/[/\\]/).pop()!.trim();
  if (name === '' || name === '.' || name === '..')
    fail(ErrorCode.InvalidParam, 'file must be a file upload with a file name (the multipart part needs filename="…")');
  if (name.length > MAX_FILE_NAME)
    fail(ErrorCode.InvalidParam, `file name must be at most ${MAX_FILE_NAME} characters, got ${name.length}`);
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f-\x9f]/.test(name))
    fail(ErrorCode.InvalidParam, `file name must not contain control characters, got ${JSON.stringify(echo(name))}`);
  return name;
}

/** A failing disk as a refusal with code 500: 507 when it is full, 503 for another I/O error; undefined for a non-I/O error (a bug). */
function diskFailure(e: unknown): DevnetError | undefined {
  const { code, syscall } = (e ?? {}) as { code?: unknown; syscall?: unknown };
  if (typeof code !== 'string' || typeof syscall !== 'string') return undefined;
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return new DevnetError(
      ErrorCode.SystemError,
      `the disk is full (${code} in ${syscall}): the upload was not stored; free some space and send it again`,
      507,
    );
  return new DevnetError(ErrorCode.SystemError, `the block store failed (${code} in ${syscall}): the upload was not stored`, 503);
}

// CID parsing (multiformats' CID and its bases) loads on the first request that names a CID.
let cidText: Promise<typeof import('../ipfs/cid-text.js')> | undefined;
export const loadCidText = (): Promise<typeof import('../ipfs/cid-text.js')> => (cidText ??= import('../ipfs/cid-text.js'));

export class DevnetStorage {
  /** The DAG checker, loaded on first need (see warm). */
  private dag: typeof import('../ipfs/dag-check.js') | undefined;

  constructor(
    /** The devnet: its state, and the index's commands (atomic and journaled there). */
    private readonly devnet: { readonly state: State } & Pick<Commands, 'recordUpload' | 'removeUpload'>,
    readonly blocks: BlockStore,
    /** Without a trailing slash; undefined = the URL the request came to. */
    private readonly gatewayUrl: string | undefined,
    /** Bytes each project may keep listed (`--storage-quota`); undefined: no quota. */
    private readonly quota: number | undefined,
  ) {}

  /** The project's listed files: their bytes (what its quota counts), the largest, and whether `cid` is among them. */
  private usage(apiKey: string, projectUuid: string, cid?: string): { used: number; largest: number; listed: boolean } {
    let used = 0n;
    let largest = 0n;
    let listed = false;
    for (const f of allOf(listedFiles(this.devnet.state, apiKey, projectUuid))) {
      used += f.size;
      if (f.size > largest) largest = f.size;
      if (f.cid === cid) listed = true;
    }
    return { used: Number(used), largest: Number(largest), listed };
  }

  gateway(requestOrigin: string): string {
    return this.gatewayUrl ?? requestOrigin;
  }

  /** Loads the block-checking code; done by the first upload, gateway read or invariants request. */
  async warm(): Promise<void> {
    this.dag ??= await import('../ipfs/dag-check.js');
  }

  /** Checked before the body is read: another key's project is refused without reading 100 MiB. */
  requireProject(apiKey: string, projectUuid: string): void {
    ownProject(this.devnet.state, apiKey, projectUuid);
  }

  /** Streams the file into a block store batch (a plain file as ipfs-car wraps it, a CAR verified); a refusal aborts the batch. */
  async stage(apiKey: string, projectUuid: string, file: UploadFile, requestOrigin: string): Promise<StagedUpload> {
    const filename = fileName(file.filename);
    await this.warm();
    const batch = this.blocks.batch();
    const counter = { bytes: 0 };
    // Refused while it streams past what is left of the quota, and past the largest listed file (a
    // file the project lists already is stored again for free, and no larger).
    const { used, largest } = this.quota === undefined ? { used: 0, largest: 0 } : this.usage(apiKey, projectUuid);
    const left = (this.quota ?? Infinity) - used;
    let root: CID;
    try {
      const chunks = limited(file.chunks, counter, Math.max(left, largest), () => overQuota(projectUuid, this.quota!, left));
      // The UnixFS writer and the CAR reader load on first use: they would double the cold start, and most runs store no file.
      root = isCar(file)
        ? (await (await import('../ipfs/car-import.js')).importCar(chunks, batch)).root
        : (await (await import('../ipfs/unixfs-import.js')).importWrappedFile(filename, chunks, batch)).root;
      if (counter.bytes === 0) fail(ErrorCode.InvalidParam, 'file is empty');
    } catch (e) {
      await batch.abort();
      if (e instanceof ContentError) throw new DevnetError(ErrorCode.InvalidParam, `file ${echo(filename)}: ${e.message}`);
      throw diskFailure(e) ?? e;
    }
    const cid = canonicalCid(root);
    return {
      filename,
      commit: async () => {
        // The project may have gone, or other uploads used up its quota, while the body streamed.
        try {
          this.requireProject(apiKey, projectUuid);
          this.checkQuota(apiKey, projectUuid, cid, counter.bytes);
          await batch.commit();
        } catch (e) {
          await batch.abort();
          throw diskFailure(e) ?? e;
        }
        // Once more with nothing awaited until the record (a refusal here leaves its blocks stored but unlisted).
        this.checkQuota(apiKey, projectUuid, cid, counter.bytes);
        this.devnet.recordUpload(apiKey, projectUuid, { cid, filename, size: BigInt(counter.bytes) });
        return { cid, endpoints: [endpointOf(this.gateway(requestOrigin), cid)] };
      },
      abort: () => batch.abort(),
    };
  }

  /** 413 when storing `bytes` more would take the project past its quota (a CID it lists already costs nothing). */
  private checkQuota(apiKey: string, projectUuid: string, cid: string, bytes: number): void {
    if (this.quota === undefined) return;
    const { used, listed } = this.usage(apiKey, projectUuid, cid);
    if (!listed && bytes > this.quota - used) throw overQuota(projectUuid, this.quota, this.quota - used);
  }

  /** Listed files of the caller's project, in upload order, as list entries. */
  list(apiKey: string, projectUuid: string, requestOrigin: string): Listing<Record<string, unknown>> {
    const gateway = this.gateway(requestOrigin);
    const files = listedFiles(this.devnet.state, apiKey, projectUuid);
    return { total: files.total, page: (offset, limit) => files.page(offset, limit).map((f) => storedFileView(f, gateway)) };
  }

  async remove(apiKey: string, projectUuid: string, cidText: string): Promise<string> {
    const cid = (await loadCidText()).parseCid(cidText);
    if (!cid) fail(ErrorCode.InvalidParam, `cid must be a CID (such as bafy…), got ${JSON.stringify(echo(cidText))}`);
    this.devnet.removeUpload(apiKey, projectUuid, canonicalCid(cid));
    return 'File removed.';
  }

  /** Gateway read; undefined when the CID, a block or the path is unknown. */
  async read(cid: CID, segments: readonly string[]): Promise<GatewayEntry | undefined> {
    try {
      return await (await import('../ipfs/gateway-read.js')).readPath(this.blocks, cid, segments);
    } catch (e) {
      if (e instanceof ContentError) throw new DevnetError(ErrorCode.InvalidParam, e.message);
      throw e;
    }
  }

  /** docs/guarantees.md, re-checked from the bytes: every indexed file's DAG is stored and hashes to its CIDs. */
  violations(): string[] {
    const cids = storedCids(this.devnet.state);
    if (cids.size === 0) return [];
    if (!this.dag) return [`${cids.size} stored file(s) not re-hashed: await devnet.storage.warm() first (GET /_devnet/invariants does)`];
    return this.dag.dagViolations(this.blocks, cids);
  }
}
