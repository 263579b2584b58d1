// The explorer in a real browser: a sale made through the API appears live, and the page's own
// "L1 batch" button moves its records; a screenshot goes to test-output/explorer.png.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet } from '../../src/index.js';
import type { RunningDevnet } from '../../src/index.js';
import type { Account, Reply, TestClient } from '../support/client.js';
import { REDDIO721 } from '../support/client.js';
import { CHROMIUM_ARGS, ensureChromium } from '../support/explorer-browser.js';
import { order } from '../support/flows.js';

const browser = ensureChromium();
if ('skip' in browser) console.warn(`explorer browser test skipped: ${browser.skip}`);

/** A TestClient over the real socket, so the sale goes through the same server the page watches. */
function socketClient(url: string, accounts: TestClient['accounts'], apiKey: string): TestClient {
  const call = async (method: string, path: string, body: string | undefined): Promise<Reply> => {
    const res = await fetch(url + path, {
      method,
      ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
    });
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text), text };
  };
  return {
    dn: undefined as never,
    get: (p) => call('GET', p, undefined),
    post: (p, b) => call('POST', p, JSON.stringify(b)),
    postRaw: (p, t) => call('POST', p, t),
    delete: (p) => call('DELETE', p, undefined),
    accounts,
    apiKey,
  };
}

const badge = (seq: number, status: number) => `#records tr[data-seq="${seq}"] td.status .badge[data-status="${status}"]`;

describe.skipIf('skip' in browser)('explorer in Chromium', () => {
  let net: RunningDevnet;
  let context: BrowserContext;
  let page: Page;
  let profile: string;

  beforeAll(async () => {
    net = await startDevnet({ port: 0 });
    profile = mkdtempSync(join(tmpdir(), 'l2-devnet-chromium-'));
    // A persistent context is how Playwright takes a fresh --user-data-dir of our choosing.
    context = await chromium.launchPersistentContext(profile, {
      executablePath: (browser as { path: string }).path,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    page = context.pages()[0] ?? (await context.newPage());
  }, 60_000);

  afterAll(async () => {
    // The devnet closes first, with the page's SSE stream still open: close() must not hang on it.
    const started = Date.now();
    await net?.close();
    console.log(`startDevnet close() with an open SSE stream: ${Date.now() - started} ms`);
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  }, 30_000);

  it('shows a sale live, and its "L1 batch" button moves the sale\'s records to L1', async () => {
    const t0 = Date.now();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(net.url + '/');
    await page.waitForSelector('#live.on', { timeout: 10_000 });

    const info = (await (await fetch(`${net.url}/_devnet/accounts`)).json()) as { accounts: Account[]; api_keys: string[] };
    const byName = Object.fromEntries(info.accounts.map((a) => [a.name, a])) as TestClient['accounts'];
    const c = socketClient(net.url, byName, info.api_keys[0]!);
    const nft = { contract2: `ERC721:${REDDIO721}:1`, quoteAmount: '1', baseAmount: '10000', price: '10000' };
    const ask = await order(c, byName.alice, { ...nft, direction: 0 });
    const bid = await order(c, byName.bob, { ...nft, direction: 1 });
    expect([ask.body.status, bid.body.status]).toEqual(['OK', 'OK']);
    const askSeq: number = ask.body.data.sequence_id;
    const bidSeq: number = bid.body.data.sequence_id;

    // The sale appears without a reload: both order records, the trade, bob holding token 1.
    await page.waitForSelector(badge(askSeq, 1));
    await page.waitForSelector(badge(bidSeq, 1));
    await expect.poll(() => page.locator('#trades tbody tr').count()).toBe(1);
    await expect.poll(() => page.locator('#trades tbody tr').first().innerText()).toMatch(/alice\s+bob\s+1 REDDIO721 #1\s+0\.01 ETH/);
    await expect.poll(() => page.locator('#accounts tr[data-account="bob"]', { hasText: 'REDDIO721 #1' }).count()).toBe(1);

    // An L2 batch from outside shows up live; then the page's own button sends the L1 batch.
    await fetch(`${net.url}/_devnet/batches`, { method: 'POST', body: '{"layer":"l2"}', headers: { 'content-type': 'application/json' } });
    await page.waitForSelector(badge(askSeq, 3));
    await page.getByRole('button', { name: 'L1 batch', exact: true }).click();
    await page.waitForSelector(badge(askSeq, 6));
    await page.waitForSelector(badge(bidSeq, 6));
    expect(
      await page
        .locator(`#records tr[data-seq="${askSeq}"] .trail .badge`)
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))),
    ).toEqual(['1', '3', '6']);
    await expect.poll(() => page.locator('#msg').innerText()).toMatch(/l1 batch moved \d+ record/);

    // Snapshot, deposit through the form, revert: the deposit's record comes and goes.
    await page.getByRole('button', { name: 'Take snapshot' }).click();
    await expect.poll(() => page.locator('#snapshot-id option').count()).toBe(1);
    await page.selectOption('#deposit-account', { label: 'carol' });
    await page.getByRole('button', { name: 'Deposit' }).click();
    await expect.poll(() => page.locator('#msg').innerText()).toMatch(/^deposit recorded as \d+$/);
    const deposited = Number((await page.locator('#msg').innerText()).split(' ').pop());
    await page.waitForSelector(badge(deposited, 1));
    await page.getByRole('button', { name: 'Revert' }).click();
    await page.waitForSelector(`#records tr[data-seq="${deposited}"]`, { state: 'detached' });
    const trail = () =>
      page.locator(`#records tr[data-seq="${askSeq}"] .trail .badge`).evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    expect(await trail()).toEqual(['1', '3', '6']);

    await page.getByRole('button', { name: 'Advance clock' }).click();
    await expect.poll(() => page.locator('#msg').innerText()).toMatch(/^clock now /);

    mkdirSync('test-output', { recursive: true });
    await page.screenshot({ path: 'test-output/explorer.png', fullPage: true });
    expect(errors).toEqual([]);
    console.log(`explorer browser flow: ${Date.now() - t0} ms`);
  }, 60_000);
});
