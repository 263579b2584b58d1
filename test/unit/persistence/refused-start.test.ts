// A refused start changes no file: every namespace of a state dir is read and replayed in memory
// first, and only when all of them are sound does any of them write (a first image, a cut tail, a compaction).
import { afterEach, describe, expect, it } from 'vitest';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { createDevnet } from '../../../src/index.js';
import type { InProcessDevnet } from '../../../src/index.js';
import type { Devnet } from '../../../src/core/devnet.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Every file under `dir` but the lock files (taken, empty, while a dir is read): a hash of its bytes, and its mtime. */
function files(dir: string): Map<string, { bytes: string; mtime: number }> {
  const out = new Map<string, { bytes: string; mtime: number }>();
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile() || e.name === 'lock') continue;
    const path = join(e.parentPath, e.name);
    out.set(path, { bytes: createHash('sha256').update(readFileSync(path)).digest('hex'), mtime: statSync(path).mtimeMs });
  }
  return out;
}

function deposit(d: Devnet, amount: bigint): void {
  d.deposit({ starkKey: d.accounts().accounts[2]!.stark_key, contractAddress: 'eth', amount });
}

async function namespace(devnet: InProcessDevnet, name: string): Promise<Devnet> {
  await devnet.fetch(`/ns/${name}/_devnet/health`);
  return devnet.namespaces.instance(name)!.devnet;
}

describe('a refused start', () => {
  it('rewrites nothing in any namespace when one namespace is damaged (default used to replay and compact first)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2-refused-'));
    dirs.push(dir);
    const first = createDevnet({ stateDir: dir, signatures: 'skip' });
    // Journal lines in every namespace: a start that got to write would compact them into new images.
    deposit(first.devnet, 1n);
    deposit(first.devnet, 2n);
    for (const name of ['a-fine', 'b-broken', 'c-fine']) {
      const d = await namespace(first, name);
      deposit(d, 3n);
      deposit(d, 4n);
    }
    await first.close();
    const journal = join(dir, 'ns', 'b-broken', 'journal.jsonl');
    writeFileSync(journal, readFileSync(journal, 'utf8').replace('"$big":"3"', '"$big":"9"'));
    // A torn last line in default's journal: opening it would cut it off.
    appendFileSync(join(dir, 'journal.jsonl'), '{"seq":3,"cmd":"deposit","args":[{"sta');
    // A namespace dir that holds nothing yet: opening it would write its first image.
    mkdirSync(join(dir, 'ns', 'a-empty'));
    // A temp block left by a crash: opening the block store used to clear it.
    mkdirSync(join(dir, 'blocks-tmp'), { recursive: true });
    writeFileSync(join(dir, 'blocks-tmp', 'stray'), 'x');
    const before = files(dir);
    expect([...before.keys()].some((p) => p.includes('b-broken'))).toBe(true);
    let error: unknown;
    try {
      createDevnet({ stateDir: dir, signatures: 'skip' });
    } catch (e) {
      error = e;
    }
    expect((error as Error).message).toMatch(/b-broken.*journal\.jsonl line 2 does not match its checksum.*Nothing was changed/s);
    expect(files(dir)).toEqual(before);
    expect(readdirSync(join(dir, 'ns', 'a-empty')).filter((f) => f.endsWith('.jsonl') || f.startsWith('blocks'))).toEqual([]);
  });
});
