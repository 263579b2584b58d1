// --storage-quota: bytes a project may keep listed; an upload past it is refused with 413 and leaves nothing.
import { describe, expect, it } from 'vitest';
import { parseFlags } from '../../src/cli/flags.js';
import { failedCode, testClient } from '../support/client.js';
import { fileForm, genesisProject, seededBytes, storagePath, upload } from '../support/storage-files.js';

const QUOTA = 100_000;

describe('storage quota', () => {
  it('takes uploads up to the quota, refuses the one past it (413, nothing listed or stored), and frees room on removal', async () => {
    const c = testClient({ storageQuota: QUOTA });
    const project = await genesisProject(c);
    const h = { 'x-api-key': c.apiKey };
    const first = await upload(c, project, fileForm('a.bin', seededBytes(60_000, 1)));
    expect(first.body.status).toBe('OK');
    const blocksBefore = [...c.dn.devnet.storage.blocks.keys()].length;
    const second = await upload(c, project, fileForm('b.bin', seededBytes(60_000, 2)));
    expect(second.status).toBe(413);
    expect(failedCode(second)).toBe(19);
    expect(second.body.error).toBe(
      `file exceeds what is left of project ${project}'s storage quota: 40000 of 100000 bytes (--storage-quota)`,
    );
    expect([...c.dn.devnet.storage.blocks.keys()].length).toBe(blocksBefore);
    const listed = (await c.get(storagePath(project), h)).body.data.storages.list.map((f: { filename: string }) => f.filename);
    expect(listed).toEqual(['a.bin']);
    // Exactly what is left fits.
    expect((await upload(c, project, fileForm('c.bin', seededBytes(40_000, 3)))).body.status).toBe('OK');
    expect((await upload(c, project, fileForm('d.bin', seededBytes(1, 4)))).status).toBe(413);
    // Removing a.bin frees its 60,000 bytes.
    expect((await c.post(storagePath(project) + '/remove', { cid: first.body.data.cid }, h)).body.status).toBe('OK');
    expect((await upload(c, project, fileForm('b.bin', seededBytes(60_000, 2)))).body.status).toBe('OK');
    expect((await c.get('/_devnet/invariants')).body.ok).toBe(true);
  });

  it('a file the project lists already may be sent again when the project is full (it costs nothing)', async () => {
    const c = testClient({ storageQuota: QUOTA });
    const project = await genesisProject(c);
    const bytes = seededBytes(90_000, 7);
    const a = await upload(c, project, fileForm('same.bin', bytes));
    const b = await upload(c, project, fileForm('same.bin', bytes));
    expect(b.body.status, b.text).toBe('OK');
    expect(b.body.data.cid).toBe(a.body.data.cid);
  });

  it('counts per project: another project of the same key has its own room', async () => {
    const c = testClient({ storageQuota: QUOTA });
    const h = { 'x-api-key': c.apiKey };
    const p1 = await genesisProject(c);
    const p2 = (await c.post('/v1/project', { project_name: 'second' }, h)).body.data.project_uuid as string;
    expect((await upload(c, p1, fileForm('a.bin', seededBytes(90_000, 1)))).body.status).toBe('OK');
    expect((await upload(c, p2, fileForm('a.bin', seededBytes(90_000, 2)))).body.status).toBe('OK');
  });

  it('--storage-quota takes bytes or a KiB/MiB/GiB suffix, from the flag or L2DEVNET_STORAGE_QUOTA', () => {
    expect(parseFlags(['--storage-quota', '500MiB'], {}).options.storageQuota).toBe(500 * 1024 * 1024);
    expect(parseFlags([], { L2DEVNET_STORAGE_QUOTA: '1048576' }).options.storageQuota).toBe(1048576);
    expect(parseFlags([], {}).options.storageQuota).toBeUndefined();
    for (const bad of ['0', '-1', '10XB', 'lots']) expect(() => parseFlags(['--storage-quota', bad], {})).toThrow(/--storage-quota/);
  });
});
