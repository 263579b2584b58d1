// The explorer in a namespace: /ns/{name}/ shows that namespace live (its own event stream and
// overview), and the header's selector lists every namespace and opens the one chosen.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet } from '../../src/index.js';
import type { RunningDevnet } from '../../src/index.js';
import { CHROMIUM_ARGS, ensureChromium } from '../support/explorer-browser.js';

const browser = ensureChromium();
if ('skip' in browser) console.warn(`explorer namespaces browser test skipped: ${browser.skip}`);

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }).then(
    (r) => r.json() as Promise<any>,
  );

describe.skipIf('skip' in browser)('explorer namespaces in Chromium', () => {
  let net: RunningDevnet;
  let context: BrowserContext;
  let page: Page;
  let profile: string;

  beforeAll(async () => {
    net = await startDevnet({ port: 0 });
    profile = mkdtempSync(join(tmpdir(), 'l2-devnet-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: (browser as { path: string }).path,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    page = context.pages()[0] ?? (await context.newPage());
  }, 60_000);

  afterAll(async () => {
    await net?.close();
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  }, 30_000);

  it('/ns/team-a/ follows team-a only; the selector switches to default', async () => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await fetch(`${net.url}/ns/team-b/_devnet/health`);
    await page.goto(`${net.url}/ns/team-a/`);
    await page.waitForSelector('#live.on', { timeout: 10_000 });
    await expect.poll(() => page.locator('#namespace option').allInnerTexts()).toEqual(['default', 'team-a', 'team-b']);
    expect(await page.locator('#namespace').inputValue()).toBe('team-a');

    // A deposit in team-a appears live; one in default does not.
    const carol = (
      (await (await fetch(`${net.url}/ns/team-a/_devnet/accounts`)).json()) as { accounts: Array<{ name: string; stark_key: string }> }
    ).accounts.find((a) => a.name === 'carol')!;
    const inDefault = await post(`${net.url}/_devnet/deposit`, { stark_key: carol.stark_key, contract_address: 'eth', amount: '7' });
    const inTeam = await post(`${net.url}/ns/team-a/_devnet/deposit`, { stark_key: carol.stark_key, contract_address: 'eth', amount: '5' });
    expect(inTeam.sequence_id).toBe(inDefault.sequence_id);
    await page.waitForSelector(`#records tr[data-seq="${inTeam.sequence_id}"]`);
    expect(await page.locator(`#records tr[data-seq="${inTeam.sequence_id}"]`).innerText()).toContain('0.000005');
    expect(await page.locator(`#records tr[data-seq="${inTeam.sequence_id}"]`).innerText()).not.toContain('0.000007');

    // The page's own control calls stay in its namespace.
    await page.getByRole('button', { name: 'Advance clock' }).click();
    await expect.poll(() => page.locator('#msg').innerText()).toMatch(/^clock now 2026-01-01T01:00:00/);
    const defaultClock = (await post(`${net.url}/_devnet/clock`, { advance_seconds: 1 })).now;
    expect(defaultClock).toBe('2026-01-01T00:00:01.000000Z');

    await page.selectOption('#namespace', 'default');
    await page.waitForURL(`${net.url}/`);
    await page.waitForSelector('#live.on', { timeout: 10_000 });
    await expect.poll(() => page.locator('#namespace').inputValue()).toBe('default');
    expect(errors).toEqual([]);
  }, 60_000);
});
