// `npm run build`: everything is built in dist.next/ and then swapped in for dist/, so a server running
// from dist/ (`npm start` in another terminal while `npm test` builds) never sees a half-built or
// missing directory. Its lazy chunks (dist/main-*.js, loaded on first use) stay reachable too: the
// chunks the previous build's CLI imports are carried into the new dist/ when the new build lacks them.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');
const NEXT = join(ROOT, 'dist.next');
const OLD = join(ROOT, 'dist.old');

const run = (...args) => execFileSync(args[0], args.slice(1), { cwd: ROOT, stdio: 'inherit' });
const tsx = (script, ...args) => run(process.execPath, '--import', 'tsx', script, ...args);

rmSync(NEXT, { recursive: true, force: true });
run(process.execPath, join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--outDir', NEXT);
tsx('scripts/crypto-tables.ts', join(NEXT, 'crypto/tables.bin'));
tsx('scripts/openapi-examples.ts', join(NEXT, 'openapi-examples.json'));
run(process.execPath, 'scripts/bundle-cli.mjs', NEXT);
run(process.execPath, 'scripts/compile-contracts.mjs', join(NEXT, 'l1/contracts.json'));
// npm sets the bin's mode at install; a rebuild must keep `npx l2-devnet` runnable.
chmodSync(join(NEXT, 'main.js'), 0o755);

/** The chunks `dir`'s CLI reaches from main.js, statically or through import(). */
function chunksOf(dir) {
  const seen = new Set();
  const visit = (file) => {
    const path = join(dir, file);
    if (!existsSync(path)) return;
    for (const m of readFileSync(path, 'utf8').matchAll(/["']\.\/(main-[\w-]+\.js)["']/g)) {
      if (!seen.has(m[1])) {
        seen.add(m[1]);
        visit(m[1]);
      }
    }
  };
  visit('main.js');
  return seen;
}

if (existsSync(DIST)) {
  const fresh = new Set(readdirSync(NEXT));
  for (const chunk of chunksOf(DIST)) if (!fresh.has(chunk)) copyFileSync(join(DIST, chunk), join(NEXT, chunk));
}
rmSync(OLD, { recursive: true, force: true });
if (existsSync(DIST)) renameSync(DIST, OLD);
renameSync(NEXT, DIST);
rmSync(OLD, { recursive: true, force: true });
