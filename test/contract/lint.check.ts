// Lints the document a fresh createDevnet() serves at GET /openapi.json with Redocly's `recommended`
// ruleset: fails on any error; warnings are printed with their rule ids. The full list is written
// to test-output/contract/lint.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { createDevnet } from '../../src/index.js';
import { lintDocument, problemLines, ruleCounts } from './lint.js';
import { REPORT_DIR } from './traffic.js';

describe('GET /openapi.json under Redocly recommended', () => {
  it('has no lint errors (warnings are printed)', async () => {
    const document: unknown = await (await createDevnet().fetch('/openapi.json')).json();
    const problems = await lintDocument(document);
    const errors = problems.filter((p) => p.severity === 'error');
    const warnings = problems.filter((p) => p.severity === 'warn');
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(join(REPORT_DIR, 'lint.md'), ['# Redocly recommended on GET /openapi.json', '', ...ruleCounts(problems).map((l) => `- ${l}`), '', '```', ...problemLines(problems), '```', ''].join('\n'));
    if (warnings.length) console.warn([`${warnings.length} lint warning(s):`, ...ruleCounts(warnings), ...problemLines(warnings)].join('\n'));
    // A message, not an expect() diff: each problem carries the whole document as its source.
    if (errors.length) throw new Error([`${errors.length} lint error(s):`, ...ruleCounts(errors), ...problemLines(errors)].join('\n'));
  });
});
