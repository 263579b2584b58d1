// Namespaces for test workers: each worker of a parallel run (vitest, jest) gets a namespace of its own
// on one shared emulator, named from its worker id, and a base URL and control client inside it.
import { controlClient } from '../emulator/control-client.js';
import type { DevnetControl, FetchLike } from '../emulator/control-client.js';
import { checkNamespaceName } from '../http/namespace.js';

/**
 * The id of the worker this code runs in: vitest's pool slot (`VITEST_POOL_ID`), else jest's
 * (`JEST_WORKER_ID`), else vitest's per-file id (`VITEST_WORKER_ID`); undefined outside a worker.
 * Slots are reused by the next file in the same worker, never shared by two files at once.
 */
export function workerId(env: Record<string, string | undefined> = process.env): string | undefined {
  for (const k of ['VITEST_POOL_ID', 'JEST_WORKER_ID', 'VITEST_WORKER_ID']) {
    const v = env[k];
    if (v !== undefined && v !== '') return v;
  }
  return undefined;
}

export interface WorkerNamespaceOptions {
  /** Where to read the worker id; default process.env. */
  env?: Record<string, string | undefined>;
  /**
   * Put before the worker id, e.g. a CI job's id when several jobs share one emulator. Default
   * `worker`. Lower-case letters, digits, `-`, `_`.
   */
  prefix?: string;
}

/** `worker-3` in vitest's third pool slot; `worker-1` outside any worker (one process, one namespace). */
export function workerNamespace(options: WorkerNamespaceOptions = {}): string {
  const id = (workerId(options.env) ?? '1').toLowerCase().replace(/[^a-z0-9_-]/g, '-');
  return checkNamespaceName(`${options.prefix ?? 'worker'}-${id}`, 'of this worker');
}

/** The base URL of namespace `name` on the emulator at `url`: every route (SDK, control plane, gateway) answers under it. */
export function namespaceUrl(url: string, name: string): string {
  return `${url.replace(/\/+$/, '')}/ns/${checkNamespaceName(name, 'name')}`;
}

export interface NamespacedDevnet {
  name: string;
  /** Give it to an SDK as its base URL. */
  url: string;
  /** The control plane of this namespace only. */
  control: DevnetControl;
}

/**
 * This worker's namespace on the emulator at `url` (created by its first request): its name, base
 * URL and control client. `send` defaults to globalThis.fetch.
 */
export function workerDevnet(url: string, options: WorkerNamespaceOptions & { name?: string; send?: FetchLike } = {}): NamespacedDevnet {
  const name = options.name ?? workerNamespace(options);
  const base = namespaceUrl(url, name);
  return { name, url: base, control: controlClient(options.send ?? ((u, init) => fetch(u, init)), base) };
}
