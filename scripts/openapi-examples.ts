// Writes src/http/openapi/examples.ts: the examples of /openapi.json, from the examples tour of the
// default genesis (scripts/openapi-examples/tour.ts). Run it after changing what a route answers or
// adding a route (then add a step to the tour).
//
//   npm run examples              rewrite the file
//   npm run examples -- --check   exit 1 when the file is not what the tour answers today
import { readFileSync, writeFileSync } from 'node:fs';
import { EXAMPLES_FILE, generateExamples, renderExamples } from './openapi-examples/generate.js';

const text = renderExamples(await generateExamples());
if (process.argv.includes('--check')) {
  const same = readFileSync(EXAMPLES_FILE, 'utf8') === text;
  console.log(same ? `${EXAMPLES_FILE} is up to date` : `${EXAMPLES_FILE} differs from what the tour answers: run npm run examples`);
  process.exit(same ? 0 : 1);
}
writeFileSync(EXAMPLES_FILE, text);
console.log(`wrote ${EXAMPLES_FILE} (${text.length} characters)`);
