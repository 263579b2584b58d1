// What an emulator with a state dir needs beyond one without: the persistence layer and the block
// store on disk, in one object. The package entry imports it (createDevnet is synchronous); the
// server and the CLI load it only when a state dir is given (server.ts, loadStateDirSupport).
import { DirectoryBlockStore } from '../ipfs/block-dir.js';
import { checkStateDir, claimStateDir, StateDirError } from './state-dir.js';

export interface StateDirSupport {
  claimStateDir: typeof claimStateDir;
  checkStateDir: typeof checkStateDir;
  StateDirError: typeof StateDirError;
  DirectoryBlockStore: typeof DirectoryBlockStore;
}

export const STATE_DIR_SUPPORT: StateDirSupport = { claimStateDir, checkStateDir, StateDirError, DirectoryBlockStore };
