// The scenario file format (scenarios/*.json): a story as data, one step per call, with what to expect.
import type { RequestCallName } from './calls.js';
import type { Outgoing } from './target.js';

/**
 * A scenario: run from a fresh emulator (in-process) or after `POST /_devnet/reset` (--url),
 * steps in order; the first failing step stops it.
 */
export interface Scenario {
  name: string;
  description?: string;
  steps: Step[];
}

/** Every high-level call the runner turns into a (signed, where the real API wants it) request (calls.ts), and the L1 ones (l1.ts). */
export type CallName = RequestCallName | 'l1_deposit' | 'l1_claim';

/**
 * One step. Either `call` (+ `with`), `request`, or `get` (a GET shorthand). Strings in `with`,
 * `request`, `get` and `expect` may use captures: a whole string `"$name.path"` becomes that value
 * (a number stays a number), `"${name.path}"` inside a longer string is replaced by its text.
 * Genesis accounts are predefined captures (`$alice.stark_key`, `$bob.eth_address`), as is `$api_key`.
 */
export interface Step {
  /** Shown in the progress line instead of the call. */
  note?: string;
  /** The acting genesis account: it signs, and it is the default receiver of deposits and mints. */
  as?: string;
  call?: CallName;
  /** The call's inputs, SDK-style (see docs/testing.md): `asset` as `ETH`, `RDD20`, `REDDIO721#3`; amounts and prices in display units; receivers by name. */
  with?: Record<string, unknown>;
  /** Escape hatch: any route, as is. */
  request?: RawRequest;
  /** Shorthand for `{"request":{"method":"GET","path":...}}`. */
  get?: string;
  /** Body fields to overwrite after signing (a tampered request: expect code 34). */
  tamper?: Record<string, unknown>;
  expect?: Expectation;
  /** Keeps the step's result (the envelope's `data`, or a control-plane reply) as `$capture`. */
  capture?: string;
}

/** A request as sent; `file` (a path relative to the scenario file) goes as the multipart field `file`, `body`'s fields beside it. */
export type RawRequest = Omit<Outgoing, 'filePath'> & { file?: string };

/** A fungible balance in display units (`"9.995"`), or available and frozen apart. NFTs count tokens (`"1"`). */
export type BalanceExpectation = string | { available?: string; frozen?: string };

export interface Expectation {
  /** The envelope's status. Default "OK", or "FAILED" when `error_code` is given. */
  status?: 'OK' | 'FAILED';
  error_code?: number;
  /** A substring of the error message. */
  error?: string;
  /** The HTTP status (fidelity mode answers 200 for most failures). */
  http?: number;
  /** A subset of the result (envelope `data`, or the control-plane reply): objects by key, arrays item by item. */
  result?: unknown;
  /** A subset of the whole response body. */
  body?: unknown;
  /** A subset of the record of the returned `sequence_id`, read as the actor (`GET /v1/record`). */
  record?: Record<string, unknown>;
  /** Balances after the step: account -> asset -> value; an asset not listed is not checked. */
  balances?: Record<string, Record<string, BalanceExpectation>>;
  /** Balances on L1 (`scenario --l1`): account -> asset -> display amount; ETH before the gas the scenario's own L1 transactions paid; an NFT 1 or 0. */
  l1_balances?: Record<string, Record<string, string>>;
}
