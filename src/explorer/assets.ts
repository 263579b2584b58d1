// The explorer's static files by URL path: what GET /, /explorer.js and /explorer.css answer. Loaded
// by the first request for one of them (constants.ts declares the routes without the bodies).
import { EXPLORER_ASSET_TYPES } from './constants.js';
import { EXPLORER_CSS, EXPLORER_HTML } from './page.js';
import { EXPLORER_JS } from './script.js';

export { FAVICON } from './constants.js';

/**
 * The page-weight budget (README "Explorer"): everything the page loads (HTML, script, stylesheet,
 * icon) together, uncompressed, in bytes. test/http/explorer-page.test.ts holds the page to it.
 */
export const PAGE_WEIGHT_BUDGET = 64 * 1024;

export interface StaticAsset {
  type: string;
  body: string;
}

const BODIES: Readonly<Record<string, string>> = { '/': EXPLORER_HTML, '/explorer.js': EXPLORER_JS, '/explorer.css': EXPLORER_CSS };

export const EXPLORER_ASSETS: Readonly<Record<string, StaticAsset>> = Object.fromEntries(
  Object.entries(EXPLORER_ASSET_TYPES).map(([path, type]) => [path, { type, body: BODIES[path]! }]),
);
