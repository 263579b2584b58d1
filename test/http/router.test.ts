// emulator/app.ts names hono's TrieRouter instead of the default SmartRouter, which tries RegExpRouter first:
// that costs nothing only while RegExpRouter cannot take the emulator's paths (SmartRouter then
// settles on the trie anyway, after a failed build on the first request).
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { UnsupportedPathError } from 'hono/router';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/emulator/app.js';
import { Devnet } from '../../src/core/devnet.js';
import { readGenesisFile } from '../../src/emulator/genesis-file.js';

describe('router', () => {
  const app = buildApp(new Devnet({ genesis: readGenesisFile() }));

  it('is the trie router, remembering its recent answers (http/remembering-router.ts)', () => {
    expect(app.router.name).toBe('RememberingRouter(TrieRouter)');
  });

  it("RegExpRouter refuses the app's routes, so SmartRouter would end on the trie too (if this fails, reconsider emulator/app.ts's choice)", () => {
    const regexp = new RegExpRouter<unknown>();
    const add = () => {
      for (const r of app.routes) regexp.add(r.method, r.path, r.handler);
      regexp.match('GET', '/_devnet/health');
    };
    expect(add).toThrow(UnsupportedPathError);
  });
});
