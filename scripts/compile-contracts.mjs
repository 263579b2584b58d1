// Compiles contracts/*.sol with solc-js (the version pinned in package.json) into one JSON artefact:
// { solc, contracts: { Name: { abi, bytecode, deployedBytecode } } } for each contract of contracts/.
// `node scripts/compile-contracts.mjs OUT.json`; imports of @openzeppelin/... come from node_modules.
// solc-js takes 10 s of CPU or more, so results are cached by the hash of every input (this script
// included) under node_modules/.cache/l2-devnet-solc/.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = join(ROOT, 'contracts');
const CACHE = join(ROOT, 'node_modules/.cache/l2-devnet-solc');
const require = createRequire(import.meta.url);

const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  // Cancun runs on every current Anvil and chain; newer opcodes are not needed.
  evmVersion: 'cancun',
  // No metadata hash: the bytecode depends on the sources only, not on where they were compiled.
  metadata: { bytecodeHash: 'none' },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
};

function listSources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listSources(join(dir, e.name)) : e.name.endsWith('.sol') ? [join(dir, e.name)] : [],
  );
}

/** Compiles contracts/ and returns the artefact object (from the cache when nothing changed). */
export function compileContracts() {
  const solcVersion = require('solc/package.json').version;
  const sources = Object.fromEntries(
    listSources(SOURCES)
      .sort()
      .map((file) => [relative(ROOT, file).split(sep).join('/'), { content: readFileSync(file, 'utf8') }]),
  );
  const imported = new Map();
  const findImports = (path) => {
    try {
      const content = readFileSync(require.resolve(path), 'utf8');
      imported.set(path, content);
      return { contents: content };
    } catch {
      return { error: `not found: ${path}` };
    }
  };
  const ozVersion = require('@openzeppelin/contracts/package.json').version;
  const key = createHash('sha256')
    .update(JSON.stringify({ solcVersion, ozVersion, SETTINGS, sources, script: readFileSync(fileURLToPath(import.meta.url), 'utf8') }))
    .digest('hex');
  const cached = join(CACHE, `${key}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8'));

  const solc = require('solc');
  const input = { language: 'Solidity', sources, settings: SETTINGS };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  for (const e of output.errors ?? []) if (e.severity !== 'error') process.stderr.write(e.formattedMessage);
  if (errors.length > 0) throw new Error('solc failed:\n' + errors.map((e) => e.formattedMessage).join('\n'));

  const contracts = {};
  for (const [file, byName] of Object.entries(output.contracts)) {
    if (!file.startsWith('contracts/')) continue;
    for (const [name, c] of Object.entries(byName)) {
      // Interfaces have no code; StarkExAssets is a library of internal functions, inlined.
      if (c.abi.length === 0 || c.evm.bytecode.object === '') continue;
      contracts[name] = {
        abi: c.abi,
        bytecode: '0x' + c.evm.bytecode.object,
        deployedBytecode: '0x' + c.evm.deployedBytecode.object,
      };
    }
  }
  const artefact = { solc: solc.version(), contracts };
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(cached, JSON.stringify(artefact));
  return artefact;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = process.argv[2];
  if (!out) throw new Error('usage: node scripts/compile-contracts.mjs OUT.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(compileContracts()) + '\n');
}
