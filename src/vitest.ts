// l2-devnet/vitest: useDevnet(), the per-file handle on the emulator that l2-devnet/vitest/setup started, with snapshot/revert around each test.
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { controlClient, type AccountsInfo, type DevnetControl } from './emulator/control-client.js';
import type { ProvidedDevnet } from './vitest-setup.js';
import { namespaceUrl, workerNamespace } from './testing/namespaces.js';

export type { ProvidedDevnet } from './vitest-setup.js';
export { devnetGlobalSetup } from './vitest-setup.js';

/** What a fixture is given. */
type Net = { url: string; control: DevnetControl; accounts: AccountsInfo };

export interface DevnetHandle<F> {
  /** The emulator's URL (point an SDK or fetch at it). */
  readonly url: string;
  /** The control plane as methods. */
  readonly control: DevnetControl;
  /** The genesis accounts, keys and API keys. */
  readonly accounts: AccountsInfo;
  /** What the fixture returned (undefined without one). */
  readonly fixture: F;
  /**
   * Hardhat's `loadFixture`, inside a test: the first call runs `fn` from the file's fixture state
   * and takes a snapshot; later calls (in later tests) revert to that snapshot instead of running it
   * again, and give back what it returned. After a test that called it, the next test starts from
   * this fixture's state (call it first in every test that needs it, as with Hardhat).
   */
  loadFixture<T>(fn: (net: Net) => T | Promise<T>): Promise<T>;
}

/**
 * Call once at the top of a test file (outside any test). Before the file's first test it takes a
 * snapshot, runs `fixture` once (deposits, mints, orders...) and takes a second snapshot; after
 * every test it reverts to the second, so each test starts from the fixture's state, as Hardhat's
 * `loadFixture` gives, at the cost of a revert instead of a rerun. After the file it reverts to the
 * first, so the next file finds the emulator as this one did. Needs
 * `test.globalSetup: ['l2-devnet/vitest/setup']`. When files run in parallel, each worker gets its
 * own namespace of the one emulator (`worker-{VITEST_POOL_ID}`): a worker runs one file at a time,
 * so its snapshots and reverts never meet another worker's.
 */
export function useDevnet<F = undefined>(fixture?: (net: Net) => F | Promise<F>): DevnetHandle<F> {
  let ready: (Net & { fixture: F }) | undefined;
  let control: DevnetControl | undefined;
  let before: string | undefined;
  let fixed: string | undefined;
  const get = <K extends 'url' | 'control' | 'accounts' | 'fixture'>(key: K): NonNullable<typeof ready>[K] => {
    if (!ready) throw new Error(`l2-devnet/vitest: devnet.${key} is set before the file's first test (read it inside a test or a hook)`);
    return ready[key];
  };

  beforeAll(async () => {
    const provided: ProvidedDevnet | undefined = inject('l2devnet');
    if (!provided) throw new Error("l2-devnet/vitest: no emulator: add 'l2-devnet/vitest/setup' to test.globalSetup");
    const url = provided.serial ? provided.url : namespaceUrl(provided.url, workerNamespace());
    const c = controlClient((input, init) => fetch(input, init), url);
    control = c;
    before = (await c.snapshot()).id;
    const accounts = await c.accounts();
    const value = fixture ? await fixture({ url, control: c, accounts }) : (undefined as F);
    fixed = (await c.snapshot()).id;
    ready = { url, control: c, accounts, fixture: value };
  });

  // Per-test fixtures: fn -> its snapshot and value; `used`: the one the running test loaded.
  const fixtures = new Map<unknown, { id: string; value: unknown }>();
  let used: string | undefined;
  const loadFixture = async <T>(fn: (net: Net) => T | Promise<T>) => {
    get('control');
    const net = ready!;
    const known = fixtures.get(fn);
    if (known) {
      await net.control.revert(known.id);
      used = known.id;
      return known.value as T;
    }
    // From the file's fixture state: that revert drops every snapshot taken after it, other fixtures' too.
    await net.control.revert(fixed!);
    fixtures.clear();
    const value = await fn({ url: net.url, control: net.control, accounts: net.accounts });
    used = (await net.control.snapshot()).id;
    fixtures.set(fn, { id: used, value });
    return value;
  };

  afterEach(async () => {
    if (!control || fixed === undefined) return;
    // A snapshot stays usable after a revert to it, so the fixtures' snapshots live on.
    if (used !== undefined) await control.revert(used);
    else {
      await control.revert(fixed);
      fixtures.clear();
    }
    used = undefined;
  });

  afterAll(async () => {
    // Also after a fixture that threw halfway: the next file must not inherit its leftovers.
    if (control && before !== undefined) await control.revert(before);
  });

  // Read through get(): the values exist only from the file's first test on.
  const handle = { loadFixture } as DevnetHandle<F>;
  for (const key of ['url', 'control', 'accounts', 'fixture'] as const)
    Object.defineProperty(handle, key, { get: () => get(key), enumerable: true });
  return handle;
}
