// The namespace registry: name -> a whole devnet with its own app, created by the first request it accepts, capped,
// deleted on request or after an idle TTL, and the dispatcher that sends each request to its namespace.
import type { Devnet } from '../core/devnet.js';
import { DevnetError, ErrorCode } from '../domain/values/errors.js';
import { DEFAULT_NAMESPACE, namespaceOf, namespaceRefusal, type NamespaceDirectory, type NamespaceListing } from '../http/namespace.js';

/** One namespace as the registry keeps it: whatever answers its requests, and how to end it. */
export interface NamespaceInstance {
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
  readonly devnet: Devnet;
  /** With --state: its directory. */
  readonly stateDir: string | undefined;
  /** Whether it has answered a request without refusing it (no FAILED envelope, no HTTP error status). */
  accepted(): boolean;
  /** Releases what it holds (the state dir's lock and journal); `discard` also removes its state dir. */
  close(discard: boolean): void;
}

export interface NamespaceLimits {
  /** How many namespaces besides `default` may exist at once (`--max-namespaces`). Default 64. */
  max?: number;
  /** Idle namespaces (no request for this long) are deleted; 0 or absent: never (`--namespace-ttl`). */
  ttlSeconds?: number;
}

export const DEFAULT_MAX_NAMESPACES = 64;
/** The status of a refusal by the cap, in both --error-status modes (as for too many event streams). */
export const NAMESPACE_CAP_STATUS = 429;

interface Entry {
  readonly instance: NamespaceInstance;
  /** When it last got a request, by the registry's clock (milliseconds). */
  lastUsed: number;
}

/**
 * Namespaces by name, built by `open(name)` (same genesis and flags, keys derived from the seed and the
 * name). `now` is the injected clock of the TTL; expiry is checked as requests arrive (nothing runs in
 * the background). A new namespace is kept only if its first request is accepted (a refusal changes no
 * state): otherwise it is closed, its state dir removed, and it never counts toward the cap. Requests
 * to a name on trial wait for that first answer.
 */
export class NamespaceRegistry implements NamespaceDirectory {
  private readonly entries = new Map<string, Entry>();
  /** Names whose first request is being answered, settled when it is decided whether they stay. */
  private readonly trials = new Map<string, Promise<void>>();
  private closed = false;
  readonly max: number;
  readonly ttlMs: number;

  constructor(
    private readonly open: (name: string) => NamespaceInstance,
    private readonly now: () => number,
    limits: NamespaceLimits = {},
    /** The refusal of a request that would create a namespace (the defences, an unknown route), checked before anything is built. */
    private readonly mayCreate: (request: Request) => Response | undefined = () => undefined,
  ) {
    this.max = limits.max ?? DEFAULT_MAX_NAMESPACES;
    this.ttlMs = (limits.ttlSeconds ?? 0) * 1000;
    if (!Number.isSafeInteger(this.max) || this.max < 0)
      throw new RangeError(`max namespaces must be a whole number >= 0, got ${this.max}`);
    if (!Number.isFinite(this.ttlMs) || this.ttlMs < 0)
      throw new RangeError(`namespace TTL must be >= 0 seconds, got ${limits.ttlSeconds}`);
  }

  /** Adds an instance under `name` (the default one, and those found in a state dir on start). */
  adopt(name: string, instance: NamespaceInstance): void {
    this.entries.set(name, { instance, lastUsed: this.now() });
  }

  /** A new namespace, unless the cap is reached (those on trial count too): 429, code 19. */
  private create(name: string): NamespaceInstance {
    if (this.entries.size - (this.entries.has(DEFAULT_NAMESPACE) ? 1 : 0) + this.trials.size >= this.max) throw this.capError(name);
    return this.open(name);
  }

  private capError(name: string): DevnetError {
    return new DevnetError(
      ErrorCode.InvalidParam,
      `namespace "${name}" cannot be created: ${this.max} namespaces besides "${DEFAULT_NAMESPACE}" exist (--max-namespaces ${this.max}); delete one with DELETE /_devnet/namespaces/{name}${this.ttlMs ? ` or let one stay idle for ${this.ttlMs / 1000} s` : ''}`,
      NAMESPACE_CAP_STATUS,
    );
  }

