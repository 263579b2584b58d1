// Property: with a state dir, snapshot ids and the state survive any mix of snapshot, revert, delete,
// reset, deposits, compaction and restart. A model says which ids are live, which id the next
// snapshot gets (ids only grow: an old id never names a new snapshot) and which state hash each step
// must leave; every answer is checked against it, and every restart must give back the state hash of
// before it (every acknowledged command replayed). In process: a devnet and its state dir closed and
// reopened. As a real process: `dist/main.js --state DIR` killed with SIGKILL between commands.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Devnet } from '../../src/core/devnet.js';
import { DevnetError } from '../../src/domain/values/errors.js';
import { readGenesisFile } from '../../src/emulator/genesis-file.js';
import { openStateDir } from '../../src/persistence/state-dir.js';
import type { OpenStateDir } from '../../src/persistence/state-dir.js';
import { live, startServer, stop } from '../support/cli.js';
import type { Cli } from '../support/cli.js';
import { runs } from '../support/runs.js';

type Op =
  | { kind: 'snapshot' }
  | { kind: 'revert'; pick: number; stale: boolean }
  | { kind: 'delete'; pick: number; stale: boolean }
  | { kind: 'reset' }
  | { kind: 'deposit'; amount: number }
  | { kind: 'compact' }
  | { kind: 'restart' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'snapshot' as const }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('revert' as const), pick: fc.nat(), stale: fc.boolean() }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(), stale: fc.boolean() }), weight: 2 },
  { arbitrary: fc.constant({ kind: 'reset' as const }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 1, max: 1000 }) }), weight: 4 },
  { arbitrary: fc.constant({ kind: 'compact' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'restart' as const }), weight: 2 },
);

/** An answer: ok with its id, or refused with a FAILED code. */
type Answer = { ok: true; id?: string } | { ok: false; code: number };

/** The emulator under test, in process or as a process. */
interface Target {
  snapshot(): Promise<Answer>;
  revert(id: string): Promise<Answer>;
  delete(id: string): Promise<Answer>;
  reset(): Promise<void>;
  deposit(amount: number): Promise<void>;
  /** Whether it compacted; undefined where a compaction cannot be asked for (the process). */
  compact(): Promise<boolean | undefined>;
  restart(): Promise<void>;
  hash(): Promise<string>;
  close(): Promise<void>;
}

const hex = (n: number) => `0x${n.toString(16)}`;

/** Runs `ops` against `target` and the model, checking every answer and every restart. */
async function check(target: Target, ops: readonly Op[]): Promise<void> {
  const genesis = await target.hash();
  let next = 1;
  /** Live snapshots in the order taken, each with the state hash it restores. */
  let liveIds: { n: number; hash: string }[] = [];
  /** Ids handed out and no longer live: they must never name a snapshot again. */
  const dead: number[] = [];
  let hash = genesis;
  const pickId = (pick: number, stale: boolean): { id: string; live: boolean } => {
    if (liveIds.length > 0 && !stale) return { id: hex(liveIds[pick % liveIds.length]!.n), live: true };
    // A dead id (or one never handed out) must be refused.
    return { id: hex(dead.length > 0 ? dead[pick % dead.length]! : next + (pick % 3)), live: false };
  };
  for (const [step, o] of ops.entries()) {
    const at = `step ${step} (${JSON.stringify(o)})`;
    switch (o.kind) {
      case 'snapshot': {
        expect(await target.snapshot(), at).toEqual({ ok: true, id: hex(next) });
        liveIds.push({ n: next++, hash });
        break;
      }
      case 'revert': {
        const { id, live: isLive } = pickId(o.pick, o.stale);
        if (!isLive) {
          expect(await target.revert(id), at).toEqual({ ok: false, code: 19 });
          break;
        }
        expect(await target.revert(id), at).toEqual({ ok: true, id });
        const n = Number.parseInt(id.slice(2), 16);
        for (const s of liveIds) if (s.n > n) dead.push(s.n);
        liveIds = liveIds.filter((s) => s.n <= n);
        hash = liveIds.find((s) => s.n === n)!.hash;
        break;
      }
      case 'delete': {
        const { id, live: isLive } = pickId(o.pick, o.stale);
        if (!isLive) {
          expect(await target.delete(id), at).toEqual({ ok: false, code: 19 });
          break;
        }
        expect(await target.delete(id), at).toEqual({ ok: true, id });
        const n = Number.parseInt(id.slice(2), 16);
        dead.push(n);
        liveIds = liveIds.filter((s) => s.n !== n);
        break;
      }
      case 'reset':
        await target.reset();
        dead.push(...liveIds.map((s) => s.n));
        liveIds = [];
        hash = genesis;
        break;
      case 'deposit':
        await target.deposit(o.amount);
        hash = await target.hash();
        break;
      case 'compact': {
        const compacted = await target.compact();
        if (compacted !== undefined) expect(compacted, at).toBe(liveIds.length === 0);
        break;
      }
      case 'restart':
        await target.restart();
        break;
    }
    expect(await target.hash(), at).toBe(hash);
  }
  // After a last restart the next id is still the next one.
  await target.restart();
  expect(await target.hash()).toBe(hash);
  expect(await target.snapshot()).toEqual({ ok: true, id: hex(next) });
}

