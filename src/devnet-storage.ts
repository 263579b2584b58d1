// The storage part of the devnet surface: uploads staged into the block store, the index, the gateway.
import type { CID } from 'multiformats/cid';
import { DevnetError, ErrorCode, fail } from './domain/values/errors.js';
import { ownProject } from './domain/catalog/projects.js';
import type { State } from './domain/state/state.js';
import { endpointOf, listedFiles, storedCids, storedFileView } from './domain/storage/storage.js';
import type { NewUpload } from './domain/storage/storage.js';
import type { BlockStore } from './ipfs/block-store.js';
import { canonicalCid, parseCid } from './ipfs/cid-text.js';
import { ContentError } from './ipfs/content-error.js';
import type { GatewayEntry } from './ipfs/gateway-read.js';

/** The real service's upload limit: 100 MiB per file. */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

export interface UploadFile {
  /** As sent in the multipart part (a path is cut to its last segment). */
  filename: string | undefined;
  contentType: string | undefined;
  chunks: AsyncIterable<Uint8Array>;
}

/** An upload whose blocks are staged: nothing is visible until commit. */
export interface StagedUpload {
  commit(): Promise<{ cid: string; endpoints: string[] }>;
  abort(): Promise<void>;
}

/** `.car` by name or by type: such an upload is a packed DAG, stored as it is. */
function isCar(file: UploadFile): boolean {
  return /\.car$/i.test(file.filename ?? '') || /^application\/vnd\.ipld\.car\b/i.test(file.contentType ?? '');
}

/** Counts bytes as they pass and stops the stream past the limit (413), before more is read. */
async function* limited(chunks: AsyncIterable<Uint8Array>, max: number, counter: { bytes: number }): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    counter.bytes += chunk.length;
    if (counter.bytes > max) throw new DevnetError(ErrorCode.InvalidParam, `file exceeds the upload limit of ${max} bytes (100 MiB)`, 413);
    yield chunk;
  }
}

function fileName(sent: string | undefined): string {
  const name = (sent ?? '').split(/[/\\]/).pop()!.trim();
  if (name === '' || name === '.' || name === '..') fail(ErrorCode.InvalidParam, 'file must be a file upload with a file name (the multipart part needs filename="…")');
  return name;
}

export class DevnetStorage {
  /** The DAG checker, loaded on first need (see warm). */
  private dag: typeof import('./ipfs/dag-check.js') | undefined;

  constructor(
    private readonly state: () => State,
    readonly blocks: BlockStore,
    /** Without a trailing slash; undefined = the URL the request came to. */
    private readonly gatewayUrl: string | undefined,
    /** The index commands of the devnet (atomic and journaled there). */
    private readonly index: { record(apiKey: string, projectUuid: string, upload: NewUpload): void; remove(apiKey: string, projectUuid: string, cid: string): void },
  ) {}

  gateway(requestOrigin: string): string {
    return this.gatewayUrl ?? requestOrigin;
  }

  /** Loads the block-checking code; done by the first upload, gateway read or invariants request. */
  async warm(): Promise<void> {
    this.dag ??= await import('./ipfs/dag-check.js');
  }

  /** Checked before the body is read: another key's project is refused without reading 100 MiB. */
  requireProject(apiKey: string, projectUuid: string): void {
    ownProject(this.state(), apiKey, projectUuid);
  }

  /**
   * Streams the file into a batch of the block store: a plain file as ipfs-car wraps it, a CAR
   * verified block by block. Refusals (19, or 413 over the limit) abort the batch.
   */
  async stage(apiKey: string, projectUuid: string, file: UploadFile, requestOrigin: string): Promise<StagedUpload> {
    const filename = fileName(file.filename);
    await this.warm();
    const batch = this.blocks.batch();
    const counter = { bytes: 0 };
    let root: CID;
    try {
      const chunks = limited(file.chunks, MAX_UPLOAD_BYTES, counter);
      // The UnixFS writer, the CAR reader and the exporter load on first use: together they would
      // more than double the emulator's cold start, and most runs never store a file.
      root = isCar(file)
        ? (await (await import('./ipfs/car-import.js')).importCar(chunks, batch)).root
        : (await (await import('./ipfs/unixfs-import.js')).importWrappedFile(filename, chunks, batch)).root;
      if (counter.bytes === 0) fail(ErrorCode.InvalidParam, 'file is empty');
    } catch (e) {
      await batch.abort();
      if (e instanceof ContentError) throw new DevnetError(ErrorCode.InvalidParam, `file ${filename}: ${e.message}`);
      throw e;
    }
    const cid = canonicalCid(root);
    return {
      commit: async () => {
        // The project may have gone while the body streamed: check again before anything is kept.
        try {
          this.requireProject(apiKey, projectUuid);
        } catch (e) {
          await batch.abort();
          throw e;
        }
        await batch.commit();
        this.index.record(apiKey, projectUuid, { cid, filename, size: BigInt(counter.bytes) });
        return { cid, endpoints: [endpointOf(this.gateway(requestOrigin), cid)] };
      },
      abort: () => batch.abort(),
    };
  }

  /** Listed files of the caller's project, in upload order, as list entries. */
  list(apiKey: string, projectUuid: string, requestOrigin: string): Array<Record<string, unknown>> {
    const gateway = this.gateway(requestOrigin);
    return listedFiles(this.state(), apiKey, projectUuid).map((f) => storedFileView(f, gateway));
  }

  remove(apiKey: string, projectUuid: string, cidText: string): string {
    const cid = parseCid(cidText);
    if (!cid) fail(ErrorCode.InvalidParam, `cid must be a CID (such as bafy…), got ${JSON.stringify(cidText)}`);
    this.index.remove(apiKey, projectUuid, canonicalCid(cid));
    return 'File removed.';
  }

  /** Gateway read; undefined when the CID, a block or the path is unknown. */
  async read(cid: CID, segments: readonly string[]): Promise<GatewayEntry | undefined> {
    try {
      return await (await import('./ipfs/gateway-read.js')).readPath(this.blocks, cid, segments);
    } catch (e) {
      if (e instanceof ContentError) throw new DevnetError(ErrorCode.InvalidParam, e.message);
      throw e;
    }
  }

  /** SPEC §9.8, re-checked from the bytes: every indexed file's DAG is stored and hashes to its CIDs. */
  violations(): string[] {
    const cids = storedCids(this.state());
    if (cids.size === 0) return [];
    if (!this.dag) return [`${cids.size} stored file(s) not re-hashed: await devnet.storage.warm() first (GET /_devnet/invariants does)`];
    return this.dag.dagViolations(this.blocks, cids);
  }
}
