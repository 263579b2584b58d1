// The explorer's HTML shell and stylesheet, as strings so `tsc` ships them in dist with no bundler or copy step.

export const EXPLORER_HTML = String.raw`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>l2-devnet explorer</title>
<link rel="stylesheet" href="/explorer.css">
<script type="module" src="/explorer.js"></script>
</head>
<body>
<header>
  <h1>l2-devnet explorer</h1>
  <label>namespace <select id="namespace" title="each namespace is a devnet of its own (/ns/{name}/)"></select></label>
  <span id="clock" title="emulator clock"></span>
  <span id="settlement"></span>
  <span id="live" class="off">connecting</span>
</header>
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
    <select id="snapshot-id"></select>
    <button id="btn-revert">Revert</button>
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
  <section class="panel"><h2>Accounts</h2><div id="accounts"></div></section>
  <section class="panel"><h2>Order books</h2><div id="markets"></div></section>
  <section class="panel wide"><h2>Records <small>newest first; the trail shows the moves seen live</small></h2><div id="records"></div></section>
  <section class="panel"><h2>Trades</h2><div id="trades"></div></section>
  <section class="panel"><h2>Marketplaces</h2><div id="marketplaces"></div></section>
  <section class="panel"><h2>Stored files</h2><div id="files"></div></section>
  <section class="panel"><h2>Events</h2><ol id="events" reversed></ol></section>
</main>
</body>
</html>
`;

export const EXPLORER_CSS = String.raw`:root { --fg: #1d2330; --muted: #667085; --line: #e4e7ec; --bg: #f7f8fa; font: 14px/1.4 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
body { margin: 0; }
header { display: flex; gap: 1em; align-items: baseline; padding: .6em 1em; background: #101828; color: #fff; }
header h1 { font-size: 1.1em; margin: 0; flex: 1; }
#live.on { color: #6ce9a6; } #live.off { color: #fda29b; }
main { display: grid; grid-template-columns: repeat(auto-fit, minmax(420px, 1fr)); gap: 1em; padding: 1em; }
.panel { background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: .6em .9em; overflow: auto; max-height: 32em; }
#controls { margin: 1em 1em 0; max-height: none; }
.wide { grid-column: 1 / -1; }
h2 { font-size: 1em; margin: 0 0 .5em; } h2 small { color: var(--muted); font-weight: normal; }
.row { display: flex; flex-wrap: wrap; gap: .5em; align-items: center; margin: .3em 0; }
input, select, button { font: inherit; } input[type=number] { width: 7em; }
button { cursor: pointer; border: 1px solid #98a2b3; background: #fff; border-radius: 4px; padding: .15em .6em; }
button:hover { background: #f2f4f7; }
#msg { color: var(--muted); min-height: 1.4em; } #msg.err { color: #b42318; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .15em .5em; border-bottom: 1px solid var(--line); white-space: nowrap; }
th { color: var(--muted); font-weight: 600; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.key { font-family: ui-monospace, monospace; font-size: .85em; color: var(--muted); }
.badge { display: inline-block; padding: 0 .45em; border-radius: 9px; font-size: .85em; background: #eaecf0; }
.s0 { background: #eaecf0; } .s1 { background: #d1e9ff; } .s2, .s4, .s5 { background: #fee4e2; } .s3 { background: #fef0c7; } .s6 { background: #d1fadf; }
.trail .badge { margin-right: .2em; opacity: .75; }
.ask { color: #b42318; } .bid { color: #027a48; }
.book { margin-bottom: 1em; }
#events { font-size: .85em; padding-left: 2.5em; margin: 0; }
.muted { color: var(--muted); }
`;
