// l2-devnet/vitest/setup: a vitest globalSetup that starts one emulator for the run and hands its URL to every test file.
import type { TestProject } from 'vitest/node';
import { startDevnet, type StartOptions } from './server/server.js';

/** What the test files receive through vitest's `inject('l2devnet')`. */
export interface ProvidedDevnet {
  /** Where the emulator answers. */
  url: string;
  /** True when vitest runs one test file at a time, so per-test snapshot/revert cannot interleave. */
  serial: boolean;
}

declare module 'vitest' {
  export interface ProvidedContext {
    l2devnet: ProvidedDevnet;
  }
}

/**
 * A globalSetup with options: `export default devnetGlobalSetup({ settlement: 'manual' })` in a
 * file named by `test.globalSetup`. With `L2DEVNET_URL` set (a container, a CI service), it
 * starts nothing and hands that URL on instead.
 */
export function devnetGlobalSetup(options: StartOptions = {}): (project: TestProject) => Promise<() => Promise<void>> {
  return async (project) => {
    // fileParallelism: false resolves to one worker.
    const serial = project.config.maxWorkers === 1;
    const external = process.env.L2DEVNET_URL;
    if (external !== undefined && external !== '') {
      project.provide('l2devnet', { url: external.replace(/\/+$/, ''), serial });
      return async () => undefined;
    }
    const net = await startDevnet({ port: 0, ...options });
    project.provide('l2devnet', { url: net.url, serial });
    return () => net.close();
  };
}

/** `test.globalSetup: ['l2-devnet/vitest/setup']`: the default genesis on a free port. */
export default devnetGlobalSetup();
