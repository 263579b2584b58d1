// The explorer's static files by URL path: what GET /, /explorer.js and /explorer.css answer. Loaded
// by the first request for one of them (constants.ts declares the routes without the bodies).
import { readFile } from 'node:fs/promises';
import { CLIENT_FILE } from './constants.js';
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

/** The body of each path of EXPLORER_ASSET_TYPES (which gives its media type). */
export const EXPLORER_ASSETS: Readonly<Record<string, { body: string }>> = {
  '/': { body: EXPLORER_HTML },
  '/explorer.js': { body: await clientScript() },
  '/explorer.css': { body: EXPLORER_CSS },
};
