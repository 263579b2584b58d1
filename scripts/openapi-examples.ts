// Writes dist/openapi-examples.json, the examples of /openapi.json: run by `npm run build` (after tsc),
// from the examples tour of the default genesis (scripts/openapi-examples/tour.ts). A build output,
// so an answer can never change without its example.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { stringify } from '../src/domain/values/json.js';
import { EXAMPLES_FILE, generateExamples } from './openapi-examples/generate.js';

const out = process.argv[2] ?? EXAMPLES_FILE;
const text = stringify(await generateExamples());
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, text);
console.log(`wrote ${out}: ${text.length} characters of examples`);
