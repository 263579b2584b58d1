// A typed client of the control plane (/_devnet/*) over any fetch: tests call methods instead of writing URLs.
import type * as v from 'valibot';
import type { BatchResult } from '../domain/records/settlement.js';
import type { Fault } from '../http/faults.js';
import type { Declared } from '../http/route.js';
import type { FieldMap } from '../http/fields/field.js';
import { CONTROL_ROUTES } from '../http/routes/control.js';
import { FAULT_ROUTES } from '../http/routes/faults.js';
import { STATE_ROUTES } from '../http/routes/state.js';
import { parseExact, stringify } from '../domain/values/json.js';

export type { BatchResult };

type Int = bigint | number | string;

/** What a declared route answers, as its response schema types it. */
type Answer<D> = D extends { readonly response: infer S extends v.GenericSchema } ? v.InferOutput<S> : unknown;

/**
 * A call of a declared route: a value for each of its path parameters, by the names it declares (so a
 * parameter renamed or added there fails here at compile time), and the body if any.
 */
type CallOf<D> = { body?: unknown } & (D extends { readonly params: infer P extends FieldMap }
  ? { params: { readonly [K in keyof P]: string | number } }
  : { params?: undefined });

/** The genesis accounts with their keys, the API keys, and the operator (the stark key that collects the service fee). */
export type AccountsInfo = Answer<typeof CONTROL_ROUTES.accounts>;

export type DepositInput = { stark_key: string; contract_address: string } & ({ amount: Int } | { token_id: Int });

/** The body of POST /_devnet/faults: a fault's settings, each optional but the path (see FAULT_BODY). */
export type FaultInput = Pick<Fault, 'path'> & Partial<Omit<Fault, 'id' | 'path' | 'seen' | 'fired'>>;

export type FaultView = Fault;
export type Invariants = Answer<typeof CONTROL_ROUTES.invariants>;

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
  /** Calls a declared route: its path parameters filled in, its body sent as exact JSON; a FAILED answer thrown. */
  const call = async <D extends Declared<FieldMap, FieldMap, FieldMap>>(
    route: D,
    ...[request = {} as CallOf<D>]: D extends { readonly params: FieldMap } ? [CallOf<D>] : [CallOf<D>?]
  ): Promise<Answer<D>> => {
    const params: Readonly<Record<string, string | number>> = request.params ?? {};
    const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
    const { body } = request;
    const init: RequestInit =
      body === undefined
        ? { method: route.method, headers: { ...auth } }
        : { method: route.method, headers: { 'content-type': 'application/json', ...auth }, body: stringify(body) };
    const res = await send(base + path, init);
    const value = parseExact(await res.text()) as Record<string, unknown>;
    if (value !== null && typeof value === 'object' && value.status === 'FAILED')
      throw new DevnetRequestError(Number(value.error_code), String(value.error), res.status);
    return value as Answer<D>;
  };
  // Each method is a declared route of the control plane (src/http/routes/control.ts, state.ts, faults.ts):
  // its method, path and answer come from there; here only how the method's arguments make the request.
  return {
    health: () => call(CONTROL_ROUTES.health),
    accounts: () => call(CONTROL_ROUTES.accounts),
    /** Quantized `amount` for ETH/ERC20, `token_id` for an NFT. */
    deposit: (input: DepositInput) => call(CONTROL_ROUTES.deposit, { body: input }),
    /** Sets the available balance of ETH or an ERC20 to a quantized `amount` (Anvil's anvil_setBalance). */
    setBalance: (input: { stark_key: string; contract_address: string; amount: Int }) => call(CONTROL_ROUTES.setBalance, { body: input }),
    /** Seed, genesis hash, settlement, clock, signatures and the start options (secrets masked). */
    config: () => call(CONTROL_ROUTES.config),
    createApiKey: () => call(CONTROL_ROUTES.createApiKey),
    batches: (layer: 'l2' | 'l1' | 'both' = 'both') => call(CONTROL_ROUTES.batches, { body: { layer } }),
    setRecordStatus: (sequenceId: number, status: number) =>
      call(CONTROL_ROUTES.setRecordStatus, { params: { sequence_id: sequenceId }, body: { status } }),
    clock: (move: { advance_seconds: Int } | { set: string }) => call(CONTROL_ROUTES.clock, { body: move }),
    snapshot: () => call(STATE_ROUTES.snapshot),
    revert: (id: string) => call(STATE_ROUTES.revert, { params: { id } }),
    deleteSnapshot: (id: string) => call(STATE_ROUTES.deleteSnapshot, { params: { id } }),
    reset: () => call(STATE_ROUTES.reset),
    /** The versioned dump, integers beyond 2^53 kept exact (as bigint). */
    dumpState: () => call(STATE_ROUTES.dumpState) as Promise<Record<string, unknown>>,
    loadState: (dump: unknown) => call(STATE_ROUTES.loadState, { body: dump }),
    invariants: () => call(CONTROL_ROUTES.invariants),
    addFault: (fault: FaultInput) => call(FAULT_ROUTES.addFault, { body: fault }),
    faults: () => call(FAULT_ROUTES.faults),
    clearFaults: () => call(FAULT_ROUTES.clearFaults),
    /** The L1 claim of one asset of an address's withdraw area. */
    claim: (input: { ethaddress: string; asset_id: string }) => call(CONTROL_ROUTES.claim, { body: input }),
  };
}
