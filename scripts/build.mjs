// `npm run build`: everything is built in dist.next/ and then swapped in for dist/, so a server running
// from dist/ (`npm start` in another terminal while `npm test` builds) never sees a half-built or
// missing directory. Its lazy chunks (dist/main-*.js, loaded on first use) are named by their content,
// so a rebuild of the same code has the same names; after a rebuild of changed code, restart it.
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { chmodSync, existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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
// The explorer's browser module (src/explorer/client, TypeScript), bundled as the page loads it.
const { CLIENT_FILE } = await import(pathToFileURL(join(NEXT, 'explorer/constants.js')).href);
const client = await build({
  entryPoints: [join(ROOT, 'src/explorer/client/main.ts')],
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  write: false,
  logLevel: 'warning',
});
writeFileSync(join(NEXT, CLIENT_FILE), client.outputFiles[0].text);
run(process.execPath, 'scripts/compile-contracts.mjs', join(NEXT, 'l1/contracts.json'));
// npm sets the bin's mode at install; a rebuild must keep `npx l2-devnet` runnable.
chmodSync(join(NEXT, 'main.js'), 0o755);

rmSync(OLD, { recursive: true, force: true });
if (existsSync(DIST)) renameSync(DIST, OLD);
renameSync(NEXT, DIST);
rmSync(OLD, { recursive: true, force: true });
