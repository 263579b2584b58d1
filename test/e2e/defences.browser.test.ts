// The defences in a real browser (Chromium), whose CORS, Origin and sandbox rules are not ours: a page on
// another origin uses the API as the marketplace app does but cannot touch the control plane; a name that
// resolves to the emulator (DNS rebinding) is refused; uploaded HTML runs no script; the explorer works
// with a control token.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
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
if ('skip' in browser) console.warn(`defences browser test skipped: ${browser.skip}`);

const TOKEN = 'browser-test-token';

/** A site on another origin: one blank page, as any web page the developer visits. */
function otherSite(): Promise<{ server: Server; origin: string }> {
  return new Promise((resolve) => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>another site</title>');
    });
    server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://localhost:${(server.address() as { port: number }).port}` }));
  });
}

describe.skipIf('skip' in browser)('defences in Chromium', () => {
  let net: RunningDevnet;
  let guarded: RunningDevnet;
  let site: { server: Server; origin: string };
  let context: BrowserContext;
  let page: Page;
  let profile: string;

  beforeAll(async () => {
    net = await startDevnet({ port: 0 });
    guarded = await startDevnet({ port: 0, controlToken: TOKEN });
    site = await otherSite();
    profile = mkdtempSync(join(tmpdir(), 'l2-devnet-chromium-'));
    // rebind.test resolves to the emulator, as an attacker's DNS would answer after the page loaded.
    const args = [...CHROMIUM_ARGS, '--host-resolver-rules=MAP rebind.test 127.0.0.1'];
    context = await chromium.launchPersistentContext(profile, { executablePath: (browser as { path: string }).path, headless: true, args });
    page = context.pages()[0] ?? (await context.newPage());
  }, 60_000);

  afterAll(async () => {
    await net?.close();
    await guarded?.close();
    site?.server.close();
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  }, 30_000);

  const stateHash = async (d: RunningDevnet) => (await d.control.invariants()).state_hash;

  it('a page on another origin calls the API with x-api-key and JSON (CORS), but cannot read or change the control plane', async () => {
    await page.goto(site.origin + '/');
    const { api_keys, accounts } = await net.control.accounts();
    const recordCount = async () =>
      (
        (await (await fetch(`${net.url}/v1/records?stark_key=${accounts[0]!.stark_key}&limit=1000`)).json()) as {
          data: { list: unknown[] };
        }
      ).data.list.length;
    const recordsBefore = await recordCount();
    const result = await page.evaluate(
      async ({ base, key, starkKey }) => {
        const out: Record<string, unknown> = {};
        const nonce = await fetch(`${base}/v1/nonce?stark_key=${starkKey}`);
        out.nonce = ((await nonce.json()) as { status: string }).status;
        // What axios sends from the marketplace app: a JSON body and the API key (a preflighted request).
        const created = await fetch(`${base}/v1/project`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': key },
          body: JSON.stringify({ project_name: 'from a browser' }),
        });
        out.project = ((await created.json()) as { status: string }).status;
        try {
          await fetch(`${base}/_devnet/accounts`);
          out.accounts = 'read';
        } catch {
          out.accounts = 'blocked';
        }
        // A CSRF attempt: the browser sends a no-cors POST with a simple body; its answer is opaque.
        await fetch(`${base}/_devnet/deposit`, {
          method: 'POST',
          mode: 'no-cors',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ stark_key: starkKey, contract_address: 'eth', amount: '1' }),
        });
        return out;
      },
      { base: net.url, key: api_keys[0]!, starkKey: accounts[0]!.stark_key },
    );
    expect(result).toEqual({ nonce: 'OK', project: 'OK', accounts: 'blocked' });
    const projects = (await (await fetch(`${net.url}/v1/project`, { headers: { 'x-api-key': api_keys[0]! } })).json()) as {
      data: Array<{ project_name: string }>;
    };
    expect(projects.data.map((p) => p.project_name)).toContain('from a browser');
    // The deposit was refused: no record was added.
    expect(await recordCount()).toBe(recordsBefore);
  });

  it('a CSRF reset from another origin changes nothing', async () => {
    await page.goto(site.origin + '/');
    const key = (await net.control.accounts()).accounts[0]!.stark_key;
    await net.control.deposit({ stark_key: key, contract_address: 'eth', amount: 7 });
    const before = await stateHash(net);
    await page.evaluate(async (base) => {
      await fetch(`${base}/_devnet/reset`, { method: 'POST', mode: 'no-cors', body: '' });
      await fetch(`${base}/_devnet/clock`, { method: 'POST', mode: 'no-cors', body: '{"advance_seconds":3600}' });
    }, net.url);
    // An HTML form posted to the control plane (the oldest CSRF there is); no DOM types in this project.
    const navigated = page.waitForURL(`${net.url}/_devnet/reset`);
    await page.evaluate((base) => {
      const doc = (globalThis as any).document;
      const form = doc.createElement('form');
      form.method = 'POST';
      form.action = `${base}/_devnet/reset`;
      doc.body.append(form);
      form.submit();
    }, net.url);
    await navigated;
    expect(await page.locator('body').innerText()).toContain('another site');
    expect(await stateHash(net)).toBe(before);
  });

  it('a name that resolves to the emulator (DNS rebinding) gets 403, not the keys', async () => {
    const port = new URL(net.url).port;
    const res = await page.goto(`http://rebind.test:${port}/_devnet/accounts`);
    expect(res?.status()).toBe(403);
    const text = await page.locator('body').innerText();
    expect(text).toContain('DNS rebinding');
    expect(text).not.toContain('private_key');
  });

  it("uploaded HTML runs no script: it cannot reach the control plane from the emulator's own origin", async () => {
    const { api_keys } = await net.control.accounts();
    const key = api_keys[0]!;
    const project = (
      (await (await fetch(`${net.url}/v1/project`, { headers: { 'x-api-key': key } })).json()) as { data: Array<{ project_uuid: string }> }
    ).data[0]!.project_uuid;
    const evil = `<!doctype html><title>untouched</title><script>document.title = 'ran'; fetch('/_devnet/reset', { method: 'POST' });</script>`;
    const form = new FormData();
    form.append('file', new Blob([evil], { type: 'text/html' }), 'evil.html');
    const up = (await (
      await fetch(`${net.url}/v1/project/${project}/storage`, { method: 'POST', headers: { 'x-api-key': key }, body: form })
    ).json()) as { data: { cid: string } };
    const before = await stateHash(net);
    const res = await page.goto(`${net.url}/ipfs/${up.data.cid}/evil.html`);
    expect(res?.headers()['content-security-policy']).toBe('sandbox');
    await page.waitForTimeout(300);
    expect(await page.title()).toBe('untouched');
    expect(await stateHash(net)).toBe(before);
  });

  it('the explorer works with --control-token when opened as /#token=..., and says it is locked without it', async () => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${guarded.url}/#token=${TOKEN}`);
    await page.waitForSelector('#live.on', { timeout: 10_000 });
    // The token left the address bar (it stays in this tab's sessionStorage).
    expect(page.url()).toBe(`${guarded.url}/`);
    await page.getByRole('button', { name: 'L2 + L1 batch', exact: true }).click();
    await expect.poll(() => page.locator('#msg').innerText()).toMatch(/both batch moved \d+ record/);
    const key = (await guarded.control.accounts()).accounts[1]!.stark_key;
    const { sequence_id } = await guarded.control.deposit({ stark_key: key, contract_address: 'eth', amount: 3 });
    await page.waitForSelector(`#records tr[data-seq="${sequence_id}"]`);
    expect(errors).toEqual([]);

    const fresh = await context.newPage();
    await fresh.goto(`${guarded.url}/`);
    await expect.poll(() => fresh.locator('#live').innerText(), { timeout: 10_000 }).toBe('locked');
    await expect.poll(() => fresh.locator('#msg').innerText()).toMatch(/#token=/);
    await fresh.close();
  }, 30_000);
});
