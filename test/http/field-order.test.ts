// A request's fields are checked in the order its route declares them (path parameters, then query,
// then body), whatever order the handler reads them in: with two bad fields, the first declared answers.
import { describe, expect, it } from 'vitest';
import { testClient } from '../support/client.js';

describe('field checks in declared order', () => {
  it('a bad path parameter is refused before a body that is not JSON (the handler reads the body first)', async () => {
    const t = testClient();
    // setRecordStatus's handler destructures { body, params }: the body is touched first, the id is still checked first.
    const both = await t.postRaw('/_devnet/records/abc/status', '{not json');
    expect(both.body).toMatchObject({ status: 'FAILED', error_code: 19 });
    expect(both.body.error).toMatch(/sequence_id/);
    // Either one alone gets its own refusal.
    const body = await t.postRaw('/_devnet/records/1/status', '{not json');
    expect(body.body).toMatchObject({ status: 'FAILED', error_code: 401 });
    const cancel = await t.postRaw('/v1/orders/abc/cancel', '{not json');
    expect(cancel.body).toMatchObject({ status: 'FAILED', error_code: 19 });
    expect(cancel.body.error).toMatch(/order_id/);
    await t.dn.close();
  });

  it('two bad query fields: the first declared answers, in any read order', async () => {
    const t = testClient();
    // /v1/records declares stark_key, record_type, sequence_ids, contract_address, then the page fields.
    const bad = await t.get('/v1/records?limit=x&sequence_ids=y&record_type=99&stark_key=0xzz');
    const typeAndIds = await t.get(`/v1/records?limit=x&sequence_ids=y&record_type=99&stark_key=${t.accounts.alice.stark_key}`);
    const idsAndLimit = await t.get(`/v1/records?limit=x&sequence_ids=y&stark_key=${t.accounts.alice.stark_key}`);
    expect(bad.body.error).toMatch(/stark_key/);
    expect(typeAndIds.body.error).toMatch(/record_type/);
    expect(idsAndLimit.body.error).toMatch(/sequence_ids/);
    await t.dn.close();
  });
});
