// End-to-end tests of the built CLI (dist/main.js): ready line, health, accounts, signals, flags, env vars, genesis errors.
// The test script builds first (`npm test` runs `npm run build`); run `npm run build` before `vitest run test/e2e` by hand.
import { describe, it, expect, beforeAll, afterEach } from 'vitest';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { MAIN, live, runToExit, startServer, stop, withTimeout } from '../support/cli.js';

const TEST_TIMEOUT = 10_000;

interface AccountsBody {
  accounts: { name: string; stark_key: string; private_key: string; eth_address: string }[];
  api_keys: string[];
  operator: string;
}

async function getAccounts(url: string): Promise<AccountsBody> {
  const res = await fetch(`${url}/_devnet/accounts`);
  const text = await res.text();
  expect(res.status, `GET /_devnet/accounts -> ${res.status} ${JSON.stringify(text.slice(0, 200))}`).toBe(200);
  return JSON.parse(text) as AccountsBody;
}

beforeAll(() => {
  if (!existsSync(MAIN)) {
    throw new Error(`${MAIN} does not exist: run \`npm run build\` before the e2e tests (npm test builds first)`);
  }
});

afterEach(async () => {
  const children = [...live];
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(
    children.map((c) => new Promise<void>((r) => (c.exitCode !== null || c.signalCode !== null ? r() : c.once('exit', () => r())))),
  );
  live.clear();
});

