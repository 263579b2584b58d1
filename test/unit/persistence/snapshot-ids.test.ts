// Snapshot ids through a state dir: the id counter is part of the state image, so a replay after any
// mix of reset, compaction and restart hands out the ids that were answered, and an old id never
// names a new snapshot. Snapshots live at a restart stay revertable (the journal since them is kept).
import { describe, expect, it } from 'vitest';
import { Devnet } from '../../../src/core/devnet.js';
import { readGenesisFile } from '../../../src/emulator/genesis-file.js';
import { open, tempDir as scratchDir } from './scratch-dir.js';

const tempDir = () => scratchDir('l2-devnet-snapids-');

describe('snapshot ids across resets, compactions and restarts', () => {
  it('a revert drops the later snapshots but not their ids: the next snapshot gets a new one (it used to reuse 0x2)', () => {
    const devnet = new Devnet({ genesis: readGenesisFile(), signatures: 'skip' });
    expect(devnet.snapshot().id).toBe('0x1');
    expect(devnet.snapshot().id).toBe('0x2');
    devnet.revert('0x1');
    expect(devnet.snapshot().id).toBe('0x3');
    expect(() => devnet.revert('0x2')).toThrow(/no snapshot with id "0x2"/);
  });

  it('snapshot, reset, snapshot, revert, restart: the start replays the revert (it used to exit: no snapshot with id "0x2")', () => {
    const dir = tempDir();
    const a = open(dir);
    expect(a.devnet.snapshot().id).toBe('0x1');
    a.devnet.reset();
    expect(a.devnet.snapshot().id).toBe('0x2');
    a.deposit(5n);
    a.devnet.revert('0x2');
    const hash = a.devnet.stateHash();
    a.sd.close();
    const b = open(dir);
    expect(b.devnet.stateHash()).toBe(hash);
    expect(b.devnet.snapshot().id).toBe('0x3');
    b.sd.close();
  });

  it('snapshot, delete, restart (a compaction), snapshot: the new id is not an old one', () => {
    const dir = tempDir();
    const a = open(dir);
    expect(a.devnet.snapshot().id).toBe('0x1');
    a.deposit(1n);
    a.devnet.deleteSnapshot('0x1');
    a.sd.close();
    const b = open(dir);
    expect(b.devnet.snapshot().id).toBe('0x2');
    b.deposit(2n);
    b.devnet.revert('0x2');
    const hash = b.devnet.stateHash();
    b.sd.close();
    const c = open(dir);
    expect(c.devnet.stateHash()).toBe(hash);
    c.devnet.revert('0x2');
    expect(c.devnet.snapshot().id).toBe('0x3');
    c.sd.close();
  });

  it('the counter survives a compaction of a long journal', () => {
    const dir = tempDir();
    const a = open(dir);
    for (let i = 0; i < 4; i++) {
      a.devnet.snapshot();
      a.deposit(BigInt(i + 1));
      a.devnet.revert(`0x${i + 1}`);
      a.devnet.deleteSnapshot(`0x${i + 1}`);
      a.sd.compact(); // no snapshot live: the journal becomes a new image
    }
    a.sd.close();
    const b = open(dir);
    expect(b.sd.report.replayed).toBe(0);
    expect(b.devnet.snapshot().id).toBe('0x5');
    b.sd.close();
  });

  it('a compaction waits while a snapshot is live (its journal is what makes it revertable after a restart)', () => {
    const dir = tempDir();
    const a = open(dir);
    const { id } = a.devnet.snapshot();
    const before = a.devnet.stateHash();
    a.deposit(3n);
    a.sd.compact();
    a.devnet.revert(id);
    a.deposit(4n);
    const hash = a.devnet.stateHash();
    a.sd.close();
    const b = open(dir);
    expect(b.devnet.stateHash()).toBe(hash);
    b.devnet.revert(id);
    expect(b.devnet.stateHash()).toBe(before);
    b.sd.close();
  });

  it('a snapshot live at a restart stays revertable after it', () => {
    const dir = tempDir();
    const a = open(dir);
    a.devnet.reset();
    const { id } = a.devnet.snapshot();
    const before = a.devnet.stateHash();
    a.deposit(9n);
    a.sd.close();
    const b = open(dir);
    expect(b.devnet.revert(id)).toEqual({ reverted: id });
    expect(b.devnet.stateHash()).toBe(before);
    b.sd.close();
  });
});
