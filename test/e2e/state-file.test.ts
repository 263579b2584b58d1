// --dump-state FILE on exit and --load-state FILE at start (Anvil's names), and --accounts N in the built CLI.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runToExit, startServer, stop } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'l2-devnet-state-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const post = (url: string, path: string, body: unknown) =>
  fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
const get = (url: string, path: string) => fetch(url + path).then((r) => r.json() as Promise<any>);

describe('--dump-state / --load-state', () => {
  it('dumps the state on SIGTERM and a new process loaded from it starts with the same state', async () => {
    const file = join(dir, 'dump.json');
    const a = await startServer(['--port', '0', '--dump-state', file]);
    const bob = (await get(a.url, '/_devnet/accounts')).accounts[1].stark_key;
    await post(a.url, '/_devnet/set-balance', { stark_key: bob, contract_address: 'eth', amount: '4242' });
    const hash = (await get(a.url, '/_devnet/invariants')).state_hash;
    expect(existsSync(file)).toBe(false);
    expect((await stop(a.cli)).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^\{"format":"l2-devnet\/state@3",/);

    const b = await startServer(['--port', '0', '--load-state', file]);
    expect((await get(b.url, '/_devnet/invariants')).state_hash).toBe(hash);
    await stop(b.cli);
  });

  it('loads a dump from a pipe (a FIFO, /dev/stdin): read to its end, not to the size a pipe reports (0)', async () => {
    const a = await startServer(['--port', '0']);
    await post(a.url, '/_devnet/set-balance', {
      stark_key: (await get(a.url, '/_devnet/accounts')).accounts[1].stark_key,
      contract_address: 'eth',
      amount: '77',
    });
    const hash = (await get(a.url, '/_devnet/invariants')).state_hash;
    const dump = await fetch(a.url + '/_devnet/state').then((r) => r.text());
    await stop(a.cli);
    const fifo = join(dir, 'state.fifo');
    execFileSync('mkfifo', [fifo]);
    const writing = writeFile(fifo, dump); // opens when the CLI opens the pipe to read it
    const b = await startServer(['--port', '0', '--load-state', fifo]);
    await writing;
    expect((await get(b.url, '/_devnet/invariants')).state_hash).toBe(hash);
    await stop(b.cli);
  });

  it('refuses a file that is no dump with exit 1, naming the flag and the file', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"hello": 1}');
    const r = await runToExit(['--port', '0', '--load-state', bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`l2-devnet: --load-state ${bad}: `);
    expect(r.stdout).toBe('');
  });
});

describe('--accounts N --balance X', () => {
  it('lists account0..N-1 after the genesis accounts, each with X ETH', async () => {
    const s = await startServer(['--port', '0', '--accounts', '2', '--balance', '1.5']);
    const accounts = (await get(s.url, '/_devnet/accounts')).accounts as Array<{ name: string; stark_key: string }>;
    expect(accounts.slice(-2).map((a) => a.name)).toEqual(['account0', 'account1']);
    const eth = '0x352f9ffd821a525051de2d71126113505a7b0a73d98dbc0ac0ff343cfbdef5e';
    const b = await get(s.url, `/v1/balance?stark_key=${accounts.at(-1)!.stark_key}&asset_id=${eth}`);
    expect(b.data.display_value).toBe('1.5');
    expect((await get(s.url, '/_devnet/config')).flags.devAccounts).toEqual({ count: 2, balanceWei: '1500000000000000000' });
    await stop(s.cli);
  });
});