describe('l2-devnet CLI: server lifecycle', () => {
  it(
    '--port 0 prints the ready line, serves health and accounts, and exits 0 on SIGTERM',
    async () => {
      const { cli, url, json } = await startServer(['--port', '0']);
      expect(json.event).toBe('ready');
      expect(json.version).toBe('0.2.0');
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(Number(new URL(url).port)).toBeGreaterThan(0);

      const health = await fetch(`${url}/_devnet/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', version: '0.2.0' });

      const accounts = await getAccounts(url);
      const names = accounts.accounts.map((a) => a.name);
      for (const n of ['alice', 'bob', 'carol', 'operator']) expect(names).toContain(n);
      for (const a of accounts.accounts) {
        expect(a.stark_key).toMatch(/^0x[0-9a-f]+$/);
        expect(a.private_key).toMatch(/^0x[0-9a-f]+$/);
        expect(a.eth_address).toMatch(/^0x[0-9a-f]{40}$/);
      }
      expect(accounts.api_keys).toHaveLength(1);
      expect(accounts.operator).toMatch(/^0x[0-9a-f]+$/);
      expect(accounts.operator).toBe(accounts.accounts.find((a) => a.name === 'operator')!.stark_key);

      const t0 = performance.now();
      const { code, signal } = await stop(cli, 'SIGTERM');
      expect(signal).toBeNull();
      expect(code).toBe(0);
      expect(performance.now() - t0).toBeLessThan(3_000);
    },
    TEST_TIMEOUT,
  );

  it(
    'keeps answering: repeated requests on one server all get 200',
    async () => {
      const { cli, url } = await startServer(['--port', '0', '--log', 'silent']);
      const statuses: string[] = [];
      for (const path of ['health', 'health', 'accounts', 'accounts', 'health']) {
        const res = await fetch(`${url}/_devnet/${path}`);
        const text = await res.text();
        statuses.push(`${path}:${res.status}${res.status === 200 ? '' : ` ${JSON.stringify(text.slice(0, 120))}`}`);
      }
      expect(statuses).toEqual(['health:200', 'health:200', 'accounts:200', 'accounts:200', 'health:200']);
      expect((await stop(cli)).code).toBe(0);
    },
    TEST_TIMEOUT,
  );

  it(
    'exits 0 on SIGINT',
    async () => {
      const { cli, url } = await startServer(['--port', '0', '--log', 'silent']);
      expect((await fetch(`${url}/_devnet/health`)).status).toBe(200);
      const t0 = performance.now();
      const { code, signal } = await stop(cli, 'SIGINT');
      expect(signal).toBeNull();
      expect(code).toBe(0);
      expect(performance.now() - t0).toBeLessThan(3_000);
    },
    TEST_TIMEOUT,
  );

  it(
    '--log pretty prints the accounts table after the ready line',
    async () => {
      const { cli } = await startServer(['--port', '0', '--log', 'pretty']);
      await withTimeout(
        (async () => {
          while (!cli.stdout().includes('API keys')) await new Promise((r) => setTimeout(r, 20));
        })(),
        3_000,
        'the accounts table',
      );
      expect(cli.stdout()).toContain('alice');
      expect((await stop(cli)).code).toBe(0);
    },
    TEST_TIMEOUT,
  );

  it(
    '--log json prints only the ready line on stdout (no accounts table)',
    async () => {
      const { cli, url, json } = await startServer(['--port', '0', '--log', 'json']);
      expect(json.event).toBe('ready');
      await new Promise((r) => setTimeout(r, 300)); // give a table, if any, time to arrive
      const { code } = await stop(cli);
      expect(code).toBe(0);
      const lines = cli
        .stdout()
        .split('\n')
        .filter((l) => l.trim() !== '');
      expect(lines).toEqual([JSON.stringify({ event: 'ready', url, version: '0.2.0' })]);
    },
    TEST_TIMEOUT,
  );

  it(
    'L2DEVNET_PORT=0 works like --port 0',
    async () => {
      const { cli, url, json } = await startServer(['--log', 'silent'], { L2DEVNET_PORT: '0' });
      expect(json.event).toBe('ready');
      expect(json.version).toBe('0.2.0');
      expect(Number(new URL(url).port)).toBeGreaterThan(0);
      const health = await fetch(`${url}/_devnet/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', version: '0.2.0' });
      expect((await stop(cli)).code).toBe(0);
    },
    TEST_TIMEOUT,
  );

  it(
    'the same --seed gives the same accounts; a different seed gives different keys',
    async () => {
      const [a, b, c] = await Promise.all([
        startServer(['--port', '0', '--log', 'silent', '--seed', 'foo']),
        startServer(['--port', '0', '--log', 'silent', '--seed', 'foo']),
        startServer(['--port', '0', '--log', 'silent', '--seed', 'bar']),
      ]);
      const [accA, accB, accC] = await Promise.all([getAccounts(a.url), getAccounts(b.url), getAccounts(c.url)]);
      expect(accB).toEqual(accA);
      const keysA = accA.accounts.map((x) => x.stark_key);
      const keysC = accC.accounts.map((x) => x.stark_key);
      expect(keysC).toHaveLength(keysA.length);
      // Keys the genesis pins (the marketplace app's airdrop key) do not depend on the seed.
      const pinned = new Set(['airdrop']);
      accA.accounts.forEach((x, i) => (pinned.has(x.name) ? expect(keysC[i]).toBe(keysA[i]) : expect(keysC[i]).not.toBe(keysA[i])));
      const codes = await Promise.all([stop(a.cli), stop(b.cli), stop(c.cli)]);
      expect(codes.map((x) => x.code)).toEqual([0, 0, 0]);
    },
    TEST_TIMEOUT,
  );
});

describe('l2-devnet CLI: genesis errors', () => {
  it(
    'a malformed genesis file exits 1 naming the bad field',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'l2-devnet-e2e-'));
      try {
        const file = join(dir, 'bad-genesis.json');
        writeFileSync(file, JSON.stringify({ accounts: [{ name: '' }] }));
        const r = await runToExit(['--port', '0', '--genesis', file]);
        expect(r.code).toBe(1);
        expect(r.stderr).toContain('l2-devnet: invalid genesis: ');
        expect(r.stderr).toContain('genesis.accounts[0].name');
        expect(r.stdout).not.toContain('"event":"ready"');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    TEST_TIMEOUT,
  );

  it(
    'a missing genesis file exits 1 naming the file',
    async () => {
      const file = join(tmpdir(), `l2-devnet-e2e-missing-${process.pid}-${Date.now()}.json`);
      const r = await runToExit(['--port', '0', '--genesis', file]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('l2-devnet: ');
      expect(r.stderr).toContain(file);
      expect(r.stdout).not.toContain('"event":"ready"');
    },
    TEST_TIMEOUT,
  );
});

describe('l2-devnet CLI: flags', () => {
  it(
    'an unknown flag exits 2 and names it',
    async () => {
      const r = await runToExit(['--nope']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--nope');
      expect(r.stdout).toBe('');
    },
    TEST_TIMEOUT,
  );

  it(
    '--port abc exits 2',
    async () => {
      const r = await runToExit(['--port', 'abc']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--port');
      expect(r.stdout).toBe('');
    },
    TEST_TIMEOUT,
  );

  it(
    '--help lists every flag with its environment variable and exits 0',
    async () => {
      const r = await runToExit(['--help']);
      expect(r.code).toBe(0);
      const flags: [string, string][] = [
        ['--host', 'L2DEVNET_HOST'],
        ['--port', 'L2DEVNET_PORT'],
        ['--genesis', 'L2DEVNET_GENESIS'],
        ['--seed', 'L2DEVNET_SEED'],
        ['--signatures', 'L2DEVNET_SIGNATURES'],
        ['--error-status', 'L2DEVNET_ERROR_STATUS'],
        ['--log', 'L2DEVNET_LOG'],
      ];
      const lines = r.stdout.split('\n');
      for (const [flag, env] of flags) {
        const line = lines.find((l) => new RegExp(`(^|\\s)${flag}(\\s|=|$)`).test(l));
        expect(line, `help line for ${flag}`).toBeDefined();
        expect(line, `help line for ${flag}`).toContain(env);
      }
    },
    TEST_TIMEOUT,
  );

  it(
    '--version prints 0.2.0 and exits 0',
    async () => {
      const r = await runToExit(['--version']);
      expect(r.code).toBe(0);
      expect(r.stdout.trim()).toBe('0.2.0');
    },
    TEST_TIMEOUT,
  );
});

describe('l2-devnet CLI: a taken port', () => {
  it(
    'exits 1 naming the port and what to do (--port N, --port 0 with --listen-file)',
    async () => {
      const taken = createServer();
      await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
      const port = (taken.address() as AddressInfo).port;
      try {
        const r = await runToExit(['--port', String(port)]);
        expect(r.code).toBe(1);
        expect(r.stderr).toContain('EADDRINUSE');
        expect(r.stderr).toContain(`listens on port ${port}`);
        expect(r.stderr).toContain('--port 0');
        expect(r.stdout).not.toContain('"event":"ready"');
      } finally {
        taken.close();
      }
    },
    TEST_TIMEOUT,
  );
});

describe('npm start', () => {
  // docs/cli.md: `npm start -s` keeps npm's own lines off stdout, so the ready line is the first line.
  it('with -s, the first stdout line is the ready line', async () => {
    const child = spawn('npm', ['start', '-s', '--', '--port', '0', '--log', 'silent'], {
      cwd: join(MAIN, '../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    try {
      const first = await withTimeout(
        new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve)),
        20_000,
        'the first line of npm start -s',
      );
      expect(JSON.parse(first)).toMatchObject({ event: 'ready', version: expect.any(String) });
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
    }
  }, 30_000);
});
