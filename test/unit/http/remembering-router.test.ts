// The emulator's router answers as hono's trie router does, for every route the app declares and for
// paths no route takes, however often and in whatever order it is asked; it remembers a bounded number
// of paths, and a route added later is seen.
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { RememberingRouter } from '../../../src/http/remembering-router.js';
import { buildApp } from '../../../src/emulator/app.js';
import { Devnet } from '../../../src/core/devnet.js';
import { readGenesisFile } from '../../../src/emulator/genesis-file.js';

type Handler = string;

/** Both routers with the same routes: the app's own (middleware `ALL` entries too) or those given. */
function pair(routes: readonly { method: string; path: string }[]): { trie: TrieRouter<Handler>; remembering: RememberingRouter<Handler> } {
  const trie = new TrieRouter<Handler>();
  const remembering = new RememberingRouter<Handler>(8);
  routes.forEach(({ method, path }, i) => {
    trie.add(method, path, `h${i}`);
    remembering.add(method, path, `h${i}`);
  });
  return { trie, remembering };
}

function appRoutes(): { method: string; path: string }[] {
  return buildApp(new Devnet({ genesis: readGenesisFile() })).routes.map(({ method, path }) => ({ method, path }));
}

describe('RememberingRouter', () => {
  it("answers every request as the trie router does, for the app's routes, asked again and again", () => {
    const routes = appRoutes();
    expect(routes.length).toBeGreaterThan(80);
    const { trie, remembering } = pair(routes);
    // Each declared path with its parameters filled in, the paths no route takes, and the middleware-only prefixes.
    const concrete = routes.map((r) => ({
      method: r.method === 'ALL' ? 'GET' : r.method,
      path: r.path.replace(/:[a-z_]+/g, 'p1').replace('*', 'x'),
    }));
    const asked = [
      ...concrete,
      { method: 'GET', path: '/v1/nope' },
      { method: 'DELETE', path: '/v1/transfers' },
      { method: 'GET', path: '/ipfs/bafy/x' },
      { method: 'GET', path: '/v1/order/p2' },
    ];
    // Three passes: the first fills the memory (limit 8, so most are forgotten again), the later ones hit and miss.
    for (let pass = 0; pass < 3; pass++) {
      for (const [i, { method, path }] of asked.entries()) {
        const again = asked[(i * 7) % asked.length]!;
        expect(remembering.match(method, path)).toEqual(trie.match(method, path));
        expect(remembering.match(again.method, again.path)).toEqual(trie.match(again.method, again.path));
      }
    }
  });

  it('hands a path asked again the same answer, and tells parameters of different paths apart', () => {
    const { remembering } = pair([{ method: 'GET', path: '/v1/orders/:id' }]);
    const first = remembering.match('GET', '/v1/orders/1');
    expect(remembering.match('GET', '/v1/orders/1')).toBe(first);
    expect(remembering.match('GET', '/v1/orders/2')[0][0]![1]).toEqual({ id: '2' });
    expect(remembering.match('POST', '/v1/orders/1')[0]).toEqual([]);
  });

  it('forgets the path it remembered first once it holds its limit, however often that one was asked', () => {
    const { remembering } = pair([{ method: 'GET', path: '/a/:n' }]);
    const first = remembering.match('GET', '/a/0');
    const second = remembering.match('GET', '/a/1');
    for (let n = 2; n < 8; n++) remembering.match('GET', `/a/${n}`);
    // Asked again, /a/0 is still the same answer, and still the first remembered: /a/8 pushes it out.
    expect(remembering.match('GET', '/a/0')).toBe(first);
    remembering.match('GET', '/a/8');
    expect(remembering.match('GET', '/a/1')).toBe(second);
    const again = remembering.match('GET', '/a/0');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('sees a route added after a path was answered', () => {
    const { remembering } = pair([{ method: 'GET', path: '/x' }]);
    expect(remembering.match('GET', '/y')[0]).toEqual([]);
    remembering.add('GET', '/y', 'late');
    expect(remembering.match('GET', '/y')[0].map(([h]) => h)).toEqual(['late']);
  });
});
