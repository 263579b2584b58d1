// The explorer's page, assets and overview, in-process; the page weight is measured and printed here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXPLORER_ASSETS, PAGE_WEIGHT_BUDGET } from '../../src/explorer/assets.js';
import { REDDIO721, testClient } from '../support/client.js';
import { order } from '../support/flows.js';

describe('explorer page', () => {
  it(`weighs under the budget: everything it loads (page, script, stylesheet, icon) under ${PAGE_WEIGHT_BUDGET / 1024} KiB as served`, async () => {
    const c = testClient();
    let total = 0;
    for (const path of ['/', '/explorer.js', '/explorer.css', '/favicon.ico']) {
      const r = await c.dn.fetch(new Request('http://devnet.test' + path));
      expect(r.status, path).toBe(200);
      total += (await r.arrayBuffer()).byteLength;
    }
    const icon = await c.dn.fetch(new Request('http://devnet.test/favicon.ico'));
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(await icon.text()).toMatch(/^<svg /);
    console.log(`explorer page weight as served: ${(total / 1024).toFixed(1)} KiB of a ${PAGE_WEIGHT_BUDGET / 1024} KiB budget`);
    expect(total).toBeLessThanOrEqual(PAGE_WEIGHT_BUDGET);
  });

  it('serves the page, one JS module and one stylesheet, with no external URL', async () => {
    const c = testClient();
    const page = await c.dn.fetch(new Request('http://devnet.test/'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<script type="module" src="/explorer.js">');
    for (const path of ['/explorer.js', '/explorer.css']) {
      const r = await c.dn.fetch(new Request('http://devnet.test' + path));
      expect(r.status).toBe(200);
    }
    // Offline: nothing is fetched from elsewhere (no CDN, no web font).
    for (const a of Object.values(EXPLORER_ASSETS)) expect(a.body).not.toMatch(/https?:\/\//);
  });

  it('weighs well under 200 KiB of JS (no framework)', () => {
    const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
    const js = bytes(EXPLORER_ASSETS['/explorer.js']!.body);
    const total = Object.values(EXPLORER_ASSETS).reduce((n, a) => n + bytes(a.body), 0);
    console.log(
      `explorer page weight: JS ${(js / 1024).toFixed(1)} KiB, HTML+CSS+JS ${(total / 1024).toFixed(1)} KiB (uncompressed, no dependencies)`,
    );
    expect(js).toBeLessThan(200 * 1024);
  });

  it('has a syntactically valid script', () => {
    // Module code is strict code; an AsyncFunction body parses the same statements.
    expect(() => new Function('"use strict";\n' + EXPLORER_ASSETS['/explorer.js']!.body)).not.toThrow();
  });
});

describe('GET /_devnet/overview', () => {
  it('names a stark key two genesis accounts share as the account page does: by the first of them', async () => {
    const genesis = JSON.parse(readFileSync(new URL('../../fixtures/default.json', import.meta.url), 'utf8'));
    const airdrop = genesis.accounts.find((a: any) => a.name === 'airdrop');
    genesis.accounts.push({ name: 'airdrop2', private_key: airdrop.private_key });
    const c = testClient({ genesis });
    const o = (await c.get('/_devnet/overview')).body;
    const key = (c.accounts as Record<string, { stark_key: string }>).airdrop!.stark_key;
    expect(o.accounts.filter((a: any) => a.stark_key === key).map((a: any) => a.name)).toEqual(['airdrop']);
    expect((await c.get(`/_devnet/explorer/accounts/${key}`)).body.name).toBe('airdrop');
  });

  it('shows accounts with display balances, an open NFT order with depth, and the records newest first', async () => {
    const c = testClient();
    const { alice } = c.accounts;
    const sale = await order(c, alice, {
      contract2: `ERC721:${REDDIO721}:1`,
      direction: 0,
      quoteAmount: '1',
      baseAmount: '10000',
      price: '10000',
    });
    expect(sale.body.status).toBe('OK');
    const o = (await c.get('/_devnet/overview')).body;
    const a = o.accounts.find((x: any) => x.name === 'alice');
    expect(a.stark_key).toBe(alice.stark_key);
    expect(a.balances.some((b: any) => b.symbol === 'ETH' && /^\d+(\.\d+)?$/.test(b.available))).toBe(true);
    expect(a.balances.find((b: any) => b.token_id === '1' && b.type === 'ERC721')).toMatchObject({ type: 'ERC721', frozen: '1' });
    expect(o.markets).toHaveLength(1);
    expect(o.markets[0].depth.asks).toEqual([['0.01', '1']]);
    expect(o.markets[0].orders[0]).toMatchObject({ order_id: sale.body.data.sequence_id, side: 'ASK', owner: 'alice' });
    expect(o.records[0]).toMatchObject({ sequence_id: sale.body.data.sequence_id, type: 'ask', status: 1, owner: 'alice' });
    expect(o.records.map((r: any) => r.sequence_id)).toEqual(
      [...o.records.map((r: any) => r.sequence_id)].sort((x: number, y: number) => y - x),
    );
    expect(o.pending.l2).toBeGreaterThan(0);
  });
});
