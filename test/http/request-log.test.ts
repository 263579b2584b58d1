// The request log's entries as written by --log json (pino) and pretty: a mint's sequence ids, a
// refusal's code, name and message, the namespace; health probes are left out.
import { describe, expect, it } from 'vitest';
import { logWriter, prettyLine } from '../../src/http/request-log.js';
import { DMINT, testClient } from '../support/client.js';

function logged() {
  const json: string[] = [];
  const pretty: string[] = [];
  const toJson = logWriter('json', (l) => json.push(l))!;
  const toPretty = logWriter('pretty', (l) => pretty.push(l))!;
  const c = testClient({ onRequest: (e) => (toJson(e), toPretty(e)) });
  return { c, json: () => json.map((l) => JSON.parse(l) as Record<string, unknown>), pretty };
}

describe('request log lines', () => {
  it('an accepted mint carries its sequence_ids, a refusal its code, name and message; health is not logged', async () => {
    const { c, json, pretty } = logged();
    const minted = await c.post(
      '/v1/mints',
      { contract_address: DMINT, stark_key: c.accounts.carol.stark_key, amount: '3' },
      { 'x-api-key': c.apiKey },
    );
    const refused = await c.post(
      '/v1/mints',
      { contract_address: DMINT, stark_key: c.accounts.carol.stark_key, amount: '3' },
      { 'x-api-key': 'nope' },
    );
    await c.get('/_devnet/health');
    expect(minted.body.data.sequence_ids).toHaveLength(3);
    expect(refused.body.status).toBe('FAILED');
    const [ok, failed, ...rest] = json();
    expect(rest).toEqual([]);
    expect(ok).toMatchObject({
      level: 'info',
      event: 'request',
      namespace: 'default',
      method: 'POST',
      path: '/v1/mints',
      status: 200,
      error_code: 0,
      sequence_ids: minted.body.data.sequence_ids,
    });
    expect(ok).not.toHaveProperty('error');
    expect(failed).toMatchObject({ error_code: 32, error_name: 'InvalidAPIKey', error: refused.body.error });
    expect(failed).not.toHaveProperty('sequence_ids');
    expect(pretty[0]).toMatch(
      new RegExp(`^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} POST /v1/mints 200 \\d+\\.\\dms seq ${minted.body.data.sequence_ids.join(',')}\\n$`),
    );
    expect(pretty[1]).toContain(` FAILED 32 InvalidAPIKey: ${refused.body.error}`);
  });

  it('pretty names a namespace other than default', () => {
    const at = new Date(2026, 0, 2, 3, 4, 5, 6);
    const base = { method: 'GET', path: '/v1/nonce', status: 200, duration_ms: 1.25, error_code: 0 };
    expect(prettyLine({ ...base, namespace: 'default' }, at)).toBe('03:04:05.006 GET /v1/nonce 200 1.3ms');
    expect(prettyLine({ ...base, namespace: 'alpha', sequence_id: 7 }, at)).toBe('03:04:05.006 [alpha] GET /v1/nonce 200 1.3ms seq 7');
  });
});
