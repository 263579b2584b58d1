// The state dir in-process: compaction keeps the journal bounded, restores are exact, snapshots defer compaction.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Devnet } from '../../../src/core/devnet.js';
import { readGenesisFile } from '../../../src/emulator/genesis-file.js';
import { openStateDir } from '../../../src/persistence/state-dir.js';
import { readJournal } from '../../../src/persistence/journal.js';
import { ETH_ASSET, testClient } from '../../support/client.js';
import { fileForm, genesisProject, seededBytes, storagePath, upload } from '../../support/storage-files.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setup(compactBytes: number) {
  const dir = mkdtempSync(join(tmpdir(), 'l2-devnet-sd-'));
  dirs.push(dir);
  const open = () => {
    const devnet = new Devnet({ genesis: readGenesisFile(), signatures: 'skip' });
    const sd = openStateDir(dir, devnet, { compactBytes });
    return { devnet, sd, carol: devnet.accounts().accounts[2]!.stark_key };
  };
  return { dir, open };
}

describe('state dir', () => {
  it('compacts once the journal outgrows the threshold, and a restart gives the same state hash', () => {
    const { dir, open } = setup(2_000);
    const a = open();
    for (let i = 0; i < 200; i++) a.devnet.deposit({ starkKey: a.carol, contractAddress: 'eth', amount: 1n });
    const journalBytes = statSync(join(dir, 'journal.jsonl')).size;
    // Bounded by the larger of the threshold and the image size, never by the 200 commands.
    expect(journalBytes).toBeLessThanOrEqual(Math.max(2_000, statSync(join(dir, 'image.jsonl')).size) + 400);
    const image = JSON.parse(readFileSync(join(dir, 'image.jsonl'), 'utf8').split('\n')[0]!);
    expect(image.format).toBe('l2-devnet/image@2');
    expect(image.journal_seq).toBeGreaterThan(0);
    const hash = a.devnet.stateHash();
    a.sd.close();
    const b = open();
    expect(b.devnet.stateHash()).toBe(hash);
    expect(b.sd.report.replayed).toBe(200 - image.journal_seq);
    b.sd.close();
  });

  it('does not compact while a snapshot is live, so the snapshot still reverts after a restart', () => {
    const { dir, open } = setup(500);
    const a = open();
    const before = a.devnet.stateHash();
    const { id } = a.devnet.snapshot();
    for (let i = 0; i < 50; i++) a.devnet.deposit({ starkKey: a.carol, contractAddress: 'eth', amount: 1n });
    expect(readJournal(join(dir, 'journal.jsonl'))!.lines).toHaveLength(51);
    a.sd.close();
    const b = open();
    b.devnet.revert(id);
    expect(b.devnet.stateHash()).toBe(before);
    b.sd.close();
  });

  it('a deleted snapshot stays deleted after a restart, and compaction resumes once none is live', () => {
    const { dir, open } = setup(500);
    const a = open();
    const { id } = a.devnet.snapshot();
    for (let i = 0; i < 20; i++) a.devnet.deposit({ starkKey: a.carol, contractAddress: 'eth', amount: 1n });
    a.devnet.deleteSnapshot(id);
    a.sd.close();
    expect(readJournal(join(dir, 'journal.jsonl'))!.lines).toHaveLength(22);
    const b = open();
    expect(b.sd.report.replayed).toBe(22);
    expect(() => b.devnet.revert(id)).toThrow(/no snapshot with id/);
    expect(b.devnet.snapshotIds()).toEqual([]);
    // With no snapshot live after the replay, the restart compacted the journal into the image.
    expect(readJournal(join(dir, 'journal.jsonl'))!.lines).toHaveLength(0);
    b.sd.close();
  });

  it('reset and state loads are written as a new image at once', () => {
    const { dir, open } = setup(1 << 20);
    const a = open();
    const genesis = a.devnet.stateHash();
    a.devnet.deposit({ starkKey: a.carol, contractAddress: 'eth', amount: 9n });
    a.devnet.reset();
    expect(readJournal(join(dir, 'journal.jsonl'))!.lines).toHaveLength(0);
    a.sd.close();
    const b = open();
    expect(b.devnet.stateHash()).toBe(genesis);
    b.sd.close();
  });

  it('refused commands and pure queries are not journaled', () => {
    const { dir, open } = setup(1 << 20);
    const a = open();
    expect(() => a.devnet.deposit({ starkKey: a.carol, contractAddress: 'eth', amount: 0n })).toThrow();
    a.devnet.balances(a.carol);
    a.devnet.vaults([a.carol], [BigInt(ETH_ASSET)]); // genesis deposits already allocated it
    expect(readJournal(join(dir, 'journal.jsonl'))!.lines).toHaveLength(0);
    a.sd.close();
  });
});

describe('state dir with storage', () => {
  it('uploads survive a restart: the index is in the image or journal, the blocks under DIR/blocks, the gateway serves them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2-devnet-sd-'));
    dirs.push(dir);
    const a = testClient({ stateDir: dir });
    const project = await genesisProject(a);
    const up = await upload(a, project, fileForm('hello.txt', seededBytes(3000, 7)));
    expect(up.body.status).toBe('OK');
    const snap = (await a.post('/_devnet/snapshots', {})).body.id;
    const removed = await a.post(`${storagePath(project)}/remove`, { cid: up.body.data.cid }, { 'x-api-key': a.apiKey });
    expect(removed.body.status).toBe('OK');
    const hash = a.dn.devnet.stateHash();
    await a.dn.close();

    const b = testClient({ stateDir: dir });
    expect(b.dn.devnet.stateHash()).toBe(hash);
    const served = await b.dn.fetch(new Request(`http://devnet.test/ipfs/${up.body.data.cid}/hello.txt`));
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(seededBytes(3000, 7)))).toBe(true);
    expect((await b.get('/_devnet/invariants')).body.violations).toEqual([]);
    // The journaled snapshot came back too: reverting un-removes the file.
    await b.post(`/_devnet/snapshots/${snap}/revert`, {});
    const list = await b.get(storagePath(project), { 'x-api-key': b.apiKey });
    expect(list.body.data.storages.list.map((f: { cid: string }) => f.cid)).toEqual([up.body.data.cid]);
    await b.dn.close();
  });
});
