// Writes dist/crypto/tables.bin: the fixed-base tables of the Pedersen constant points and of the
// generator, built here once so that no server builds them (src/crypto/precomputed.ts reads them).
// `npm run build` runs it after tsc; the tables are built fresh from the curve's constants every time.
//
//   node --import tsx scripts/crypto-tables.ts [out-file]
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPedersenTables, pedersenTableBytes } from '../src/crypto/pedersen.js';
import { SECTIONS, encodeSections } from '../src/crypto/precomputed.js';
import { buildGeneratorTable } from '../src/crypto/keys.js';

const out = process.argv[2] ?? fileURLToPath(new URL('../dist/crypto/tables.bin', import.meta.url));
const t0 = performance.now();
const pedersen = pedersenTableBytes(buildPedersenTables());
const sections: Uint8Array[] = [];
sections[SECTIONS.aLow] = pedersen.aLow;
sections[SECTIONS.bLow] = pedersen.bLow;
sections[SECTIONS.pedersenStart] = pedersen.start;
sections[SECTIONS.generator] = buildGeneratorTable().toBytes();
const bytes = encodeSections(sections);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, bytes);
console.log(`wrote ${out}: ${bytes.length} bytes of tables in ${(performance.now() - t0).toFixed(0)} ms`);
