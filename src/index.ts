// Library API: run an emulator over a real socket (startDevnet) or in-process without one (createDevnet), each with a control client.
import { toRequest } from './http/text-request.js';
import { controlClient } from './emulator/control-client.js';
import * as stateDirSupport from './persistence/state-dir.js';
import { namespaced, type DevnetOptions, type InProcessDevnet } from './emulator/emulator.js';

/** Where in-process requests are addressed: bare paths resolve against it. */
const IN_PROCESS_URL = 'http://devnet.local';

// Synchronous, so a state dir's code comes with this module (the CLI imports server/server.ts instead).
export function createDevnet(options: DevnetOptions = {}): InProcessDevnet {
  const emulator = namespaced(options, stateDirSupport);
  const fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> =>
    emulator.namespaces.fetch(toRequest(input, init, IN_PROCESS_URL));
  const control = controlClient(fetch, IN_PROCESS_URL, { token: options.controlToken });
  return { ...emulator, fetch, control, close: async () => emulator.namespaces.close() };
}

export { KEEP_ALIVE_MS, startDevnet } from './server/server.js';
export type { RunningDevnet, StartOptions } from './server/server.js';
export { namespaceSeed, namespaceStateDir } from './emulator/emulator.js';
export type { DevnetOptions, InProcessDevnet, NamespaceOptions } from './emulator/emulator.js';
export { Devnet } from './core/devnet.js';
export { controlClient, DevnetRequestError } from './emulator/control-client.js';
export type {
  AccountsInfo,
  BatchResult,
  DepositInput,
  DevnetControl,
  FaultInput,
  FaultView,
  FetchLike,
  Invariants,
} from './emulator/control-client.js';
export type { LogMode, RequestLogEntry } from './http/request-log.js';
export type { SettlementOption } from './domain/records/settlement.js';
export type { ClockMode, SignatureMode } from './core/devnet.js';
export type { ErrorStatusMode } from './http/errors.js';
export { StateDirError } from './persistence/state-dir.js';
export type { StateDirReport } from './persistence/state-dir.js';
export type { Durability } from './persistence/files.js';
export { VERSION } from './core/version.js';
export { ErrorCode } from './domain/values/errors.js';
export type { ErrorCodeName, ErrorCodeValue } from './domain/values/errors.js';
export { MemoryBlockStore } from './ipfs/block-store.js';
export type { BlockStore, BlockBatch } from './ipfs/block-store.js';
export { DirectoryBlockStore } from './ipfs/block-dir.js';
export { NamespaceRegistry, DEFAULT_MAX_NAMESPACES } from './emulator/namespaces.js';
export type { NamespaceLimits } from './emulator/namespaces.js';
export { DEFAULT_NAMESPACE, NAMESPACE_HEADER } from './http/namespace.js';
