// A typed client of the control plane (/_devnet/*) over any fetch: tests call methods instead of writing URLs.
import type { Devnet } from '../core/devnet.js';
import type { BatchResult } from '../domain/records/settlement.js';
import type { Fault } from '../http/faults.js';
import { parseExact, stringify } from '../domain/values/json.js';

export type { BatchResult };

type Int = bigint | number | string;

/** The genesis accounts with their keys, the API keys, and the operator (the stark key that collects the service fee). */
export type AccountsInfo = ReturnType<Devnet['accounts']>;

export type DepositInput = { stark_key: string; contract_address: string } & ({ amount: Int } | { token_id: Int });

/** The body of POST /_devnet/faults: a fault's settings, each optional but the path (see FAULT_BODY). */
export type FaultInput = Pick<Fault, 'path'> & Partial<Omit<Fault, 'id' | 'path' | 'seen' | 'fired'>>;

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

/** The control plane as methods. */
export type DevnetControl = ReturnType<typeof controlClient>;

/** What the clients here send through: globalThis.fetch, or an in-process devnet's own fetch. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/**
 * `send` is fetch or a devnet's fetch; `base` is the emulator's URL; `token` the emulator's
 * `--control-token`, sent as `Authorization: Bearer` on every call.
 */
export function controlClient(send: FetchLike, base: string, options: { token?: string } = {}) {
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
    health: () => call<{ status: 'ok'; version: string }>('GET', '/_devnet/health'),
    accounts: () => call<AccountsInfo>('GET', '/_devnet/accounts'),
    /** Quantized `amount` for ETH/ERC20, `token_id` for an NFT. */
    deposit: (input: DepositInput) => call<{ sequence_id: number }>('POST', '/_devnet/deposit', input),
    /** Sets the available balance of ETH or an ERC20 to a quantized `amount` (Anvil's anvil_setBalance). */
    setBalance: (input: { stark_key: string; contract_address: string; amount: Int }) =>
      call<{ stark_key: string; asset_id: string; available: bigint | number }>('POST', '/_devnet/set-balance', input),
    /** Seed, genesis hash, settlement, clock, signatures and the start options (secrets masked). */
    config: () =>
      call<Record<string, unknown> & { seed: string; genesis_hash: string; settlement: string; clock: string }>('GET', '/_devnet/config'),
    createApiKey: () => call<{ api_key: string }>('POST', '/_devnet/api-keys'),
    batches: (layer: 'l2' | 'l1' | 'both' = 'both') => call<BatchResult>('POST', '/_devnet/batches', { layer }),
    setRecordStatus: (sequenceId: number, status: number) =>
      call<{ sequence_id: number; status: number }>('POST', `/_devnet/records/${sequenceId}/status`, { status }),
    clock: (move: { advance_seconds: Int } | { set: string }) => call<{ now: string; moved: number[] }>('POST', '/_devnet/clock', move),
    snapshot: () => call<{ id: string }>('POST', '/_devnet/snapshots'),
    revert: (id: string) => call<{ reverted: string; state_hash: string }>('POST', `/_devnet/snapshots/${encodeURIComponent(id)}/revert`),
    reset: () => call<{ state_hash: string }>('POST', '/_devnet/reset'),
    /** The versioned dump, integers beyond 2^53 kept exact (as bigint). */
    dumpState: () => call<Record<string, unknown>>('GET', '/_devnet/state'),
    loadState: (dump: unknown) => call<{ state_hash: string }>('POST', '/_devnet/state', dump),
    invariants: () => call<Invariants>('GET', '/_devnet/invariants'),
    addFault: (fault: FaultInput) => call<FaultView>('POST', '/_devnet/faults', fault),
    faults: () => call<{ faults: FaultView[] }>('GET', '/_devnet/faults'),
    clearFaults: () => call<{ removed: number }>('DELETE', '/_devnet/faults'),
    /** The L1 claim of one asset of an address's withdraw area. */
    claim: (input: { ethaddress: string; asset_id: string }) =>
      call<{ ethaddress: string; asset_id: string; amount: bigint | number }>('POST', '/_devnet/withdrawals/claim', input),
  };
}
