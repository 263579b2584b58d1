// Lints the document a fresh createDevnet() serves at GET /openapi.json with Redocly's `recommended`
// ruleset: fails on any error; warnings are printed with their rule ids. The full list is written
// to test-output/contract/lint.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { createDevnet } from '../../src/index.js';
import type { NormalizedProblem } from '@redocly/openapi-core';
import { lintDocument, problemLines, ruleCounts } from './lint.js';
import { REPORT_DIR } from './traffic.js';

/**
 * Problems reviewed and kept, each with its reason (as a Redocly ignore file would list them). Only
 * these exact rule + place pairs are dropped; anything else the rule finds still fails.
 */
const REVIEWED: readonly { ruleId: string; pointer: string; why: string }[] = [];

function withoutReviewed(problems: NormalizedProblem[]): NormalizedProblem[] {
  const reviewed = (p: NormalizedProblem) => REVIEWED.some((r) => r.ruleId === p.ruleId && p.location[0]?.pointer === r.pointer);
  const found = problems.filter(reviewed);
  // A reviewed exception that no longer occurs is stale: say so rather than keep it silently.
  if (found.length !== REVIEWED.length)
    throw new Error(`reviewed lint exceptions no longer all occur: found ${found.map((p) => p.ruleId).join(', ') || 'none'}`);
  return problems.filter((p) => !reviewed(p));
}

describe('GET /openapi.json under Redocly recommended', () => {
  it('has no lint errors (warnings are printed)', async () => {
    const document: unknown = await (await createDevnet().fetch('/openapi.json')).json();
    const problems = withoutReviewed(await lintDocument(document));
    const errors = problems.filter((p) => p.severity === 'error');
    const warnings = problems.filter((p) => p.severity === 'warn');
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(
      join(REPORT_DIR, 'lint.md'),
      [
        '# Redocly recommended on GET /openapi.json',
        '',
        ...ruleCounts(problems).map((l) => `- ${l}`),
        '',
        '```',
        ...problemLines(problems),
        '```',
        '',
      ].join('\n'),
    );
    if (warnings.length)
      console.warn([`${warnings.length} lint warning(s):`, ...ruleCounts(warnings), ...problemLines(warnings)].join('\n'));
    // A message, not an expect() diff: each problem carries the whole document as its source.
    if (errors.length) throw new Error([`${errors.length} lint error(s):`, ...ruleCounts(errors), ...problemLines(errors)].join('\n'));
  });
});
