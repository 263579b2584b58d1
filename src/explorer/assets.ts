// The explorer's static files by URL path: what GET /, /explorer.js and /explorer.css answer.
import { EXPLORER_CSS, EXPLORER_HTML } from './page.js';
import { EXPLORER_JS } from './script.js';

/** The icon (/favicon.ico, also inline in the page): a small SVG, two stacked layers. */
export const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#101828"/><path d="M6 12l10-5 10 5-10 5z" fill="#6ce9a6"/><path d="M6 19l10 5 10-5" fill="none" stroke="#84caff" stroke-width="2.5"/></svg>';

/**
 * The page-weight budget (README "Explorer"): everything the page loads (HTML, script, stylesheet,
 * icon) together, uncompressed, in bytes. test/http/explorer-page.test.ts holds the page to it.
 */
export const PAGE_WEIGHT_BUDGET = 64 * 1024;

export interface StaticAsset {
  type: string;
  body: string;
}

export const EXPLORER_ASSETS: Readonly<Record<string, StaticAsset>> = {
  '/': { type: 'text/html; charset=utf-8', body: EXPLORER_HTML },
  '/explorer.js': { type: 'text/javascript; charset=utf-8', body: EXPLORER_JS },
  '/explorer.css': { type: 'text/css; charset=utf-8', body: EXPLORER_CSS },
};