  /** The refusal of a request that waited (for its L1) while its namespace was deleted: nothing is made anew. */
  refuseDeleted(name: string): Response {
    return namespaceRefusal(
      new DevnetError(ErrorCode.InvalidParam, `namespace "${name}" was deleted while this request waited for its L1`, 404),
    );
  }

  /** The cap's refusal, for a namespace the L1 layer cannot give an L1 (as many are starting as the cap allows). */
  refuseAtCap(name: string): Response {
    return namespaceRefusal(this.capError(name));
  }

  /** Answers a request in the namespace it names; a bad name or the cap answers FAILED before any namespace sees it. */
  fetch = (request: Request, env?: unknown): Response | Promise<Response> => {
    let name: string;
    let trial: NamespaceInstance;
    try {
      name = namespaceOf(request);
      const pending = this.trials.get(name);
      if (pending !== undefined) return pending.then(() => this.fetch(request, env));
      const now = this.now();
      this.expire(now, name);
      const entry = this.entries.get(name);
      if (entry !== undefined) {
        entry.lastUsed = now;
        return entry.instance.fetch(request, env);
      }
      const refusal = this.mayCreate(request);
      if (refusal !== undefined) return refusal;
      trial = this.create(name);
    } catch (e) {
      if (e instanceof DevnetError) return namespaceRefusal(e);
      throw e;
    }
    return this.firstRequest(name, trial, request, env);
  };

  /** The first request of a new namespace: it is kept if the request was accepted, else closed and its state dir removed. */
  private async firstRequest(name: string, instance: NamespaceInstance, request: Request, env: unknown): Promise<Response> {
    let settle!: () => void;
    this.trials.set(name, new Promise<void>((resolve) => (settle = resolve)));
    let keep = false;
    try {
      const response = await instance.fetch(request, env);
      keep = instance.accepted();
      return response;
    } finally {
      this.trials.delete(name);
      if (keep && !this.closed) this.entries.set(name, { instance, lastUsed: this.now() });
      else instance.close(!keep);
      settle();
    }
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  instance(name: string): NamespaceInstance | undefined {
    return this.entries.get(name)?.instance;
  }

  list(): NamespaceListing {
    const now = this.now();
    this.expire(now);
    const namespaces = [...this.entries].map(([name, e]) => ({
      name,
      idle_seconds: Math.max(0, Math.floor((now - e.lastUsed) / 1000)),
      state_dir: e.instance.stateDir ?? null,
    }));
    namespaces.sort((a, b) =>
      a.name === DEFAULT_NAMESPACE ? -1 : b.name === DEFAULT_NAMESPACE ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    return { namespaces, max_namespaces: this.max, ttl_seconds: this.ttlMs ? this.ttlMs / 1000 : null };
  }

  remove(name: string): void {
    if (name === DEFAULT_NAMESPACE)
      throw new DevnetError(
        ErrorCode.InvalidParam,
        `namespace "${DEFAULT_NAMESPACE}" cannot be deleted; POST /_devnet/reset takes it back to the genesis`,
        400,
      );
    this.expire(this.now());
    const entry = this.entries.get(name);
    if (entry === undefined) throw new DevnetError(ErrorCode.InvalidParam, `no namespace "${name}"`, 404);
    this.entries.delete(name);
    entry.instance.close(true);
  }

  /** Deletes every namespace idle for the TTL or longer (never `default`, never `keep`). */
  private expire(now: number, keep?: string): void {
    if (this.ttlMs === 0) return;
    for (const [name, e] of this.entries) {
      if (name === DEFAULT_NAMESPACE || name === keep || now - e.lastUsed < this.ttlMs) continue;
      this.entries.delete(name);
      e.instance.close(true);
    }
  }

  /** Closes every namespace, keeping their state dirs (shutdown). */
  close(): void {
    this.closed = true;
    for (const e of this.entries.values()) e.instance.close(false);
    this.entries.clear();
  }
}
