// The contract check: every exchange the suite recorded, validated against the document a fresh
// createDevnet() serves at GET /openapi.json. Run by vitest.contract.config.ts after the suite.
//
// One test per documented operation (its mismatches grouped by reason, one example each), one for
// requests that match no operation, one for the recording itself. The full findings are written to
// test-output/contract/traffic.md and traffic.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDevnet } from '../../src/index.js';
import { byOperation, collect, markdown, operationText, reasonTotals } from './findings.js';
import type { Findings, Group } from './findings.js';
import { readTraffic, REPORT_DIR, TRAFFIC_DIR } from './traffic.js';
import type { Traffic } from './traffic.js';
import { ContractValidator } from './validate.js';

const document: unknown = await (await createDevnet().fetch('/openapi.json')).json();
const validator = await ContractValidator.create(document);
const operations = validator.operations();

let traffic: Traffic;
let findings: Findings;
let groups: Map<string, Group[]>;

beforeAll(() => {
  traffic = readTraffic();
  findings = collect(traffic.exchanges.map((ex) => validator.check(ex)));
  groups = byOperation(findings.mismatches);
  mkdirSync(REPORT_DIR, { recursive: true });
  writeFileSync(join(REPORT_DIR, 'traffic.md'), markdown(findings, operations));
  writeFileSync(
    join(REPORT_DIR, 'traffic.json'),
    JSON.stringify(
      {
        exchanges: findings.exchanges,
        failing: findings.failing,
        unrouted: findings.unrouted,
        mismatches: findings.mismatches,
        refusedInvalid: findings.refusedInvalid,
      },
      // Example bodies cut at 2,000 characters: the report is read by people (traffic.md cuts them too).
      (_k, v: unknown) => (v instanceof Set ? [...v] : typeof v === 'string' && v.length > 2000 ? `${v.slice(0, 2000)}…` : v),
      2,
    ),
  );
  const totals = [...reasonTotals(findings.mismatches)].map(([r, t]) => `  ${r}: ${t.groups} group(s), ${t.exchanges} exchange(s)`);
  console.log(
    [
      `contract: ${findings.exchanges} recorded exchanges from ${traffic.files.length} worker file(s); ${findings.failing} with a mismatch; ${findings.unrouted} unrouted (app 404, undocumented: consistent)`,
      ...totals,
      `operations with no recorded traffic: ${operations.filter((o) => !findings.traffic.has(o)).join(', ') || 'none'}`,
      `full findings: ${join(REPORT_DIR, 'traffic.md')}`,
    ].join('\n'),
  );
}, 300_000);

describe('recorded traffic against GET /openapi.json', () => {
  it('the suite ran to the end with the recorder on (test-output/traffic/)', () => {
    expect(traffic.run, `no recording in ${TRAFFIC_DIR}: run \`vitest run\` (npm test does) before this check`).toBeDefined();
    expect(traffic.complete, `the recording in ${TRAFFIC_DIR} is from a run that did not finish`).toBeDefined();
    expect(traffic.exchanges.length, 'the suite recorded no exchanges (is the recorder wired in vitest.config.ts?)').toBeGreaterThan(0);
    const filtered = traffic.run!.argv.filter((a) => !a.startsWith('-') && a !== 'run');
    if (filtered.length) console.warn(`note: the recorded run was filtered (${filtered.join(' ')}): only its traffic is checked`);
  });

  it('every request matches a documented path and method', () => {
    const unmatched = [...groups].filter(([, gs]) =>
      gs.some((g) => g.reason === 'route.undocumented-path' || g.reason === 'route.undocumented-method'),
    );
    if (unmatched.length)
      throw new Error(
        `${unmatched.length} undocumented route shape(s):\n\n` + unmatched.map(([op, gs]) => `${op}\n${operationText(gs)}`).join('\n'),
      );
  });

  it.each(operations)('%s', (operation) => {
    const mine = groups.get(operation) ?? [];
    if (mine.length)
      throw new Error(
        `${mine.length} kind(s) of mismatch over ${mine.reduce((n, g) => n + g.count, 0)} exchange(s):\n\n${operationText(mine)}`,
      );
  });
});
