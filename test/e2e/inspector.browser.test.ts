// The explorer's inspector in Chromium: a refused request and its code in the journal view; a stark
// key searched, a record's detail with its reason and status history; 500 records paged through;
// events shown on first open and across a reload; request bodies with secrets redacted; the namespace
// selector readable; the reset button; screenshots at 390 px and 1440 px, light and dark, with no
// horizontal overflow. Screenshots go to test-output/.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet } from '../../src/index.js';
import type { RunningDevnet } from '../../src/index.js';
import { signedTransferBody } from '../../src/testing.js';
import type { Account } from '../support/client.js';
import { ETH_ASSET } from '../support/client.js';
import { CHROMIUM_ARGS, ensureChromium } from '../support/explorer-browser.js';

const browser = ensureChromium();
if ('skip' in browser) console.warn(`inspector browser test skipped: ${browser.skip}`);

describe.skipIf('skip' in browser)('the inspector in Chromium', () => {
  let net: RunningDevnet;
  let context: BrowserContext;
  let page: Page;
  let profile: string;
  let accounts: Record<string, Account>;
  const errors: string[] = [];
  const started = Date.now();

  const get = async (path: string) => (await (await fetch(net.url + path)).json()) as any;
  const post = async (path: string, body: unknown) =>
    (await (
      await fetch(net.url + path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
    ).json()) as any;

  /** A transfer of `amount` quantized ETH, signed as the SDKs sign it. */
  async function transfer(from: Account, to: Account, amount: bigint): Promise<any> {
    const vaults = (await get(`/v1/vaults?stark_keys=${from.stark_key},${to.stark_key}&asset_id=${ETH_ASSET}`)).data.vault_ids as string[];
    const nonce = (await get(`/v1/nonce?stark_key=${from.stark_key}`)).data.nonce as number;
    return post(
      '/v1/transfers',
      signedTransferBody({
        starkKey: from.stark_key,
        privateKey: from.private_key,
        assetId: ETH_ASSET,
        amount,
        nonce,
        vaultId: vaults[0]!,
        receiver: to.stark_key,
        receiverVaultId: vaults[1]!,
      }),
    );
  }

  beforeAll(async () => {
    net = await startDevnet({ port: 0 });
    accounts = Object.fromEntries(((await get('/_devnet/accounts')).accounts as Account[]).map((a) => [a.name, a]));
    profile = mkdtempSync(join(tmpdir(), 'l2-devnet-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: (browser as { path: string }).path,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(net.url + '/');
    await page.waitForSelector('#live.on', { timeout: 10_000 });
  }, 60_000);

  afterAll(async () => {
    await net?.close();
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
    console.log(`inspector browser tests: ${Date.now() - started} ms`);
  }, 30_000);

  it('finds a refused request and its code in the journal view', async () => {
    const refused = await post('/v1/transfers', { stark_key: accounts.alice!.stark_key });
    expect(refused.status).toBe('FAILED');
    await page.getByRole('link', { name: 'Requests' }).click();
    await page.waitForSelector('#journal');
    await page.getByLabel('path').fill('/v1/transfers');
    const row = page.locator('#journal tr.refused', { hasText: '/v1/transfers' }).first();
    await expect.poll(() => row.locator('td.code').innerText()).toBe(String(refused.error_code));
    expect(await row.innerText()).toContain(refused.error);
    // Live: a new refusal appears without a reload.
    await fetch(`${net.url}/v1/transfers`, { method: 'POST', body: '{"amount":"x"}', headers: { 'content-type': 'application/json' } });
    await expect.poll(() => page.locator('#journal tr.refused', { hasText: '/v1/transfers' }).count(), { timeout: 5000 }).toBe(2);
  }, 30_000);

  it("searches a stark key and opens a record's detail with its reason and status history", async () => {
    const carol = accounts.carol!;
    const failed = (await transfer(carol, accounts.bob!, 10n ** 15n)).data.sequence_id as number;
    const moved = (await transfer(carol, accounts.bob!, 5n)).data.sequence_id as number;
    await post('/_devnet/batches', { layer: 'both' });

    await page.goto(net.url + '/#/');
    await page.locator('#q').fill(carol.stark_key);
    await page.locator('#q').press('Enter');
    await page.waitForURL(/#\/account\//);
    await page
      .locator(`#view tr[data-seq="${failed}"] a`, { hasText: String(failed) })
      .first()
      .click();
    await page.waitForURL(new RegExp(`#/record/${failed}$`));
    await expect.poll(() => page.locator('#reason').innerText()).toMatch(/balance/);
    expect(await page.locator('tr.step').allInnerTexts()).toEqual([expect.stringMatching(/created as\s+failed/)]);

    await page.goto(`${net.url}/#/account/${carol.stark_key}`);
    await page
      .locator(`#view tr[data-seq="${moved}"] a`, { hasText: String(moved) })
      .first()
      .click();
    await page.waitForURL(new RegExp(`#/record/${moved}$`));
    await expect.poll(() => page.locator('tr.step').count()).toBe(3);
    const steps = await page.locator('tr.step').allInnerTexts();
    expect(steps[0]).toMatch(/created as\s+accepted/);
    expect(steps[2]).toMatch(/on L2\s+→\s+on L1/);
    expect(await page.locator('#reason').count()).toBe(0);
  }, 30_000);

  it('pages through 500 records', async () => {
    const key = accounts.bob!.stark_key;
    await page.goto('about:blank'); // the deposits go faster with no page redrawing for each
    const t0 = Date.now();
    for (let i = 0; i < 500; i++) await post('/_devnet/deposit', { stark_key: key, contract_address: 'eth', amount: String(i + 1) });
    const total = (await get('/_devnet/explorer/records?limit=1')).total as number;
    expect(total).toBeGreaterThanOrEqual(500);
    console.log(`500 deposits over HTTP: ${Date.now() - t0} ms`);
    const t1 = Date.now();
    await page.goto(net.url + '/#/records');
    const seen: number[] = [];
    for (let pages = 0; pages < 100; pages++) {
      await page.waitForSelector('#view tr[data-seq]');
      const first = await page.locator('#view tr[data-seq]').first().getAttribute('data-seq');
      if (seen.includes(Number(first))) throw new Error(`page ${pages} repeats record ${first}`);
      seen.push(...(await page.locator('#view tr[data-seq]').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-seq'))))));
      const older = page.locator('#older');
      if ((await older.count()) === 0) break;
      await older.click();
      await page.waitForFunction(`document.querySelector('#view tr[data-seq]')?.getAttribute('data-seq') !== ${JSON.stringify(first)}`);
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    console.log(`paged through ${seen.length} records: ${Date.now() - t1} ms`);
  }, 120_000);

  it('shows the events held on first open: a new tab (no session storage) lists what happened before it', async () => {
    const seq = (await post('/_devnet/deposit', { stark_key: accounts.alice!.stark_key, contract_address: 'eth', amount: '3' }))
      .sequence_id as number;
    const tab = await context.newPage();
    try {
      await tab.goto(net.url + '/#/');
      await tab.waitForSelector('#live.on');
      expect(await tab.evaluate('sessionStorage.length')).toBe(0);
      await expect.poll(() => tab.locator('#events li', { hasText: `accepted as record ${seq}` }).count()).toBe(1);
      // Records made before it opened carry the moves the server saw.
      expect(await tab.locator('#events li').count()).toBeGreaterThan(1);
    } finally {
      await tab.close();
    }
  }, 30_000);

  it("shows a request's body in its detail, secrets redacted, and names the receiver where a key would show", async () => {
    const secret = accounts.alice!.private_key;
    const sent = await transfer(accounts.alice!, accounts.bob!, 12n);
    expect(sent.status).toBe('OK');
    await post('/_devnet/deposit', {
      stark_key: accounts.alice!.stark_key,
      contract_address: 'eth',
      amount: '1',
      stark_private_key: secret,
    });
    await page.goto(net.url + '/#/requests');
    await page.waitForSelector('#journal');
    const row = page.locator('#journal tr', { hasText: '/_devnet/deposit' }).first();
    await row.locator('summary').click();
    const body = await row.locator('pre.body').innerText();
    expect(JSON.parse(body)).toMatchObject({ stark_key: accounts.alice!.stark_key, amount: '1', stark_private_key: '[redacted]' });
    const transferRow = page.locator('#journal tr', { hasText: '/v1/transfers' }).first();
    await transferRow.locator('summary').click();
    const signed = JSON.parse(await transferRow.locator('pre.body').innerText());
    expect(signed).toMatchObject({ amount: '12', receiver: accounts.bob!.stark_key, signature: '[redacted]' });
    // Nowhere on the page (every row's detail open): not the private key, not the signature.
    await page.evaluate("document.querySelectorAll('#journal details').forEach((d) => { d.open = true; })");
    const html = await page.content();
    expect(html).not.toContain(secret.slice(2));
    // The transfer's record names its receiver.
    await page.goto(`${net.url}/#/record/${sent.data.sequence_id}`);
    await page.waitForSelector('#view .panel');
    expect(await page.locator('#view dd', { hasText: 'bob' }).count()).toBeGreaterThan(0);
  }, 30_000);

  it('keeps its events across a reload, and gets what it missed meanwhile (Last-Event-ID)', async () => {
    await page.goto(net.url + '/#/');
    await page.waitForSelector('#live.on');
    const seq = (await post('/_devnet/deposit', { stark_key: accounts.alice!.stark_key, contract_address: 'eth', amount: '7' }))
      .sequence_id as number;
    await expect.poll(() => page.locator('#events li', { hasText: `accepted as record ${seq}` }).count()).toBe(1);
    await page.goto('about:blank');
    const missed = (await post('/_devnet/deposit', { stark_key: accounts.alice!.stark_key, contract_address: 'eth', amount: '8' }))
      .sequence_id as number;
    await page.goto(net.url + '/#/');
    await page.waitForSelector('#live.on');
    // The row from before the reload is still there, and the one made while the page was away came in.
    await expect.poll(() => page.locator('#events li', { hasText: `accepted as record ${seq}` }).count()).toBe(1);
    await expect.poll(() => page.locator('#events li', { hasText: `accepted as record ${missed}` }).count()).toBe(1);
  }, 30_000);

  it('fits 390 px and 1440 px in light and dark, with no horizontal overflow', async () => {
    mkdirSync('test-output', { recursive: true });
    const record = (await get('/_devnet/explorer/records?limit=1')).items[0].sequence_id as number;
    const views = ['/#/', '/#/records', `/#/record/${record}`, `/#/account/${accounts.bob!.stark_key}`, '/#/requests'];
    const backgrounds: Record<string, string> = {};
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        for (const view of views) {
          await page.goto(net.url + view);
          await page.waitForSelector(view === '/#/' ? '#records tr[data-seq]' : '#view .panel');
          // Page code as text: this file is compiled without the DOM library.
          const fit = (await page.evaluate('({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth })')) as {
            scroll: number;
            inner: number;
          };
          expect(fit.scroll, `${view} at ${width} px (${scheme})`).toBeLessThanOrEqual(fit.inner);
        }
        await page.goto(net.url + '/#/');
        await page.waitForSelector('#records tr[data-seq]');
        await page.screenshot({ path: `test-output/explorer-${width}-${scheme}.png`, fullPage: width === 390 });
      }
      backgrounds[scheme] = (await page.evaluate('getComputedStyle(document.documentElement).backgroundColor')) as string;
      // The namespace selector's text is readable: its colour is not its background's.
      const select = (await page.evaluate(
        '(({ color, backgroundColor }) => ({ color, backgroundColor }))(getComputedStyle(document.getElementById("namespace")))',
      )) as { color: string; backgroundColor: string };
      expect(select.color, scheme).not.toBe(select.backgroundColor);
      expect(await page.locator('#namespace option').first().innerText()).toBe('default');
    }
    expect(backgrounds.dark).not.toBe(backgrounds.light);
    // Keyboard: "/" focuses the search box.
    await page.locator('body').press('/');
    expect(await page.evaluate('document.activeElement?.id')).toBe('q');
    expect(errors).toEqual([]);
  }, 60_000);

  it('its reset button takes the devnet back to genesis', async () => {
    await page.goto(net.url + '/#/');
    await page.waitForSelector('#records tr[data-seq]');
    await page.locator('#btn-reset').click();
    await expect.poll(() => page.locator('#msg').innerText()).toMatch(/reset/);
    const genesis = (await get('/_devnet/explorer/records?limit=1')).total as number;
    expect(genesis).toBeLessThan(500);
    await expect.poll(() => page.locator('#events li', { hasText: 'reset' }).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  }, 30_000);
});
