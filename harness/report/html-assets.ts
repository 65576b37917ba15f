import type { Status } from './model.js';

/*
 * The static assets of report.html: its style sheet and its small filtering script (the page
 * shell, `html-page.ts`, writes the Content-Security-Policy that allows only those two).
 */

export const STATUS_COLORS: Readonly<Record<Status, string>> = {
  pass: '#2e7d32',
  skip: '#9e9e9e',
  inconclusive: '#f9a825',
  fail: '#c62828',
  error: '#6a1b9a',
};

export const CSS = `
:root{--fg:#1f2328;--muted:#656d76;--line:#d0d7de;--bg:#fff;--alt:#f6f8fa;--pass:#1a7f37;--fail:#c62828;--warn:#9a6700;--skip:#6e7781;--inc:#8a6100;--err:#6a1b9a}
*{box-sizing:border-box}
[hidden]{display:none!important}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--fg);background:var(--bg)}
header.top{padding:20px 28px;border-bottom:1px solid var(--line);background:var(--alt)}
main{padding:0 28px 40px}
footer{padding:16px 28px;color:var(--muted);border-top:1px solid var(--line);font-size:12px}
h1{font-size:13px;font-weight:600;color:var(--muted);margin:0 0 8px;text-transform:uppercase;letter-spacing:.04em}
h2{font-size:20px;margin:32px 0 12px;padding-bottom:4px;border-bottom:1px solid var(--line)}
h3{font-size:15px;margin:20px 0 8px}
h4{font-size:12px;margin:12px 0 4px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
.badge{display:inline-block;font-size:32px;font-weight:800;letter-spacing:.03em;padding:8px 20px;border-radius:8px;color:#fff}
.v-conformant .badge{background:var(--pass)}
.v-non-conformant .badge{background:var(--fail)}
.v-error .badge{background:var(--err)}
.v-incomplete .badge{background:var(--warn)}
.v-interrupted .badge{background:var(--err)}
.reason{font-size:16px;margin:10px 0 6px}
.failed-must{margin:6px 0}
.failed-must a{margin-right:8px}
dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:12px 0 0}
dl.meta dt{color:var(--muted)}
dl.meta dd{margin:0;overflow-wrap:anywhere}
nav{padding:8px 28px;border-bottom:1px solid var(--line);position:sticky;top:0;background:var(--bg);z-index:1}
nav a{margin-right:16px}
a{color:#0969da;text-decoration:none}
a:hover{text-decoration:underline}
table{border-collapse:collapse;margin:8px 0}
th,td{border:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
th{background:var(--alt);font-weight:600}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
td.zero{color:var(--muted)}
tr.total td{font-weight:600}
.st{display:inline-block;min-width:6.5em;padding:1px 8px;border-radius:10px;font-size:12px;font-weight:600;color:#fff;text-align:center;white-space:nowrap}
.st-pass{background:var(--pass)}
.st-fail{background:var(--fail)}
.st-warn{background:var(--warn)}
.st-skip{background:var(--skip)}
.st-inconclusive{background:var(--inc)}
.st-error{background:var(--err)}
.st-uncovered{background:#fff;color:var(--fail);border:1px solid var(--fail)}
.lvl{font-weight:600;font-size:12px}
.mono,pre,code{font-family:ui-monospace,SFMono-Regular,"SF Mono",Menlo,Consolas,"Liberation Mono",monospace;font-size:12px}
.msg{white-space:pre-wrap;overflow-wrap:anywhere;max-width:42em}
td.title{min-width:22em;max-width:48em}
.where{font-size:11px;margin-top:2px;overflow-wrap:anywhere}
details summary{cursor:pointer}
.evidence{margin:6px 0 4px;padding:8px 10px;border-left:3px solid var(--line);background:var(--alt)}
.evidence pre{margin:0;padding:8px;background:var(--bg);border:1px solid var(--line);white-space:pre-wrap;overflow-wrap:anywhere;max-height:28em;overflow:auto}
.muted{color:var(--muted)}
tr.uncovered td{background:#fff8f8}
form.filters{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;margin:8px 0;padding:8px;background:var(--alt);border:1px solid var(--line)}
form.filters label{display:flex;gap:6px;align-items:center}
svg.chart,svg.bar{display:block;max-width:100%;height:auto}
.summary-bar{margin:10px 0 0;max-width:480px}
ul.counts{display:flex;flex-wrap:wrap;gap:4px 18px;list-style:none;margin:10px 0 0;padding:0;font-size:15px}
ul.counts li::before{content:"";display:inline-block;width:.8em;height:.8em;border-radius:2px;margin-right:6px;vertical-align:-.05em;background:var(--line)}
ul.counts li.c-pass::before{background:${STATUS_COLORS.pass}}
ul.counts li.c-skip::before{background:${STATUS_COLORS.skip}}
ul.counts li.c-inconclusive::before{background:${STATUS_COLORS.inconclusive}}
ul.counts li.c-fail::before{background:${STATUS_COLORS.fail}}
ul.counts li.c-error::before{background:${STATUS_COLORS.error}}
ul.counts li.c-total::before{display:none}
.wrap,td.msg,td.title{overflow-wrap:anywhere}
.wide{max-width:100%;overflow-x:auto}
tr[id],section[id]{scroll-margin-top:4em}
tr:target>td{background:#fff8c5}
a.permalink{float:right;margin-left:8px;color:var(--muted);font-weight:600}
.sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
h4 .mono{text-transform:none;letter-spacing:0}
@media print{
@page{margin:12mm}
body{font-size:10pt;color:#000}
nav,form.filters,a.permalink{display:none!important}
header.top{background:none;border-bottom:2px solid #000}
header.top,main,footer{padding-left:0;padding-right:0}
.badge,.st,ul.counts li::before,svg{-webkit-print-color-adjust:exact;print-color-adjust:exact}
a{color:inherit}
.muted,dl.meta dt{color:#444}
td.title{min-width:0}
.msg{max-width:none}
.wide{overflow:visible}
.evidence pre{max-height:none;overflow:visible}
thead{display:table-header-group}
h2,h3,h4{break-after:avoid}
tr:target>td{background:none}
.st{min-width:0;white-space:normal}
#check-table,#check-table>tbody,#requirements table,#requirements tbody{display:block;width:100%}
#check-table>thead,#requirements thead{display:none}
#check-table>tbody>tr,#requirements tbody>tr{display:flex;flex-wrap:wrap;align-items:baseline;column-gap:8px;border-top:1px solid #999;padding:3px 0}
#check-table>tbody>tr:not(:has(details[open])),#requirements tbody>tr{break-inside:avoid}
#check-table>tbody>tr>td,#requirements tbody>tr>td{display:block;border:0;padding:0;background:none}
#check-table td.title,#check-table td.msg,#requirements td.statement{flex:0 0 100%;padding:2px 0 0;max-width:none}
#check-table td.msg{order:1}
#check-table td.title{order:2}
#check-table td.msg:empty{display:none}
td.sec::before{content:"spec "}
#requirements td.count::before{content:"checks: "}
#matrix table{font-size:7pt;table-layout:fixed;width:100%}
#matrix th,#matrix td{padding:2px;overflow-wrap:anywhere}
#matrix .st{display:block;padding:0 2px;font-size:7pt}
}
`.trim();

