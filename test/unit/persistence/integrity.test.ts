// Detectable corruption: every journal line and the image carry a checksum, lines are chained and
// numbered, so a changed, missing or reordered line refuses to start (naming the line) and changes
// nothing; only an incomplete last line is dropped.
import { describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StateDirError } from '../../../src/persistence/state-dir.js';
import { lineSum, sealLine, unsealLine } from '../../../src/persistence/codec.js';
import { open, tempDir as scratchDir } from './scratch-dir.js';

const tempDir = () => scratchDir('l2-devnet-int-');

/** A dir whose journal holds `amounts.length` deposits after the genesis image; returns its state hash. */
function withDeposits(dir: string, amounts: bigint[]): string {
  const a = open(dir);
  for (const x of amounts) a.deposit(x);
  const hash = a.devnet.stateHash();
  a.sd.close();
  return hash;
}

const journalOf = (dir: string) => join(dir, 'journal.jsonl');
const imageOf = (dir: string) => join(dir, 'image.jsonl');
const linesOf = (dir: string) => readFileSync(journalOf(dir), 'utf8').split('\n');

/** Opening must fail with a message matching `pattern`, and leave every file byte for byte as it was. */
function refusedUnchanged(dir: string, pattern: RegExp): void {
  const before = [readFileSync(journalOf(dir), 'utf8'), existsSync(imageOf(dir)) ? readFileSync(imageOf(dir), 'utf8') : ''];
  let error: unknown;
  try {
    open(dir).sd.close();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(StateDirError);
  expect((error as Error).message).toMatch(pattern);
  expect((error as Error).message).toMatch(/Nothing was changed/);
  expect([readFileSync(journalOf(dir), 'utf8'), existsSync(imageOf(dir)) ? readFileSync(imageOf(dir), 'utf8') : '']).toEqual(before);
}

describe('journal integrity', () => {
  it('a changed amount in a middle line is refused, naming the line (it used to replay silently)', () => {
    const dir = tempDir();
    withDeposits(dir, [1n, 2n, 3n, 4n]);
    const lines = linesOf(dir);
    // Line 1 is the header; line 3 holds the second deposit. The JSON stays valid: only the checksum can tell.
    lines[2] = lines[2]!.replace('"$big":"2"', '"$big":"9"');
    writeFileSync(journalOf(dir), lines.join('\n'));
    refusedUnchanged(dir, /journal\.jsonl line 3 does not match its checksum/);
  });

  it('a changed line whose own checksum was recomputed is caught by the next line (the chain)', () => {
    const dir = tempDir();
    withDeposits(dir, [1n, 2n, 3n]);
    const lines = linesOf(dir);
    const previous = unsealLine(lines[1]!)!.sum;
    const body = unsealLine(lines[2]!)!.body.replace('"$big":"2"', '"$big":"9"');
    lines[2] = sealLine(body, lineSum(previous, body));
    writeFileSync(journalOf(dir), lines.join('\n'));
    refusedUnchanged(dir, /journal\.jsonl line 4 does not match its checksum: this line \(or one before it\) was changed/);
  });

  it('a missing middle line is refused, naming the line where the gap shows', () => {
    const dir = tempDir();
    withDeposits(dir, [1n, 2n, 3n, 4n]);
    const lines = linesOf(dir);
    lines.splice(2, 1);
    writeFileSync(journalOf(dir), lines.join('\n'));
    refusedUnchanged(dir, /line 3 has seq 3 where 2 was expected: lines are missing or out of order/);
  });

  it('two lines swapped are refused', () => {
    const dir = tempDir();
    withDeposits(dir, [1n, 2n, 3n]);
    const lines = linesOf(dir);
    [lines[2], lines[3]] = [lines[3]!, lines[2]!];
    writeFileSync(journalOf(dir), lines.join('\n'));
    refusedUnchanged(dir, /line 3 has seq 3 where 2 was expected/);
  });

  it('an incomplete last line is dropped and reported; the lines before it are kept and appending goes on cleanly', () => {
    const dir = tempDir();
    withDeposits(dir, [1n, 2n, 3n]);
    const text = readFileSync(journalOf(dir), 'utf8');
    writeFileSync(journalOf(dir), text.slice(0, text.length - 40)); // the last deposit's line, cut short
    const b = open(dir);
    expect(b.sd.report).toMatchObject({ restored: true, replayed: 2 });
    expect(b.sd.report.droppedTail).toMatch(/^\{"seq":3,"cmd":"deposit"/);
    expect(b.balance()).toBe(10_000_000n + 3n);
    b.deposit(5n);
    const hash = b.devnet.stateHash();
    b.sd.close();
    const c = open(dir);
    expect(c.sd.report).toMatchObject({ restored: true, droppedTail: null });
    expect(c.devnet.stateHash()).toBe(hash);
    c.sd.close();
  });

  it('a journal truncated to 0 bytes is refused (it used to lose everything without a word)', () => {
    const dir = tempDir();
    withDeposits(dir, [1n, 2n]);
    writeFileSync(journalOf(dir), '');
    refusedUnchanged(dir, /journal\.jsonl is empty, but a journal always begins with its header line: it was truncated/);
  });

  it('a journal cut to half at a line end keeps a valid prefix; cut mid-line it drops only that line', () => {
    // A cut exactly at a line end cannot be told from a journal that had fewer commands (one file, one
    // write per command); the replayed count in the ready line is what a user can check.
    const dir = tempDir();
    withDeposits(dir, [1n, 2n, 3n, 4n]);
    const lines = linesOf(dir);
    writeFileSync(journalOf(dir), lines.slice(0, 3).join('\n') + '\n');
    const b = open(dir);
    expect(b.sd.report).toMatchObject({ replayed: 2, droppedTail: null });
    b.sd.close();
  });

  it('a deleted journal starts from the image alone and says so (the documented way to discard it)', () => {
    const dir = tempDir();
    const a = open(dir);
    a.deposit(1n);
    a.sd.compact();
    a.deposit(2n);
    a.sd.close();
    rmSync(journalOf(dir));
    const b = open(dir);
    expect(b.sd.report).toMatchObject({ restored: true, replayed: 0, journalMissing: true });
    expect(b.balance()).toBe(10_000_000n + 1n);
    b.sd.close();
  });

  it('a changed or truncated image is refused before it is parsed', () => {
    const dir = tempDir();
    withDeposits(dir, [1n]);
    const image = readFileSync(imageOf(dir), 'utf8');
    writeFileSync(imageOf(dir), image.replace('"next_sequence_id":13', '"next_sequence_id":14'));
    refusedUnchanged(dir, /image\.jsonl does not match its checksum: it was changed or damaged/);
    writeFileSync(imageOf(dir), image.slice(0, image.length / 2));
    refusedUnchanged(dir, /image\.jsonl is not an image: it must be a header line and the state, ending with a newline/);
  });

  it("a journal that continues another dir's image is refused", () => {
    const a = tempDir();
    const b = tempDir();
    for (const [dir, amount] of [
      [a, 1n],
      [b, 2n],
    ] as const) {
      const x = open(dir);
      x.deposit(amount);
      x.sd.compact();
      x.deposit(amount);
      x.sd.close();
    }
    copyFileSync(journalOf(b), journalOf(a));
    refusedUnchanged(a, /journal\.jsonl does not continue .*image\.jsonl: their checksums differ at seq 1/);
  });

  it('a journal without its image is refused', () => {
    const dir = tempDir();
    withDeposits(dir, [1n]);
    rmSync(imageOf(dir));
    refusedUnchanged(dir, /journal\.jsonl exists but .*image\.jsonl does not/);
  });

  it('restarts give the same state hash, across compactions', () => {
    const dir = tempDir();
    const a = open(dir, { compactBytes: 1_000 });
    for (let i = 0; i < 50; i++) a.deposit(BigInt(i + 1));
    const hash = a.devnet.stateHash();
    a.sd.close();
    const b = open(dir, { compactBytes: 1_000 });
    expect(b.devnet.stateHash()).toBe(hash);
    b.sd.close();
  });
});

describe('parsing without cliffs', () => {
  it('a 12,000,000-character marketplace name survives compaction and restart (it used to make every start fail)', () => {
    const dir = tempDir();
    const a = open(dir);
    const apiKey = [...a.devnet.state.apiKeys.keys()][0]!;
    const project = [...a.devnet.state.projects.values()].find((p) => p.owner === apiKey)!.uuid;
    const name = 'm'.repeat(11_999_999) + '"';
    const carol = a.devnet.accounts().accounts[2]!.stark_key;
    const { marketplace_uuid } = a.devnet.createMarketplace(apiKey, {
      name,
      payee: carol,
      fee: { num: 15n, den: 1000n, text: '0.015' },
      projectUuid: project,
    });
    a.sd.compact(); // the name is in the image now, not only in the journal
    a.deposit(1n);
    const hash = a.devnet.stateHash();
    a.sd.close();
    const b = open(dir);
    expect(b.devnet.stateHash()).toBe(hash);
    expect(b.devnet.state.marketplaces.get(marketplace_uuid)!.name).toBe(name);
    b.sd.close();
  });
});

describe('the last line is judged by its checksum, not its newline', () => {
  it('an intact last line whose newline became a space is kept (it used to be dropped as never acknowledged)', () => {
    const dir = tempDir();
    const hash = withDeposits(dir, [1n, 2n, 3n]);
    const text = readFileSync(journalOf(dir), 'utf8');
    writeFileSync(journalOf(dir), text.slice(0, -1) + ' ');
    const b = open(dir);
    expect(b.sd.report).toMatchObject({ restored: true, replayed: 3, droppedTail: null, unterminatedTail: true });
    expect(b.devnet.stateHash()).toBe(hash);
    expect(b.balance()).toBe(10_000_000n + 6n);
    // Appending goes on on a line of its own.
    b.deposit(5n);
    const after = b.devnet.stateHash();
    b.sd.close();
    expect(readFileSync(journalOf(dir), 'utf8').endsWith('}\n')).toBe(true);
    const c = open(dir);
    expect(c.sd.report).toMatchObject({ droppedTail: null, unterminatedTail: false });
    expect(c.devnet.stateHash()).toBe(after);
    c.sd.close();
  });

  it('an intact last line with no newline at all is kept', () => {
    const dir = tempDir();
    const hash = withDeposits(dir, [1n, 2n]);
    const text = readFileSync(journalOf(dir), 'utf8');
    writeFileSync(journalOf(dir), text.slice(0, -1));
    const b = open(dir);
    expect(b.sd.report).toMatchObject({ replayed: 2, droppedTail: null, unterminatedTail: true });
    expect(b.devnet.stateHash()).toBe(hash);
    b.sd.close();
  });

  it('a last line whose checksum fails and has no newline is the one line dropped', () => {
    const dir = tempDir();
    withDeposits(dir, [1n, 2n]);
    const text = readFileSync(journalOf(dir), 'utf8');
    writeFileSync(journalOf(dir), text.slice(0, -1).replace(/"\$big":"2"(?=[^\n]*$)/, '"$big":"7"'));
    const b = open(dir);
    expect(b.sd.report).toMatchObject({ replayed: 1, unterminatedTail: false });
    expect(b.sd.report.droppedTail).toMatch(/^\{"seq":2,"cmd":"deposit"/);
    b.sd.close();
  });

  it('lines holding characters of several bytes keep the journal whole across restarts (the good length is in bytes)', () => {
    const dir = tempDir();
    const a = open(dir);
    const apiKey = [...a.devnet.state.apiKeys.keys()][0]!;
    a.devnet.createProject(apiKey, 'projé ✓ 🚀');
    a.deposit(1n);
    a.devnet.snapshot(); // a live snapshot: the restart resumes this journal rather than compacting it
    a.sd.close();
    const b = open(dir);
    b.deposit(2n);
    const hash = b.devnet.stateHash();
    b.sd.close();
    const c = open(dir);
    expect(c.sd.report).toMatchObject({ replayed: 4, droppedTail: null });
    expect(c.devnet.stateHash()).toBe(hash);
    c.sd.close();
  });
});
