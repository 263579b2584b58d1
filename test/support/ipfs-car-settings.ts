// @ipld/unixfs configured as ipfs-car 3 configures it: the reference the emulator's own importer is checked against.
import * as UnixFS from '@ipld/unixfs';
import { withMaxChunkSize } from '@ipld/unixfs/file/chunker/fixed';
import { withWidth } from '@ipld/unixfs/file/layout/balanced';
import * as raw from 'multiformats/codecs/raw';

/** ipfs-car 3 (`unixfs.js`): raw leaves (also for a file of one chunk), fixed chunks, a balanced DAG. */
export function ipfsCarSettings(chunkSize = 1024 * 1024, width = 1024): ReturnType<typeof UnixFS.configure> {
  return UnixFS.configure({
    fileChunkEncoder: raw,
    smallFileEncoder: raw,
    chunker: withMaxChunkSize(chunkSize),
    fileLayout: withWidth(width),
  });
}

export const IPFS_CAR_SETTINGS = ipfsCarSettings();
