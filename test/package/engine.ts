// What container tooling answers on this machine: an engine for scripts/container-smoke.sh, and a
// Docker API endpoint for testcontainers (which speaks only that API).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** docker first, then podman; undefined when neither answers `info` (a client without a daemon does not). */
export function containerEngine(): 'docker' | 'podman' | undefined {
  for (const engine of ['docker', 'podman'] as const) {
    const r = spawnSync(engine, ['info'], { stdio: 'ignore', timeout: 15_000 });
    if (r.status === 0) return engine;
  }
  return undefined;
}

/**
 * Why testcontainers cannot run here, or undefined when it can: it needs an engine and the Docker
 * API (DOCKER_HOST, or /var/run/docker.sock; with podman, `podman system service` provides one).
 */
export function whyNoTestcontainers(): string | undefined {
  const engine = containerEngine();
  if (engine === undefined) return 'no docker or podman engine answers `info` on this machine';
  if (!process.env.DOCKER_HOST && !existsSync('/var/run/docker.sock'))
    return `${engine} runs, but no Docker API endpoint does (set DOCKER_HOST; with podman, run \`podman system service\`)`;
  return undefined;
}