export const SCRIPT = `
(function () {
  'use strict';
  var form = document.getElementById('filters');
  var table = document.getElementById('check-table');
  var shown = document.getElementById('shown');
  if (!form || !table || !shown) return;
  form.hidden = false;
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var problems = { fail: true, error: true, inconclusive: true };
  var fields = ['status', 'level', 'domain', 'q'];
  function value(name) { return form.elements[name].value; }
  function clear() { fields.forEach(function (f) { form.elements[f].value = ''; }); }
  function apply() {
    var s = value('status'), l = value('level'), d = value('domain'), q = value('q').trim().toLowerCase();
    var n = 0;
    rows.forEach(function (r) {
      var st = r.getAttribute('data-status');
      var ok = (!s || (s === 'problems' ? problems[st] === true : st === s)) &&
        (!l || r.getAttribute('data-level') === l) &&
        (!d || r.getAttribute('data-domain') === d) &&
        (!q || r.textContent.toLowerCase().indexOf(q) !== -1);
      r.hidden = !ok;
      if (ok) n += 1;
    });
    shown.textContent = n + ' of ' + rows.length + ' checks shown';
  }
  // report.html#check-...: open that check's evidence and bring it into view, clearing a filter that hid it.
  function reveal() {
    var id;
    try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { return; }
    var row = id ? document.getElementById(id) : null;
    if (!row || row.parentNode !== body) return;
    if (row.hidden) { clear(); apply(); }
    var details = row.querySelector('details');
    if (details) details.open = true;
    row.scrollIntoView();
  }
  form.addEventListener('input', apply);
  form.addEventListener('change', apply);
  form.addEventListener('submit', function (e) { e.preventDefault(); });
  form.addEventListener('click', function (e) {
    var b = e.target.closest('button[data-expand]');
    if (!b) return;
    var open = b.getAttribute('data-expand') === 'open';
    rows.forEach(function (r) {
      if (r.hidden) return;
      r.querySelectorAll('details').forEach(function (x) { x.open = open; });
    });
  });
  document.addEventListener('click', function (e) {
    var a = e.target.closest('a[data-filter]');
    if (!a) return;
    clear();
    form.elements[a.getAttribute('data-filter')].value = a.getAttribute('data-value');
    apply();
  });
  window.addEventListener('hashchange', reveal);
  // On paper, the evidence of every problem shown is printed open; what was opened for it closes after.
  var openedForPrint = [];
  window.addEventListener('beforeprint', function () {
    rows.forEach(function (r) {
      var details = r.querySelector('details');
      if (r.hidden || !details || details.open || problems[r.getAttribute('data-status')] !== true) return;
      details.open = true;
      openedForPrint.push(details);
    });
  });
  window.addEventListener('afterprint', function () {
    openedForPrint.forEach(function (x) { x.open = false; });
    openedForPrint = [];
  });
  apply();
  reveal();
})();
`.trim();
