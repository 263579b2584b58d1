// The explorer's static files by URL path: what GET /, /explorer.js and /explorer.css answer, loaded by the
// first request for one (constants.ts declares the routes). Page and stylesheet are strings, so dist needs no copy step.
import { readFile } from 'node:fs/promises';
import { CLIENT_FILE } from './constants.js';

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

const EXPLORER_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>l2-devnet explorer</title>
<link rel="icon" href="/favicon.ico" type="image/svg+xml">
<link rel="stylesheet" href="/explorer.css">
<script type="module" src="/explorer.js"></script>
</head>
<body>
<header>
  <h1><a href="#/">l2-devnet explorer</a></h1>
  <label>namespace <select id="namespace" title="each namespace is a devnet of its own (/ns/{name}/)"></select></label>
  <form id="search" role="search">
    <label class="sr" for="q">Search</label>
    <input id="q" type="search" placeholder="stark key, name, sequence/order id, CID, signature r" autocomplete="off" spellcheck="false">
    <button type="submit">Search</button>
  </form>
  <nav>
    <a href="#/">Overview</a> <a href="#/records">Records</a> <a href="#/requests">Requests</a>
  </nav>
  <span id="clock" title="emulator clock"></span>
  <span id="settlement"></span>
  <span id="live" class="off" role="status">connecting</span>
</header>
<div id="view" class="view" hidden></div>
<div id="home">
<section id="controls" class="panel">
  <h2>Control plane</h2>
  <div class="row">
    <button id="btn-l2" data-layer="l2">L2 batch</button>
    <button id="btn-l1" data-layer="l1">L1 batch</button>
    <button id="btn-both" data-layer="both">L2 + L1 batch</button>
    <span id="pending"></span>
  </div>
  <div class="row">
    <label>advance clock by <input id="clock-seconds" type="number" min="0" value="3600"> s</label>
    <button id="btn-clock">Advance clock</button>
  </div>
  <div class="row">
    <button id="btn-snapshot">Take snapshot</button>
    <label class="sr" for="snapshot-id">snapshot</label><select id="snapshot-id"></select>
    <button id="btn-revert">Revert</button>
    <button id="btn-reset" title="POST /_devnet/reset: back to the genesis state">Reset to genesis</button>
  </div>
  <div class="row">
    <label>deposit to <select id="deposit-account"></select></label>
    <label>contract <input id="deposit-contract" value="eth" size="14"></label>
    <label>amount (quantized) <input id="deposit-amount" value="1000000" size="12"></label>
    <label>or token id <input id="deposit-token" size="6"></label>
    <button id="btn-deposit">Deposit</button>
  </div>
  <div id="msg" role="status"></div>
</section>
<main>
  <section class="panel"><h2>Accounts <small>first 50; search for others</small></h2><div id="accounts" class="scroll"></div></section>
  <section class="panel"><h2>Order books</h2><div id="markets" class="scroll"></div></section>
  <section class="panel wide"><h2>Records <small>newest first; the trail shows the moves seen live; <a href="#/records">all records</a></small></h2><div id="records" class="scroll"></div></section>
  <section class="panel"><h2>Trades <small>last 50</small></h2><div id="trades" class="scroll"></div></section>
  <section class="panel"><h2>Marketplaces</h2><div id="marketplaces" class="scroll"></div></section>
  <section class="panel"><h2>Stored files</h2><div id="files" class="scroll"></div></section>
  <section class="panel"><h2>Events <small>the last ones held, then live</small></h2><ol id="events" reversed></ol></section>
