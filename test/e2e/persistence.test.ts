// `--state DIR` end to end on the built CLI: restarts, kill -9 under load, torn and corrupt journals,
// unusable dirs and a second process on the same dir.
import { afterEach, describe, expect, it } from 'vitest';
import { appendFileSync, chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { live, runToExit, startServer, stop } from '../support/cli.js';

const TIMEOUT = 60_000;
const dirs: string[] = [];

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'l2-devnet-state-'));
  dirs.push(d);
  return d;
}

afterEach(() => {
  for (const c of live) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function json(url: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(
    url + path,
    body === undefined ? {} : { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } },
  );
  return JSON.parse(await res.text());
}

async function carolKey(url: string): Promise<string> {
  return (await json(url, '/_devnet/accounts')).accounts.find((a: { name: string }) => a.name === 'carol').stark_key;
}

async function ethBalance(url: string, key: string): Promise<number> {
  const r = await json(url, `/v1/balance?stark_key=${key}&asset_id=0x352f9ffd821a525051de2d71126113505a7b0a73d98dbc0ac0ff343cfbdef5e`);
  return Number(r.data.balance_available);
}

describe('--state DIR', () => {
  it(
    'a restart restores the exact state, snapshots included',
    async () => {
      const dir = tempDir();
      const a = await startServer(['--port', '0', '--log', 'silent', '--state', dir]);
      expect(a.json.state).toEqual({ dir, restored: false, replayed: 0, dropped_tail: false, journal_missing: false });
      const key = await carolKey(a.url);
      for (let i = 0; i < 3; i++) await json(a.url, '/_devnet/deposit', { stark_key: key, contract_address: 'eth', amount: 7 });
      const snap = (await json(a.url, '/_devnet/snapshots', {})).id;
      await json(a.url, '/_devnet/deposit', { stark_key: key, contract_address: 'eth', amount: 100 });
      const hash = (await json(a.url, '/_devnet/invariants')).state_hash;
      await stop(a.cli, 'SIGTERM');

      const b = await startServer(['--port', '0', '--log', 'silent', '--state', dir]);
      expect(b.json.state).toMatchObject({ restored: true, replayed: 5 });
      expect((await json(b.url, '/_devnet/invariants')).state_hash).toBe(hash);
      expect(await ethBalance(b.url, key)).toBe(10_000_000 + 21 + 100);
      await json(b.url, `/_devnet/snapshots/${snap}/revert`, {});
      expect(await ethBalance(b.url, key)).toBe(10_000_000 + 21);
      await stop(b.cli);
    },
    TIMEOUT,
  );

  it(
    'every acknowledged mutation survives SIGKILL at random points under load; invariants stay clean',
    async () => {
      const dir = tempDir();
      let acknowledged = 0;
      // Kill points from a fixed list: reproducible, spread from "just started" to "well into the load".
      for (const delayMs of [5, 60, 150, 25, 300, 90, 0, 200]) {
        const s = await startServer(['--port', '0', '--log', 'silent', '--state', dir]);
        const key = await carolKey(s.url);
        const base = await ethBalance(s.url, key);
        expect(base, 'balance after restart = genesis + every acknowledged deposit').toBeGreaterThanOrEqual(10_000_000 + acknowledged);
        // At most one deposit was in flight (sent, journaled, not acknowledged) when the process died.
        expect(base).toBeLessThanOrEqual(10_000_000 + acknowledged + 1);
        acknowledged = base - 10_000_000;
        expect((await json(s.url, '/_devnet/invariants')).violations).toEqual([]);

        let stopped = false;
        const load = (async () => {
          while (!stopped) {
            try {
              const r = await json(s.url, '/_devnet/deposit', { stark_key: key, contract_address: 'eth', amount: 1 });
              if (typeof r.sequence_id === 'number') acknowledged++;
            } catch {
              return; // the connection died with the process
            }
          }
        })();
        await new Promise((r) => setTimeout(r, delayMs));
        s.cli.child.kill('SIGKILL');
        await s.cli.exited;
        stopped = true;
        await load;
      }
      const last = await startServer(['--port', '0', '--log', 'silent', '--state', dir]);
      const final = await ethBalance(last.url, await carolKey(last.url));
      expect(final).toBeGreaterThanOrEqual(10_000_000 + acknowledged);
      expect(final).toBeLessThanOrEqual(10_000_000 + acknowledged + 1);
      expect(acknowledged, 'the load really ran').toBeGreaterThan(20);
      await stop(last.cli);
    },
    TIMEOUT,
  );

  it(
    'a torn last journal line is dropped and reported; the lines before it are kept',
    async () => {
      const dir = tempDir();
      const a = await startServer(['--port', '0', '--log', 'silent', '--state', dir]);
      const key = await carolKey(a.url);
      await json(a.url, '/_devnet/deposit', { stark_key: key, contract_address: 'eth', amount: 5 });
      await stop(a.cli, 'SIGKILL');
      appendFileSync(join(dir, 'journal.jsonl'), '{"seq":2,"cmd":"deposit","args":[{"starkKey":"0x1');

      const b = await startServer(['--port', '0', '--log', 'silent', '--state', dir]);
      expect(b.json.state).toMatchObject({ restored: true, replayed: 1, dropped_tail: true });
      expect(b.cli.stderr()).toMatch(
        /dropped an incomplete last journal line \(no newline and its checksum fails: a write cut short, so its command was never acknowledged\)/,
      );
      expect(await ethBalance(b.url, key)).toBe(10_000_005);
      // New commands append cleanly after the cut.
      await json(b.url, '/_devnet/deposit', { stark_key: key, contract_address: 'eth', amount: 1 });
      await stop(b.cli, 'SIGKILL');
      const c = await startServer(['--port', '0', '--log', 'silent', '--state', dir]);
      expect(await ethBalance(c.url, key)).toBe(10_000_006);
      await stop(c.cli);
    },
    TIMEOUT,
  );

  it(
    'an intact last line whose newline became a space is kept, and stderr says so (it used to drop that acknowledged deposit)',
    async () => {
      const dir = tempDir();
      const a = await startServer(['--port', '0', '--log', 'silent', '--state', dir]);
      const key = await carolKey(a.url);
      await json(a.url, '/_devnet/snapshots', {}); // keeps the journal from being compacted on the next start
      await json(a.url, '/_devnet/deposit', { stark_key: key, contract_address: 'eth', amount: 5 });
      await stop(a.cli, 'SIGKILL');
      const path = join(dir, 'journal.jsonl');
      const text = readFileSync(path, 'utf8');
      writeFileSync(path, text.slice(0, -1) + ' ');

      const b = await startServer(['--port', '0', '--log', 'silent', '--state', dir]);
      expect(b.json.state).toMatchObject({ restored: true, replayed: 2, dropped_tail: false });
      expect(b.cli.stderr()).toMatch(/the last journal line had lost its newline but its checksum holds: its command was kept/);
      expect(b.cli.stderr()).not.toMatch(/never acknowledged/);
      expect(await ethBalance(b.url, key)).toBe(10_000_005);
      await stop(b.cli);
    },
    TIMEOUT,
  );

  it(
    'snapshot, reset, snapshot, revert, restart: the start replays every acknowledged command (it used to exit 1: no snapshot with id "0x2")',
    async () => {
      const dir = tempDir();
      const a = await startServer(['--port', '0', '--log', 'silent', '--state', dir]);
      const key = await carolKey(a.url);
      expect((await json(a.url, '/_devnet/snapshots', {})).id).toBe('0x1');
      await json(a.url, '/_devnet/reset', {});
      expect((await json(a.url, '/_devnet/snapshots', {})).id).toBe('0x2');
      await json(a.url, '/_devnet/deposit', { stark_key: key, contract_address: 'eth', amount: 5 });
      expect(await json(a.url, '/_devnet/snapshots/0x2/revert', {})).toEqual({ reverted: '0x2' });
      const hash = (await json(a.url, '/_devnet/invariants')).state_hash;
      await stop(a.cli);

      const b = await startServer(['--port', '0', '--log', 'silent', '--state', dir]);
      expect((await json(b.url, '/_devnet/invariants')).state_hash).toBe(hash);
      expect((await json(b.url, '/_devnet/snapshots', {})).id).toBe('0x3');
      await stop(b.cli);
    },
    TIMEOUT,
  );

  it(
    'a corrupt line before the end refuses to start (exit 1, line named) and changes nothing',
    async () => {
      const dir = tempDir();
      const a = await startServer(['--port', '0', '--log', 'silent', '--state', dir]);
      const key = await carolKey(a.url);
      for (let i = 0; i < 3; i++) await json(a.url, '/_devnet/deposit', { stark_key: key, contract_address: 'eth', amount: 1 });
      await stop(a.cli, 'SIGKILL');
      const path = join(dir, 'journal.jsonl');
      const lines = readFileSync(path, 'utf8').split('\n');
      lines[2] = lines[2]!.slice(0, 20) + '#garbage#';
      writeFileSync(path, lines.join('\n'));
      const before = readFileSync(path, 'utf8');
      const r = await runToExit(['--port', '0', '--log', 'silent', '--state', dir]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /journal\.jsonl line 3 has no checksum: it is not a journal line\. Nothing was changed; to start from the commands before it .* keep lines 1-2/,
      );
      expect(readFileSync(path, 'utf8')).toBe(before);
    },
    TIMEOUT,
  );

  it(
    'an unusable state dir and a dir in use by another process are refused with exit 1',
    async () => {
      const dir = tempDir();
      const file = join(dir, 'a-file');
      writeFileSync(file, 'x');
      const bad = await runToExit(['--port', '0', '--log', 'silent', '--state', join(file, 'state')]);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/state dir .* is not usable/);

      const a = await startServer(['--port', '0', '--log', 'silent', '--state', dir]);
      const second = await runToExit(['--port', '0', '--log', 'silent', '--state', dir]);
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(/is in use by another l2-devnet \(process \d+ on host /);
      await stop(a.cli);
    },
    TIMEOUT,
  );

  it(
    'the dir is owner-only (0700) and its files 0600, also when an older version left them readable to all',
    async () => {
      const dir = tempDir();
      chmodSync(dir, 0o755);
      const a = await startServer(['--port', '0', '--log', 'silent', '--state', dir]);
      const key = await carolKey(a.url);
      await json(a.url, '/_devnet/deposit', { stark_key: key, contract_address: 'eth', amount: 1 });
      const modes = () =>
        Object.fromEntries([
          ['.', statSync(dir).mode & 0o777],
          ...readdirSync(dir)
            .filter((f) => !f.startsWith('blocks'))
            .map((f) => [f, statSync(join(dir, f)).mode & 0o777]),
        ]);
      expect(modes()).toEqual({ '.': 0o700, 'image.jsonl': 0o600, 'journal.jsonl': 0o600, lock: 0o600 });
      await stop(a.cli);
      for (const f of ['image.jsonl', 'journal.jsonl', 'lock']) chmodSync(join(dir, f), 0o644);
      chmodSync(dir, 0o755);
      const b = await startServer(['--port', '0', '--log', 'silent', '--state', dir]);
      expect(modes()).toEqual({ '.': 0o700, 'image.jsonl': 0o600, 'journal.jsonl': 0o600, lock: 0o600 });
      await stop(b.cli);
    },
    TIMEOUT,
  );

  it(
    '--durability fsync: commands are answered, restored after kill -9, and the flag is checked',
    async () => {
      const dir = tempDir();
      const a = await startServer(['--port', '0', '--log', 'silent', '--state', dir, '--durability', 'fsync']);
      const key = await carolKey(a.url);
      for (let i = 0; i < 5; i++) await json(a.url, '/_devnet/deposit', { stark_key: key, contract_address: 'eth', amount: 2 });
      await stop(a.cli, 'SIGKILL');
      const b = await startServer(['--port', '0', '--log', 'silent', '--state', dir], { L2DEVNET_DURABILITY: 'fsync' });
      expect(await ethBalance(b.url, key)).toBe(10_000_010);
      await stop(b.cli);
      const bad = await runToExit(['--port', '0', '--durability', 'sometimes']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/--durability must be one of write\|fsync, got "sometimes"/);
    },
    TIMEOUT,
  );
});
