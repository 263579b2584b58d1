// Files -> UnixFS blocks with the settings `ipfs-car pack` uses, so the CIDs equal that tool's.
import * as UnixFS from '@ipld/unixfs';
import { withMaxChunkSize } from '@ipld/unixfs/file/chunker/fixed';
import { withWidth } from '@ipld/unixfs/file/layout/balanced';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import type { UnknownLink } from 'multiformats/link';

/** Where imported blocks go (a store's batch). Awaited, so a slow sink slows the reader down. */
export interface BlockSink {
  put(cid: CID, bytes: Uint8Array): Promise<void>;
}

/**
 * ipfs-car 3 (`unixfs.js`): raw leaves (also for a file of one chunk), fixed 1 MiB chunks, a
 * balanced DAG 1024 links wide, CIDv1 and sha2-256 (the library's defaults for the last two).
 */
export const IPFS_CAR_SETTINGS = UnixFS.configure({
  fileChunkEncoder: raw,
  smallFileEncoder: raw,
  chunker: withMaxChunkSize(1024 * 1024),
  fileLayout: withWidth(1024),
});

/** Blocks queued between the UnixFS writer and the sink; a few chunks, so memory stays bounded. */
const QUEUE_BYTES = 4 * 1024 * 1024;

/** @ipld/unixfs types its links as the structural `Link`; at run time they are CIDs already. */
function asCid(link: UnknownLink): CID {
  return CID.asCID(link) ?? CID.decode(link.bytes);
}

export interface ImportedFile {
  /** The wrapping directory: what `ipfs-car pack FILE` prints. */
  root: CID;
  /** The file itself, inside the directory. */
  file: CID;
  size: number;
}

/**
 * Imports one file wrapped in a directory under `name` (ipfs-car's default `--wrap`), reading
 * `chunks` once and writing each block to `sink` as soon as it is complete.
 */
export async function importWrappedFile(name: string, chunks: AsyncIterable<Uint8Array>, sink: BlockSink): Promise<ImportedFile> {
  const { readable, writable } = new TransformStream<UnixFS.Block, UnixFS.Block>({}, { highWaterMark: QUEUE_BYTES, size: (b) => b.bytes.length });
  const stop = new AbortController();
  // A failed put (a full disk) is kept here, not handed to the stream: an errored stream would reject
  // the UnixFS writer's own pending writes, which nothing awaits, and an unhandled rejection ends the
  // process. The read loop below stops at the next chunk and throws it; later blocks are dropped.
  const failure: { error?: unknown } = {};
  const put = async (block: UnixFS.Block): Promise<void> => {
    if ('error' in failure) return;
    try {
      await sink.put(asCid(block.cid), block.bytes);
    } catch (e) {
      failure.error = e;
    }
  };
  const failed = (): void => {
    if ('error' in failure) throw failure.error;
  };
  const drained = readable.pipeTo(new WritableStream({ write: put }), { signal: stop.signal });
  const writer = UnixFS.createWriter({ writable, settings: IPFS_CAR_SETTINGS });
  try {
    const fileWriter = writer.createFileWriter();
    let size = 0;
    for await (const chunk of chunks) {
      failed();
      size += chunk.length;
      await fileWriter.write(chunk);
    }
    const file = await fileWriter.close();
    const dir = writer.createDirectoryWriter();
    dir.set(name, file);
    const root = await dir.close();
    await writer.close();
    await drained;
    failed();
    return { root: asCid(root.cid), file: asCid(file.cid), size };
  } catch (e) {
    // Stop the pipe (the writer holds the writable's lock, so abort it through the pipe's signal).
    stop.abort(e);
    await drained.catch(() => undefined);
    throw e;
  }
}
