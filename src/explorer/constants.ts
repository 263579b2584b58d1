// What the explorer's routes are declared from at start-up: its static files without their bodies,
// the icon, the page sizes. The bodies (assets.ts) and the reads (views.ts, overview.ts) load on the
// first request that needs them: most runs never open the explorer.

/** The page, its module and its stylesheet by URL path, with their media types (in the order they are routed). */
export const EXPLORER_ASSET_TYPES: Readonly<Record<string, string>> = {
  '/': 'text/html; charset=utf-8',
  '/explorer.js': 'text/javascript; charset=utf-8',
  '/explorer.css': 'text/css; charset=utf-8',
};

/** The icon (/favicon.ico, also inline in the page): a small SVG, two stacked layers. */
export const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#101828"/><path d="M6 12l10-5 10 5-10 5z" fill="#6ce9a6"/><path d="M6 19l10 5 10-5" fill="none" stroke="#84caff" stroke-width="2.5"/></svg>';

/** Page sizes of the explorer's paged reads (views.ts). */
export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 200;

/** The file `npm run build` writes the bundled browser module to, in dist/. */
export const CLIENT_FILE = 'explorer-client.js';
