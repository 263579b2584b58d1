// A typed client of the control plane (/_devnet/*) over any fetch: tests call methods instead of writing URLs.
import type { Devnet } from './devnet.js';
import type { BatchResult } from './domain/records/settlement.js';
import type { Fault } from './http/faults.js';
import { parseExact, stringify } from './domain/values/json.js';

export type { BatchResult };

type Int = bigint | number | string;

/** The genesis accounts with their keys, the API keys, and the operator (the stark key that collects the service fee). */
export type AccountsInfo = ReturnType<Devnet['accounts']>;

export type DepositInput = { stark_key: string; contract_address: string } & ({ amount: Int } | { token_id: Int });

export interface FaultInput {
  path: string;
  method?: string;
  error_code?: number;
  latency_ms?: number;
  nth?: number;
  count?: number;
  probability?: number;
  seed?: string;
  message?: string;
}

export type FaultView = Fault;
export type Invariants = ReturnType<Devnet['invariants']>;

/** A FAILED answer of the control plane, with its code (docs/errors.md) and HTTP status. */
export class DevnetRequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'DevnetRequestError';
  }
}

export interface DevnetControl {
  health(): Promise<{ status: 'ok'; version: string }>;
  accounts(): Promise<AccountsInfo>;
  /** Quantized `amount` for ETH/ERC20, `token_id` for an NFT. */
  deposit(input: DepositInput): Promise<{ sequence_id: number }>;
  /** Sets the available balance of ETH or an ERC20 to a quantized `amount` (Anvil's anvil_setBalance). */
  setBalance(input: {
    stark_key: string;
    contract_address: string;
    amount: Int;
  }): Promise<{ stark_key: string; asset_id: string; available: bigint | number }>;
  /** Seed, genesis hash, settlement, clock, signatures and the start options (secrets masked). */
  config(): Promise<Record<string, unknown> & { seed: string; genesis_hash: string; settlement: string; clock: string }>;
  createApiKey(): Promise<{ api_key: string }>;
  batches(layer?: 'l2' | 'l1' | 'both'): Promise<BatchResult>;
  setRecordStatus(sequenceId: number, status: number): Promise<{ sequence_id: number; status: number }>;
  clock(move: { advance_seconds: Int } | { set: string }): Promise<{ now: string; moved: number[] }>;
  snapshot(): Promise<{ id: string }>;
  revert(id: string): Promise<{ reverted: string; state_hash: string }>;
  reset(): Promise<{ state_hash: string }>;
  /** The versioned dump, integers beyond 2^53 kept exact (as bigint). */
  dumpState(): Promise<Record<string, unknown>>;
  loadState(dump: unknown): Promise<{ state_hash: string }>;
  invariants(): Promise<Invariants>;
  addFault(fault: FaultInput): Promise<FaultView>;
  faults(): Promise<{ faults: FaultView[] }>;
  clearFaults(): Promise<{ removed: number }>;
  /** The L1 claim of one asset of an address's withdraw area. */
  claim(input: { ethaddress: string; asset_id: string }): Promise<{ ethaddress: string; asset_id: string; amount: bigint | number }>;
}

/** What the clients here send through: globalThis.fetch, or an in-process devnet's own fetch. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/**
 * `send` is fetch or a devnet's fetch; `base` is the emulator's URL; `token` the emulator's
 * `--control-token`, sent as `Authorization: Bearer` on every call.
 */
export function controlClient(send: FetchLike, base: string, options: { token?: string } = {}): DevnetControl {
  const auth: Record<string, string> = options.token === undefined ? {} : { authorization: `Bearer ${options.token}` };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const init: RequestInit =
      body === undefined
        ? { method, headers: { ...auth } }
        : { method, headers: { 'content-type': 'application/json', ...auth }, body: stringify(body) };
    const res = await send(base + path, init);
    const text = await res.text();
    const value = parseExact(text) as Record<string, unknown>;
    if (value !== null && typeof value === 'object' && value.status === 'FAILED')
      throw new DevnetRequestError(Number(value.error_code), String(value.error), res.status);
    return value as T;
  };
  return {
    health: () => call('GET', '/_devnet/health'),
    accounts: () => call('GET', '/_devnet/accounts'),
    deposit: (input) => call('POST', '/_devnet/deposit', input),
    setBalance: (input) => call('POST', '/_devnet/set-balance', input),
    config: () => call('GET', '/_devnet/config'),
    createApiKey: () => call('POST', '/_devnet/api-keys'),
    batches: (layer = 'both') => call('POST', '/_devnet/batches', { layer }),
    setRecordStatus: (sequenceId, status) => call('POST', `/_devnet/records/${sequenceId}/status`, { status }),
    clock: (move) => call('POST', '/_devnet/clock', move),
    snapshot: () => call('POST', '/_devnet/snapshots'),
    revert: (id) => call('POST', `/_devnet/snapshots/${encodeURIComponent(id)}/revert`),
    reset: () => call('POST', '/_devnet/reset'),
    dumpState: () => call('GET', '/_devnet/state'),
    loadState: (dump) => call('POST', '/_devnet/state', dump),
    invariants: () => call('GET', '/_devnet/invariants'),
    addFault: (fault) => call('POST', '/_devnet/faults', fault),
    faults: () => call('GET', '/_devnet/faults'),
    clearFaults: () => call('DELETE', '/_devnet/faults'),
    claim: (input) => call('POST', '/_devnet/withdrawals/claim', input),
  };
}
