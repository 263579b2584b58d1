// Writes dist/openapi-examples.json, the examples of /openapi.json: run by `npm run build` (after tsc),
// from the examples tour of the default genesis (scripts/openapi-examples/tour.ts). A build output,
// so an answer can never change without its example.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { stringify } from '../src/domain/values/json.js';
import { EXAMPLES_FILE, generateExamples } from './openapi-examples/generate.js';

const text = stringify(await generateExamples());
mkdirSync(dirname(EXAMPLES_FILE), { recursive: true });
writeFileSync(EXAMPLES_FILE, text);
console.log(`wrote ${EXAMPLES_FILE}: ${text.length} characters of examples`);
