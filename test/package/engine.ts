// Which container engine answers on this machine: docker first, then podman; undefined when neither runs.
import { spawnSync } from 'node:child_process';

export function containerEngine(): 'docker' | 'podman' | undefined {
  for (const engine of ['docker', 'podman'] as const) {
    // `info` talks to the engine: a client without a daemon (docker here) fails it.
    const r = spawnSync(engine, ['info'], { stdio: 'ignore', timeout: 15_000 });
    if (r.status === 0) return engine;
  }
  return undefined;
}