</main>
</div>
</body>
</html>
`;

const EXPLORER_CSS = `:root { color-scheme: light dark; --fg: #1d2330; --muted: #596273; --line: #e4e7ec; --bg: #f7f8fa; --panel: #fff; --head: #101828; --link: #175cd3; --btn: #fff; --btn-hover: #f2f4f7; --btn-line: #98a2b3; --err: #b42318; --ok: #027a48;
  --s0: #eaecf0; --s1: #d1e9ff; --s2: #fee4e2; --s3: #fef0c7; --s6: #d1fadf; font: 14px/1.4 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e4e7ec; --muted: #a3acb9; --line: #2f3644; --bg: #0c111d; --panel: #161b26; --head: #000; --link: #84caff; --btn: #1f242f; --btn-hover: #2a303c; --btn-line: #4b5565; --err: #fda29b; --ok: #75e0a7;
    --s0: #333741; --s1: #194185; --s2: #7a271a; --s3: #7a4a0c; --s6: #085d3a; }
}
* { box-sizing: border-box; } [hidden] { display: none !important; }
body { margin: 0; overflow-wrap: anywhere; }
a { color: var(--link); }
:focus-visible { outline: 2px solid var(--link); outline-offset: 2px; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
header { display: flex; flex-wrap: wrap; gap: .5em 1em; align-items: center; padding: .6em 1em; background: var(--head); color: #fff; }
header h1 { font-size: 1.1em; margin: 0; } header h1 a, header nav a { color: #fff; text-decoration: none; } header nav a { margin-right: .6em; }
header nav a:hover, header h1 a:hover { text-decoration: underline; }
#search { display: flex; gap: .3em; flex: 1 1 16em; min-width: 0; } #search input { flex: 1; min-width: 0; }
header input, header select, header button { color: var(--fg); }
#live.on { color: #6ce9a6; } #live.off { color: #fda29b; }
main { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(420px, 100%), 1fr)); gap: 1em; padding: 1em; }
.panel { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: .6em .9em; min-width: 0; }
main .panel { max-height: 32em; overflow: auto; }
#controls, .view { margin: 1em; }
.view { display: grid; gap: 1em; }
.wide { grid-column: 1 / -1; }
.scroll { overflow-x: auto; }
h2 { font-size: 1em; margin: 0 0 .5em; } h2 small { color: var(--muted); font-weight: normal; }
.row { display: flex; flex-wrap: wrap; gap: .5em; align-items: center; margin: .3em 0; }
input, select, button { font: inherit; color: inherit; background: var(--btn); border: 1px solid var(--btn-line); border-radius: 4px; padding: .15em .4em; max-width: 100%; }
input[type=number] { width: 7em; }
button { cursor: pointer; padding: .15em .6em; } button:hover { background: var(--btn-hover); }
button.copy { padding: 0 .35em; font-size: .8em; margin-left: .3em; }
#msg { color: var(--muted); min-height: 1.4em; } #msg.err, .err { color: var(--err); }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .15em .5em; border-bottom: 1px solid var(--line); white-space: nowrap; vertical-align: top; }
td.wrap { white-space: normal; min-width: 12em; }
th { color: var(--muted); font-weight: 600; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .2em 1em; margin: 0; } dt { color: var(--muted); } dd { margin: 0; min-width: 0; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.key { font-family: ui-monospace, monospace; font-size: .85em; }
.muted { color: var(--muted); }
.badge { display: inline-block; padding: 0 .45em; border-radius: 9px; font-size: .85em; background: var(--s0); }
.s1 { background: var(--s1); } .s2, .s4, .s5 { background: var(--s2); } .s3 { background: var(--s3); } .s6 { background: var(--s6); }
.trail .badge { margin-right: .2em; opacity: .8; }
.ask { color: var(--err); } .bid { color: var(--ok); }
tr.refused td { color: var(--err); }
.book { margin-bottom: 1em; }
.pager { display: flex; gap: .5em; align-items: center; margin-top: .5em; }
#events { font-size: .85em; padding-left: 2.5em; margin: 0; }
pre.body { margin: 0; white-space: pre-wrap; } summary { cursor: pointer; }
`;

/** The body of each path of EXPLORER_ASSET_TYPES (which gives its media type). */
export const EXPLORER_ASSETS: Readonly<Record<string, { body: string }>> = {
  '/': { body: EXPLORER_HTML },
  '/explorer.js': { body: await clientScript() },
  '/explorer.css': { body: EXPLORER_CSS },
};
