// The library's side of advertised URLs: startDevnet's url and listenUrl, and publicUrl as the base of storage endpoints.
import { afterEach, describe, expect, it } from 'vitest';
import { type createDevnet, startDevnet } from '../../src/index.js';
import type { RunningDevnet } from '../../src/index.js';
import { fileForm, genesisProject, upload } from '../support/storage-files.js';
import { testClient } from '../support/client.js';

const running: RunningDevnet[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
});

describe('startDevnet: url and listenUrl', () => {
  it('bound to 0.0.0.0 or ::, both name loopback; the control plane answers there', async () => {
    const v4 = await startDevnet({ host: '0.0.0.0', port: 0 });
    running.push(v4);
    expect(v4.url).toBe(`http://127.0.0.1:${v4.port}`);
    expect(v4.listenUrl).toBe(v4.url);
    expect((await v4.control.health()).status).toBe('ok');
    const v6 = await startDevnet({ host: '::', port: 0 }).catch(() => undefined);
    if (v6) {
      // Only where the machine has IPv6 at all.
      running.push(v6);
      expect(v6.url).toBe(`http://[::1]:${v6.port}`);
    }
  });

  it('publicUrl is the url (trailing slash dropped); the control plane still uses listenUrl', async () => {
    const net = await startDevnet({ port: 0, publicUrl: 'http://devnet.internal:8080/' });
    running.push(net);
    expect(net.url).toBe('http://devnet.internal:8080');
    expect(net.listenUrl).toBe(`http://127.0.0.1:${net.port}`);
    expect((await net.control.health()).status).toBe('ok');
  });
});

describe('createDevnet: storage endpoints', () => {
  it('follow the request URL by default, publicUrl when given, gatewayUrl over both', async () => {
    const cases: Array<[Parameters<typeof createDevnet>[0], string]> = [
      [{}, 'http://devnet.test'],
      [{ publicUrl: 'http://public.example:1/' }, 'http://public.example:1'],
      [{ publicUrl: 'http://public.example:1', gatewayUrl: 'https://gw.example' }, 'https://gw.example'],
    ];
    for (const [options, base] of cases) {
      const c = testClient(options);
      const r = await upload(c, await genesisProject(c), fileForm('a.txt', new TextEncoder().encode('a')));
      expect(r.body.data.endpoints).toEqual([`${base}/ipfs/${r.body.data.cid}/`]);
    }
  });
});
