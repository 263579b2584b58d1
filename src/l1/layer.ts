// The L1 side of a whole emulator: one bridge (src/l1/bridge.ts) per bridged namespace. With
// `--l1 anvil` each namespace gets an Anvil of its own, so its own chain, contract and evm snapshots: a
// revert in one namespace cannot touch another's L1. With `--l1 URL` the node is one chain, which no
// namespace could revert alone, so only `default` is bridged to it.
import { namespaceStateDir } from '../emulator/emulator.js';
import type { Devnet } from '../core/devnet.js';
import { DEFAULT_NAMESPACE, namespaceOf } from '../http/namespace.js';
import type { NamespaceRegistry } from '../emulator/namespaces.js';
import { L1Bridge } from './bridge.js';

export interface L1LayerOptions {
  /** `--l1`: `anvil`, or the URL of a JSON-RPC node with Anvil's test methods. */
  readonly l1: string;
  /** `--l1-contract`: default's contract, deployed already. */
  readonly l1Contract?: string | undefined;
  /** `--l1-chain-id`: the chain id of each Anvil `anvil` starts. */
  readonly chainId?: number | undefined;
  /** `--state`: each namespace's L1 is kept in its state dir (src/l1/saved.ts). */
  readonly stateDir?: string | undefined;
}

/** What a namespace's devnet names: its L1 node and StarkEx contract. */
export interface L1Link {
  readonly url: string;
  readonly contract: string;
  /** Read when shown (a getter): the bridge's state now. */
  readonly status: ReturnType<L1Bridge['status']>;
}

export class L1Layer {
  /** Each namespace's bridge, from the moment it starts connecting. */
  private readonly connecting = new Map<string, Promise<L1Bridge>>();
  /** The connected ones, and what their devnets name (`GET /v1/starkex/contracts`, `GET /_devnet/config`). */
  private readonly ready = new Map<string, L1Bridge>();
  /** Requests being answered, per namespace: a namespace's L1 is not dropped while one of them may still build it. */
  private readonly answering = new Map<string, number>();

  private constructor(
    private readonly options: L1LayerOptions,
    private readonly genesis: unknown,
  ) {}

  /** Connects the namespaces that open at start (default, and those a state dir holds) before any of them is built. */
  static async start(options: L1LayerOptions, genesis: unknown, names: readonly string[]): Promise<L1Layer> {
    const layer = new L1Layer(options, genesis);
    try {
      for (const name of names) if (layer.hasL1(name)) await layer.bridge(name);
    } catch (e) {
      await layer.stop();
      throw e;
    }
    return layer;
  }

  /** Whether `name` has an L1: every namespace with Anvil, only default with a node of the user's. */
  private hasL1(name: string): boolean {
    return name === DEFAULT_NAMESPACE || this.options.l1 === 'anvil';
  }

  private bridge(name: string): Promise<L1Bridge> {
    let made = this.connecting.get(name);
    if (made === undefined) {
      const { l1, stateDir, chainId } = this.options;
      const saveDir = stateDir === undefined ? undefined : namespaceStateDir(stateDir, name);
      const l1Contract = name === DEFAULT_NAMESPACE ? this.options.l1Contract : undefined;
      made = L1Bridge.connect({ l1, l1Contract, saveDir, chainId }, this.genesis).then(
        (bridge) => {
          this.ready.set(name, bridge);
          return bridge;
        },
        (e: unknown) => {
          this.connecting.delete(name);
          throw e;
        },
      );
      this.connecting.set(name, made);
    }
    return made;
  }

  /** The node and contract alone (the ready line's `l1`). */
  where(name: string): { url: string; contract: string } | undefined {
    const bridge = this.ready.get(name);
    return bridge && { url: bridge.url, contract: bridge.starkEx.address };
  }

  link(name: string): L1Link | undefined {
    const bridge = this.ready.get(name);
    return (
      bridge && {
        ...this.where(name)!,
        get status() {
          return bridge.status();
        },
      }
    );
  }

  /** Binds a namespace's bridge to its devnet as the registry builds it (emulator/emulator.ts calls this). */
  bind(name: string, devnet: Devnet): void {
    this.ready.get(name)?.attach(devnet);
  }

  /** Waits until every bridge has done what is queued (at start: funding the genesis accounts). */
  async settled(): Promise<void> {
    for (const bridge of this.ready.values()) await bridge.settle();
  }

  /**
   * Answers a request with L1 read before it and written after it (the rule in src/l1/bridge.ts). A
   * request that may create a namespace gets its L1 first, so that the namespace names it and is
   * bound to it from its first answer; if the namespace is not kept, its L1 goes with it. At most
   * `registry.max` namespaces have an L1 at once, connecting ones included.
   */
  async fetch(registry: NamespaceRegistry, request: Request, env?: unknown): Promise<Response> {
    let name: string;
    try {
      name = namespaceOf(request);
    } catch {
      return registry.fetch(request, env); // refused there
    }
    if (!this.connecting.has(name) && this.hasL1(name) && registry.instance(name) === undefined) {
      registry.list(); // runs the registry's expiry, so that expired namespaces free their places
      await this.dropGone(registry);
      const others = [...this.connecting.keys()].filter((n) => n !== DEFAULT_NAMESPACE).length;
      // Counted before an Anvil starts: the namespaces whose L1 is still starting are not in the registry yet.
      if (others >= registry.max) return registry.refuseAtCap(name);
    } else if (!this.connecting.has(name) || new URL(request.url).pathname.endsWith('/_devnet/health'))
      // The health check needs no L1: it answers even while the node does not.
      return registry.fetch(request, env);
    this.answering.set(name, (this.answering.get(name) ?? 0) + 1);
    const existing = registry.instance(name);
    let response: Response;
    try {
      const bridge = await this.bridge(name);
      await bridge.sync();
      // Deleted while this request waited: refused, not made anew on an L1 that is being stopped.
      const deleted = existing !== undefined && registry.instance(name) !== existing;
      response = deleted ? registry.refuseDeleted(name) : await registry.fetch(request, env);
      const devnet = registry.instance(name)?.devnet;
      if (devnet !== undefined && bridge.bound === devnet) await bridge.settle();
    } finally {
      const left = this.answering.get(name)! - 1;
      if (left === 0) this.answering.delete(name);
      else this.answering.set(name, left);
    }
    // A first request refused: the namespace is not kept, nor its L1 (unless another request for it is still running).
    if (registry.instance(name) === undefined && !this.answering.has(name)) await this.drop(name);
    await this.dropGone(registry);
    return response;
  }

  /** Stops the L1 of each namespace that is gone (deleted, expired, or made anew with another). */
  private async dropGone(registry: NamespaceRegistry): Promise<void> {
    for (const [other, b] of this.ready)
      if (b.bound !== undefined && !this.answering.has(other) && registry.instance(other)?.devnet !== b.bound) await this.drop(other);
  }

  private async drop(name: string): Promise<void> {
    const bridge = this.ready.get(name);
    if (bridge === undefined || name === DEFAULT_NAMESPACE) return;
    this.ready.delete(name);
    this.connecting.delete(name);
    await bridge.stop();
  }

  async stop(): Promise<void> {
    const all = [...this.connecting.values()];
    this.connecting.clear();
    this.ready.clear();
    await Promise.allSettled(all.map(async (made) => (await made).stop()));
  }
}
