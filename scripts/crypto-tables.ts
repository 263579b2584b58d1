// Writes dist/crypto/tables.bin: the fixed-base tables of the Pedersen constant points and of the
// generator, built here once so that no server builds them (src/crypto/precomputed.ts reads them), and
// the wallets of the default genesis's seed-derived accounts (src/crypto/eth-wallet.ts) on the chains
// the official apps sign for, so that a start on the default genesis signs nothing with secp256k1.
// `npm run build` runs it after tsc; the tables are built fresh from the curve's constants every time.
//
//   node --import tsx scripts/crypto-tables.ts [out-file]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPedersenTables, pedersenTableBytes } from '../src/crypto/pedersen.js';
import { SECTIONS, encodeSections } from '../src/crypto/precomputed.js';
import { buildGeneratorTable } from '../src/crypto/keys.js';
import { encodeWallets, ethPrivateKeyFromSeed, SEPOLIA_CHAIN_ID } from '../src/crypto/eth-wallet.js';

/** The wallets stored: the default genesis's accounts that pin no key, and --accounts' first ten, on Sepolia and Goerli. */
function defaultWallets(): Uint8Array {
  const genesis = JSON.parse(readFileSync(new URL('../fixtures/default.json', import.meta.url), 'utf8'));
  const named = (genesis.accounts as { name: string; private_key?: string; eth_private_key?: string }[])
    .filter((a) => a.private_key === undefined && a.eth_private_key === undefined)
    .map((a) => a.name);
  const labels = [...named, ...Array.from({ length: 10 }, (_, i) => `account${i}`)];
  return encodeWallets(
    labels.map((label) => ethPrivateKeyFromSeed(genesis.seed, label)),
    [SEPOLIA_CHAIN_ID, 5],
  );
}

const out = process.argv[2] ?? fileURLToPath(new URL('../dist/crypto/tables.bin', import.meta.url));
const t0 = performance.now();
const pedersen = pedersenTableBytes(buildPedersenTables());
const sections: Uint8Array[] = [];
sections[SECTIONS.aLow] = pedersen.aLow;
sections[SECTIONS.bLow] = pedersen.bLow;
sections[SECTIONS.pedersenStart] = pedersen.start;
sections[SECTIONS.generator] = buildGeneratorTable().toBytes();
sections[SECTIONS.wallets] = defaultWallets();
const bytes = encodeSections(sections);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, bytes);
console.log(`wrote ${out}: ${bytes.length} bytes of tables in ${(performance.now() - t0).toFixed(0)} ms`);