const dirs: string[] = [];
afterEach(() => {
  for (const c of live) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'l2-devnet-snapprop-'));
  dirs.push(d);
  return d;
}

function refused(e: unknown): Answer {
  if (e instanceof DevnetError) return { ok: false, code: e.code };
  throw e;
}

/** A devnet with a state dir, in this process; a restart closes it and opens the dir again. */
function inProcess(dir: string): Target {
  let devnet!: Devnet;
  let sd!: OpenStateDir;
  const open = () => {
    devnet = new Devnet({ genesis: readGenesisFile(), signatures: 'skip' });
    sd = openStateDir(dir, devnet);
  };
  open();
  const carol = () => devnet.accounts().accounts[2]!.stark_key;
  return {
    snapshot: async () => ({ ok: true, id: devnet.snapshot().id }),
    revert: async (id) => {
      try {
        return { ok: true, id: devnet.revert(id).reverted };
      } catch (e) {
        return refused(e);
      }
    },
    delete: async (id) => {
      try {
        return { ok: true, id: devnet.deleteSnapshot(id).deleted };
      } catch (e) {
        return refused(e);
      }
    },
    reset: async () => void devnet.reset(),
    deposit: async (amount) => void devnet.deposit({ starkKey: carol(), contractAddress: 'eth', amount: BigInt(amount) }),
    compact: async () => sd.compact(),
    restart: async () => {
      sd.close();
      open();
    },
    hash: async () => devnet.stateHash(),
    close: async () => sd.close(),
  };
}

const ARGS = (dir: string) => ['--port', '0', '--log', 'silent', '--signatures', 'skip', '--state', dir];

/** `dist/main.js --state DIR` over HTTP; a restart is SIGKILL and a new process on the same dir. */
async function asProcess(dir: string): Promise<Target> {
  let server: { cli: Cli; url: string } = await startServer(ARGS(dir));
  const call = async (method: string, path: string, body?: unknown): Promise<any> => {
    const res = await fetch(
      server.url + path,
      body === undefined ? { method } : { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } },
    );
    return JSON.parse(await res.text());
  };
  const answer = (body: any, key: string): Answer =>
    body.status === 'FAILED' ? { ok: false, code: body.error_code } : { ok: true, id: body[key] };
  const carol = (await call('GET', '/_devnet/accounts')).accounts.find((a: { name: string }) => a.name === 'carol').stark_key;
  return {
    snapshot: async () => answer(await call('POST', '/_devnet/snapshots', {}), 'id'),
    revert: async (id) => answer(await call('POST', `/_devnet/snapshots/${id}/revert`, {}), 'reverted'),
    delete: async (id) => answer(await call('DELETE', `/_devnet/snapshots/${id}`), 'deleted'),
    reset: async () => void expect((await call('POST', '/_devnet/reset', {})).state_hash).toMatch(/^0x/),
    deposit: async (amount) =>
      void expect((await call('POST', '/_devnet/deposit', { stark_key: carol, contract_address: 'eth', amount })).sequence_id).toBeTypeOf(
        'number',
      ),
    compact: async () => undefined,
    restart: async () => {
      await stop(server.cli, 'SIGKILL');
      server = await startServer(ARGS(dir));
    },
    hash: async () => (await call('GET', '/_devnet/invariants')).state_hash,
    close: async () => void (await stop(server.cli, 'SIGTERM')),
  };
}

describe('snapshot ids and state through a state dir', () => {
  it('in process: random snapshot, revert, delete, reset, deposit, compaction and restart sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const target = inProcess(tempDir());
        try {
          await check(target, ops);
        } finally {
          await target.close();
        }
      }),
      { numRuns: runs(25, 200) },
    );
  }, 60_000);

  it('a real process killed with SIGKILL at random points between acknowledged commands', async () => {
    // Each sequence holds two kills at random places (besides the final restart): a few runs, as each start is a process.
    const withKills = fc
      .tuple(
        fc.array(
          op.filter((o) => o.kind !== 'restart' && o.kind !== 'compact'),
          { minLength: 4, maxLength: 14 },
        ),
        fc.nat(),
        fc.nat(),
      )
      .map(([ops, a, b]) => {
        const out: Op[] = [...ops];
        for (const at of [a, b]) out.splice(at % (out.length + 1), 0, { kind: 'restart' });
        return out;
      });
    await fc.assert(
      fc.asyncProperty(withKills, async (ops) => {
        const target = await asProcess(tempDir());
        try {
          await check(target, ops);
        } finally {
          await target.close();
        }
      }),
      { numRuns: runs(2, 8) },
    );
  }, 90_000);
});
