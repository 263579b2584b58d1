// A state field is one declaration (src/domain/state/fields.ts): this test adds two there and nowhere
// else (a map dumped one item per line, and a register), has the deposit command write them, and sees
// them survive what every datum must: a failed command, a snapshot's revert, a dump and load (both
// layouts), the state hash, and a journal replay through a state directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/domain/state/fields.js', async (original) => {
  const m = await original<typeof import('../../../../src/domain/state/fields.js')>();
  const { pairs, value } = await import('../../../../src/domain/state/members.js');
  const { TrackedMap } = await import('../../../../src/domain/state/undo.js');
  const { count, entry, text } = await import('../../../../src/domain/state/entities.js');
  return {
    ...m,
    STATE_FIELDS: {
      ...m.STATE_FIELDS,
      testNotes: pairs({
        name: 'test_notes',
        item: entry(text('stark key'), text('note')),
        optional: true,
        empty: (undo) => TrackedMap.create<string, string>(undo),
        read: (w) => w as string,
      }),
      testTicks: value({ name: 'test_ticks', schema: count(), empty: () => 0, write: (n) => n, read: (n) => n, register: true }),
    },
  };
});

// The deposit command writes the new fields (a test stand-in for the rule that would use them) for an
// amount below 100 (the genesis deposits far more, so it leaves them empty), then fails on a zero amount.
vi.mock('../../../../src/domain/ledger/deposits.js', async (original) => {
  const m = await original<typeof import('../../../../src/domain/ledger/deposits.js')>();
  return {
    ...m,
    deposit: (state: Record<string, unknown>, input: Parameters<typeof m.deposit>[1]) => {
      const s = state as { testNotes: Map<string, string>; testTicks: number };
      if (input.amount !== undefined && input.amount < 100n) {
        s.testTicks += 1;
        s.testNotes.set(input.starkKey, `deposited ${input.amount}`);
      }
      return m.deposit(state as unknown as Parameters<typeof m.deposit>[0], input);
    },
  };
});

const { Devnet } = await import('../../../../src/core/devnet.js');
const { readGenesisFile } = await import('../../../../src/emulator/genesis-file.js');
const { openStateDir } = await import('../../../../src/persistence/state-dir.js');

type Extra = { testNotes: Map<string, string>; testTicks: number };
const extra = (devnet: InstanceType<typeof Devnet>) => devnet.state as unknown as Extra;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('a state field declared in one place', () => {
  const devnet = new Devnet({ genesis: readGenesisFile(), signatures: 'skip' });
  const [alice, bob] = devnet.accounts().accounts.map((a) => a.stark_key);

  it('starts empty and is undone with a command that fails', () => {
    expect(extra(devnet).testTicks).toBe(0);
    expect(devnet.dump()).not.toHaveProperty('test_notes');
    expect(devnet.dump().test_ticks).toBe(0);
    expect(() => devnet.deposit({ starkKey: alice, contractAddress: 'eth', amount: 0n })).toThrow();
    expect(extra(devnet).testTicks).toBe(0);
    expect(extra(devnet).testNotes.size).toBe(0);
  });

  it('is reverted with a snapshot', () => {
    devnet.deposit({ starkKey: alice, contractAddress: 'eth', amount: 5n });
    const { id } = devnet.snapshot();
    const hash = devnet.stateHash();
    devnet.deposit({ starkKey: bob, contractAddress: 'eth', amount: 7n });
    devnet.deposit({ starkKey: alice, contractAddress: 'eth', amount: 9n });
    expect(extra(devnet).testTicks).toBe(3);
    expect([...extra(devnet).testNotes]).toEqual([
      [alice, 'deposited 9'],
      [bob, 'deposited 7'],
    ]);
    expect(devnet.stateHash()).not.toBe(hash);
    devnet.revert(id);
    expect(extra(devnet).testTicks).toBe(1);
    expect([...extra(devnet).testNotes]).toEqual([[alice, 'deposited 5']]);
    expect(devnet.stateHash()).toBe(hash);
  });

  it('is dumped, hashed and loaded in both layouts', () => {
    devnet.deposit({ starkKey: bob, contractAddress: 'eth', amount: 7n });
    const dump = devnet.dump();
    expect(dump.test_notes).toEqual([
      [alice, 'deposited 5'],
      [bob, 'deposited 7'],
    ]);
    expect(dump.test_ticks).toBe(2);
    const text = devnet.dumpText();
    expect(text.join('')).toContain('\n"test_ticks":2\n}');
    for (const load of [(d: InstanceType<typeof Devnet>) => d.loadPieces(text), (d: InstanceType<typeof Devnet>) => d.load(dump)]) {
      const other = new Devnet({ genesis: readGenesisFile(), signatures: 'skip' });
      load(other);
      expect(extra(other).testTicks).toBe(2);
      expect([...extra(other).testNotes]).toEqual([...extra(devnet).testNotes]);
      expect(other.stateHash()).toBe(devnet.stateHash());
    }
    // Checked against its declared schema like any member.
    const other = new Devnet({ genesis: readGenesisFile(), signatures: 'skip' });
    expect(() => other.load({ ...dump, test_ticks: -1 })).toThrow(/test_ticks must be/);
    expect(() => other.load({ ...dump, test_notes: [[alice, 5]] })).toThrow(/test_notes\[0\]\[1\] must be a string/);
  });

  it('comes back by a journal replay', () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2-devnet-field-'));
    dirs.push(dir);
    const open = () => {
      const d = new Devnet({ genesis: readGenesisFile(), signatures: 'skip' });
      return { d, sd: openStateDir(dir, d, { compactBytes: 1 << 30 }) };
    };
    const first = open();
    first.d.deposit({ starkKey: alice, contractAddress: 'eth', amount: 3n });
    first.d.deposit({ starkKey: bob, contractAddress: 'eth', amount: 4n });
    const hash = first.d.stateHash();
    first.sd.close();
    const again = open();
    expect(extra(again.d).testTicks).toBe(2);
    expect([...extra(again.d).testNotes]).toEqual([
      [alice, 'deposited 3'],
      [bob, 'deposited 4'],
    ]);
    expect(again.d.stateHash()).toBe(hash);
    again.sd.close();
  });
});
