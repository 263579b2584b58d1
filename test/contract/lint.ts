// Redocly's `recommended` ruleset over an OpenAPI document given as an object.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { NormalizedProblem } from '@redocly/openapi-core';

/** Lints `document` with `recommended` as it ships (no overrides). */
export async function lintDocument(document: unknown): Promise<NormalizedProblem[]> {
  const config = await createConfig({ extends: ['recommended'] });
  return lintFromString({ source: JSON.stringify(document, null, 2), absoluteRef: 'openapi.json', config });
}

/** `severity ruleId pointer: message`, one line per problem, sorted by rule then place. */
export function problemLines(problems: readonly NormalizedProblem[]): string[] {
  const sorted = [...problems].sort(
    (a, b) => a.ruleId.localeCompare(b.ruleId) || (a.location[0]?.pointer ?? '').localeCompare(b.location[0]?.pointer ?? ''),
  );
  return sorted.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
}

/** `severity ruleId: count`, one line per rule. */
export function ruleCounts(problems: readonly NormalizedProblem[]): string[] {
  const counts = new Map<string, number>();
  for (const p of problems) counts.set(`${p.severity} ${p.ruleId}`, (counts.get(`${p.severity} ${p.ruleId}`) ?? 0) + 1);
  return [...counts].sort().map(([k, n]) => `${k}: ${n}`);
}
