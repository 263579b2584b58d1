// The explorer's static files by URL path: what GET /, /explorer.js and /explorer.css answer.
import { EXPLORER_CSS, EXPLORER_HTML } from './page.js';
import { EXPLORER_JS } from './script.js';

export interface StaticAsset {
  type: string;
  body: string;
}

export const EXPLORER_ASSETS: Readonly<Record<string, StaticAsset>> = {
  '/': { type: 'text/html; charset=utf-8', body: EXPLORER_HTML },
  '/explorer.js': { type: 'text/javascript; charset=utf-8', body: EXPLORER_JS },
  '/explorer.css': { type: 'text/css; charset=utf-8', body: EXPLORER_CSS },
};
