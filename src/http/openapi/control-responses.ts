// Answers of the control plane (/_devnet/*, plain JSON): health, accounts, settlement, clock, snapshots, faults.
import * as v from 'valibot';
import { RECORD_STATUS } from '../../domain/ledger/records.js';
import { SEQUENCE_IDS, STARK_KEY, count, exactInt, hex, int, isoTime, text } from '../../domain/values/wire.js';

export const HEALTH = v.strictObject({ status: v.literal('ok'), version: text('the emulator version') });

export const ACCOUNTS = v.strictObject({
  accounts: v.array(
    v.strictObject({
      name: text('the genesis name'),
      stark_key: STARK_KEY,
      private_key: hex('its stark private key'),
      eth_address: hex('its Ethereum address (40 lowercase hex digits)'),
    }),
  ),
  api_keys: v.array(text('an API key: of the genesis, of --api-key, or from POST /_devnet/api-keys')),
  operator: v.pipe(STARK_KEY, v.description('the stark key that collects the service fee')),
});

export const CONFIG = v.strictObject({
  version: text('the emulator version'),
  seed: text('the seed keys, API keys and ids derive from (--seed, else the genesis seed)'),
  genesis_hash: hex('state hash of the genesis state: equal hashes, the same start'),
  settlement: text('auto, manual or interval:SECONDS'),
  clock: v.picklist(['virtual', 'wall']),
  signatures: v.picklist(['verify', 'skip']),
  flags: v.pipe(
    v.record(v.string(), v.unknown()),
    v.description(
      'the options the emulator started with (the CLI sets them from its flags), by option name; control token and API keys [redacted]',
    ),
  ),
});

export const API_KEY = v.strictObject({
  api_key: v.pipe(v.string(), v.regex(/^rk-[0-9a-f-]{36}$/), v.description('the new key, for x-api-key')),
});

export const INVARIANTS = v.strictObject({
  ok: v.pipe(v.boolean(), v.description('true when no guarantee is broken')),
  violations: v.array(text('a broken guarantee, described')),
  state_hash: hex('sha256 of the canonical state: equal hashes, equal states'),
});

export const BATCH = v.strictObject({
  moved: v.pipe(SEQUENCE_IDS, v.description('every record that moved, once, ascending')),
  l2: v.pipe(SEQUENCE_IDS, v.description('records accepted on L2 (1 -> 3)')),
  l1: v.pipe(SEQUENCE_IDS, v.description('records accepted on L1 (3 -> 6)')),
});

export const STATUS_MOVE = v.strictObject({ sequence_id: int('the record'), status: RECORD_STATUS });
export const CLOCK = v.strictObject({
  now: isoTime('the emulator clock after the move'),
  moved: v.pipe(SEQUENCE_IDS, v.description('records moved by the interval batches that fell due')),
});
export const CLAIM = v.strictObject({
  ethaddress: hex('the Ethereum address, 40 lowercase hex digits'),
  asset_id: hex('StarkEx asset id'),
  amount: exactInt('quantized units claimed'),
});
export const BALANCE_SET = v.strictObject({
  stark_key: STARK_KEY,
  asset_id: hex('StarkEx asset id'),
  available: exactInt('the available balance now, quantized units'),
});
export const SNAPSHOT = v.strictObject({ id: hex('snapshot id, for POST /_devnet/snapshots/{id}/revert') });
export const REVERTED = v.strictObject({ reverted: hex('the snapshot reverted to') });
export const SNAPSHOT_DELETED = v.strictObject({ deleted: hex('the snapshot deleted') });
export const STATE_HASH = v.strictObject({ state_hash: hex('sha256 of the canonical state') });

/** A fault of POST and GET /_devnet/faults. */
export const FAULT = v.pipe(
  v.strictObject({
    id: text('f1, f2, …'),
    method: v.pipe(v.nullable(v.string()), v.description('upper-case method; null for any')),
    path: text('exact path, or a prefix ending in *'),
    nth: int('first matching call that fails (1-based)'),
    count: count('calls that fail from nth on; 0 = all'),
    probability: v.pipe(
      v.nullable(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
      v.description('instead of nth/count: the chance each matching call fails; null when not set'),
    ),
    seed: text('seed of the probability draws'),
    error_code: v.pipe(v.nullable(int()), v.description('the code of the FAILED envelope; null: only a delay')),
    message: text("the FAILED envelope's error"),
    latency_ms: count('delay before answering, milliseconds'),
    seen: count('matching calls so far'),
    fired: count('calls that failed or were delayed so far'),
  }),
  v.title('Fault'),
);
export const FAULTS = v.strictObject({ faults: v.array(FAULT) });
export const REMOVED = v.strictObject({ removed: count('faults removed') });

// ---- namespaces ----

const NAMESPACE_VIEW = v.strictObject({
  name: text('the namespace: /ns/{name}/... or x-devnet-namespace; "default" is the unprefixed one'),
  idle_seconds: count('seconds since its last request, by the host clock'),
  state_dir: v.pipe(
    v.nullable(v.string()),
    v.description('with --state: its directory (DIR for default, DIR/ns/{name} for the others); null in memory'),
  ),
});

export const NAMESPACES = v.strictObject({
  current: text('the namespace this request went to'),
  namespaces: v.array(NAMESPACE_VIEW),
  max_namespaces: count('how many namespaces may exist besides default (--max-namespaces)'),
  ttl_seconds: v.pipe(
    v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
    v.description('idle namespaces are deleted after this many seconds (--namespace-ttl); null: never'),
  ),
});

export const NAMESPACE_DELETED = v.strictObject({ deleted: text('the namespace deleted, with its state') });
