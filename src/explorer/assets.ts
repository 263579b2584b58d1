// The explorer's static files by URL path: what GET /, /explorer.js and /explorer.css answer. Loaded
// by the first request for one of them (constants.ts declares the routes without the bodies).
import { readFile } from 'node:fs/promises';
import { CLIENT_FILE, EXPLORER_ASSET_TYPES } from './constants.js';
import { EXPLORER_CSS, EXPLORER_HTML } from './page.js';

/**
 * The page-weight budget (README "Explorer"): everything the page loads (HTML, script, stylesheet,
 * icon) together, uncompressed, in bytes. test/http/explorer-page.test.ts holds the page to it.
 */
export const PAGE_WEIGHT_BUDGET = 64 * 1024;

/**
 * The module `npm run build` bundles: beside this module's chunk (dist/main-*.js), one level up
 * (dist/explorer/assets.js), or, running from src/ (tests, tsx), in the last build's dist/.
 */
async function clientScript(): Promise<string> {
  for (const path of [`./${CLIENT_FILE}`, `../${CLIENT_FILE}`, `../../dist/${CLIENT_FILE}`]) {
    const text = await readFile(new URL(path, import.meta.url), 'utf8').catch(() => undefined);
    if (text !== undefined) return text;
  }
  return `document.body.textContent = 'The explorer script is not built: run npm run build.';`;
}

const BODIES: Readonly<Record<string, string>> = {
  '/': EXPLORER_HTML,
  '/explorer.js': await clientScript(),
  '/explorer.css': EXPLORER_CSS,
};

export const EXPLORER_ASSETS: Readonly<Record<string, { type: string; body: string }>> = Object.fromEntries(
  Object.entries(EXPLORER_ASSET_TYPES).map(([path, type]) => [path, { type, body: BODIES[path]! }]),
);
