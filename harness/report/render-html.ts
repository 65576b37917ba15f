import { html, trusted, type Html } from './html.js';
import { checkMessage, formatDeclaredAt, formatDuration, formatProperty, formatResponse, plural } from './format.js';
import { EMBEDDED_TARGET_WORDS, failureKind, verdictHeadline, verdictLabel, verdictReason } from './verdict.js';
import { LEVELS, STATUSES, type CheckResult, type Report, type Status, type StatusCounts } from './model.js';
import { renderTransitionsHtml, transitionMatrix } from './transitions.js';
import { EXPECTED_LABEL, expectedSummary } from './expected.js';
import { detailAfterReason, UNVERIFIED_LABEL, unverifiedSummary } from './unverified.js';
import { reportView, type ReportView } from './view.js';
import { renderBarChart, renderStackedBar, type BarSeries } from './svg.js';
import { CSS, SCRIPT, STATUS_COLORS } from './html-assets.js';
import { renderHtmlPage } from './html-page.js';

/* ----------------------------------------------------------------------------------------------
 * Pieces
 * -------------------------------------------------------------------------------------------- */

/** A failed SHOULD/MAY check shows as a warning, never with the colour of a conformance failure. */
function statusChip(status: Status, level?: CheckResult['level']): Html {
  if (status === 'fail' && level !== undefined && failureKind(level) !== 'failure') {
    return html`<span class="st st-warn" title="${level} not met: a warning, not a conformance failure">fail (${failureKind(level)})</span>`;
  }
  return html`<span class="st st-${status}">${status}</span>`;
}

function countCells(counts: StatusCounts): Html[] {
  return STATUSES.map((s) => html`<td class="n${counts[s] === 0 ? ' zero' : ''}">${counts[s]}</td>`);
}

function statusSeries(): BarSeries[] {
  return STATUSES.map((s) => ({ label: s, color: STATUS_COLORS[s] }));
}

function renderHeader(view: ReportView): Html {
  const { report, failedMust } = view;
  const summaryBar = renderStackedBar(
    STATUSES.map((s) => ({ label: s, value: report.counts.byStatus[s], color: STATUS_COLORS[s] })),
    { title: `All checks by status: ${STATUSES.map((s) => `${report.counts.byStatus[s]} ${s}`).join(', ')}`, width: 480, height: 14 },
  );
  return html`<header class="top v-${report.verdict}">
<h1>Conformance report${report.target.embedded ? ` (${EMBEDDED_TARGET_WORDS})` : ''}</h1>
<div class="badge">${verdictLabel(report)}</div>
<p class="reason">${verdictReason(report)}</p>
${
  failedMust.length > 0
    ? html`<p class="failed-must">Failed MUST requirements: ${failedMust
        // one link per requirement, to its first failing check
        .filter((c, i) => failedMust.findIndex((d) => d.requirementId === c.requirementId) === i)
        .map((c) => html`<a class="mono" href="#${view.checkAnchors.get(c) ?? ''}">${c.requirementId}</a> `)}</p>`
    : ''
}
${
  report.unverified.length > 0
    ? html`<p class="failed-must">Unverified MUST requirements: <a href="#unverified">${report.unverified.length} (${unverifiedSummary(report)})</a></p>`
    : ''
}
<div class="summary-bar">${trusted(summaryBar)}</div>
${renderHeaderCounts(report)}
<dl class="meta">
${view.meta.map((m) => html`<dt>${m.label}</dt><dd>${m.value}</dd>\n`)}</dl>
</header>`;
}

/**
 * The counts a reader looks for first, in words beside the bar (whose colours they repeat):
 * failures split into MUST failures and SHOULD/MAY warnings.
 */
function renderHeaderCounts(report: Report): Html {
  const by = report.counts.byStatus;
  const mustFailed = report.counts.byLevel.MUST.fail;
  const warnings = by.fail - mustFailed;
  const failDetail =
    by.fail === 0 ? '' : mustFailed === 0 ? ' (warnings: SHOULD/MAY)' : warnings === 0 ? ' (MUST)' : ` (${mustFailed} MUST, ${plural(warnings, 'warning')})`;
  const item = (status: Status, label: string): Html => html`<li class="c-${status}" data-status="${status}"><strong>${by[status]}</strong> ${label}</li>`;
  return html`<ul class="counts" aria-label="Checks by status">
${item('pass', 'pass')}
${item('fail', `fail${failDetail}`)}
${item('error', 'error')}
${item('inconclusive', 'inconclusive')}
${item('skip', 'skip')}
<li class="c-total" data-status="total"><strong>${report.counts.total}</strong> ${report.counts.total === 1 ? 'check' : 'checks'} in total</li>
</ul>`;
}

function renderCounts(view: ReportView): Html {
  const { report } = view;
  return html`<section id="results">
<h2>Results</h2>
<table>
<thead><tr><th>Level</th>${STATUSES.map((s) => html`<th class="n">${s}</th>`)}<th class="n">total</th></tr></thead>
<tbody>
${view.levels.map((l) => html`<tr><th>${l.level}</th>${countCells(l.counts)}<td class="n">${l.total}</td></tr>\n`)}<tr class="total"><th>all</th>${countCells(report.counts.byStatus)}<td class="n">${report.counts.total}</td></tr>
</tbody>
</table>
<p class="muted">A failed MUST check makes the target non-conformant; failed SHOULD and MAY checks are warnings. Conformance requires every MUST requirement of the catalogue to be verified and to pass.</p>
</section>`;
}

/** A requirement id, linked to its row of the catalogue when it has one. */
function requirementLink(view: ReportView, id: string): Html {
  const anchor = view.requirementAnchors.get(id);
  return anchor === undefined ? html`<span class="mono">${id}</span>` : html`<a class="mono" href="#${anchor}">${id}</a>`;
}

/** Which MUST requirements the run did not verify, and why: what keeps a run from being conformant. */
function renderUnverified(view: ReportView): Html {
  const { report } = view;
  if (report.unverified.length === 0) return html``;
  const { mustTotal, groups } = view.unverified;
  const link = (id: string): Html => requirementLink(view, id);
  return html`<section id="unverified">
<h2>Unverified MUST requirements</h2>
<p>${report.unverified.length} of ${plural(mustTotal, 'MUST requirement')} were not verified by this run. Set the variables named, run every suite and requirement, and re-run what was inconclusive to verify them.</p>
<table>
<thead><tr><th>Reason</th><th>Detail</th><th class="n">Count</th><th>Requirements</th></tr></thead>
<tbody>
${groups.map(
  (g) =>
    html`<tr><td>${UNVERIFIED_LABEL[g.reason]}</td><td>${detailAfterReason(g)}</td><td class="n">${g.ids.length}</td><td>${g.ids.map((id, i) => html`${i > 0 ? ', ' : ''}${link(id)}`)}</td></tr>
`,
)}</tbody>
</table>
</section>`;
}

/** CONFORMANCE_EXPECTED_FAILURES: each entry and how it fared. */
function renderExpected(view: ReportView): Html {
  const { report } = view;
  if (report.expectedFailures.length === 0) return html``;
  const link = (id: string): Html => requirementLink(view, id);
  return html`<section id="expected">
<h2>Expected failures</h2>
<p>${expectedSummary(report) ?? ''}. A failure listed here does not fail the exit code; a stale or expired entry does. The verdict is what the checks say.</p>
<table>
<thead><tr><th>Requirement</th><th>State</th><th class="n">Failed checks</th><th>Expires</th><th>Reason</th></tr></thead>
<tbody>
${report.expectedFailures.map(
  (e) => html`<tr><td>${link(e.id)}</td><td>${EXPECTED_LABEL[e.state]}</td><td class="n">${e.failed}</td><td>${e.expires ?? ''}</td><td>${e.reason}</td></tr>
`,
)}</tbody>
</table>
</section>`;
}

function renderDomains(view: ReportView): Html {
  if (view.domains.length === 0) return html``;
  const domains = view.domains.map((d) => d.summary);
  const chart = renderBarChart({
    title: 'Checks per domain by status',
    series: statusSeries(),
    categories: domains.map((d) => ({ label: d.domain, values: STATUSES.map((s) => d.counts[s]) })),
    mode: 'stacked',
    width: 720,
  });
  return html`<section id="domains">
<h2>Domains</h2>
${trusted(chart)}
<table>
<thead><tr><th>Domain</th><th>Status</th>${STATUSES.map((s) => html`<th class="n">${s}</th>`)}</tr></thead>
<tbody>
${view.domains.map(({ summary: d, view: status }) => {
  const chip = status.warning ? statusChip('fail', 'SHOULD') : statusChip(status.status);
  const note = status.note === '' ? '' : html` <span class="muted">${status.note}</span>`;
  return html`<tr data-domain="${d.domain}"><td><a href="#checks" data-filter="domain" data-value="${d.domain}">${d.domain}</a></td><td>${chip}${note}</td>${countCells(d.counts)}</tr>\n`;
})}</tbody>
</table>
</section>`;
}

function renderEvidence(check: CheckResult): Html | null {
  const blocks: Html[] = [];
  if (check.exchange !== null) {
    // Evidence blocks scroll past 28em: focusable, so a keyboard can scroll them too.
    blocks.push(html`<h4>Reproduce</h4><pre class="curl" tabindex="0">${check.exchange.curl}</pre>`);
    blocks.push(
      html`<h4>Response <span class="muted mono">${check.exchange.method} ${check.exchange.url}</span></h4><pre class="response" tabindex="0">${formatResponse(check.exchange)}</pre>`,
    );
  }
  if (check.property !== null) {
    blocks.push(html`<h4>Property</h4><p class="mono">${formatProperty(check.property)}</p>`);
    if (check.property.counterexample !== null) {
      blocks.push(html`<h4>Counterexample</h4><pre tabindex="0">${check.property.counterexample}</pre>`);
    }
  }
  if (check.throttled > 0) {
    blocks.push(html`<p class="muted">Throttled: waited out HTTP 429 ${plural(check.throttled, 'time')} (not a failure).</p>`);
  }
  if (blocks.length === 0) return null;
  blocks.push(html`<p class="muted">Took ${formatDuration(check.durationMs)}.</p>`);
  return html`<div class="evidence">${blocks}</div>`;
}

function renderChecks(view: ReportView): Html {
  const domains = view.checkDomains;
  const rows = view.checks.map((c) => {
    const evidence = renderEvidence(c);
    const requirementAnchor = view.requirementAnchors.get(c.requirementId);
    const anchor = view.checkAnchors.get(c) ?? '';
    const permalink = html`<a class="permalink" href="#${anchor}" title="Link to this check">#<span class="sr"> link to this check</span></a>`;
    // Where the check is written, so a reader finds its code (a helper's line after the suite's).
    const where = c.declaredAt === undefined ? '' : html`<div class="where mono muted">${formatDeclaredAt(c.declaredAt)}</div>`;
    const title =
      evidence === null ? html`${permalink}${c.title}${where}` : html`${permalink}<details><summary>${c.title}</summary>${evidence}</details>${where}`;
    const requirement =
      requirementAnchor === undefined
        ? html`<span class="mono">${c.requirementId}</span>`
        : html`<a class="mono" href="#${requirementAnchor}">${c.requirementId}</a>`;
    const cells = [
      html`<td>${statusChip(c.status, c.level)}</td>`,
      html`<td class="lvl">${c.level}</td>`,
      html`<td>${requirement}</td>`,
      html`<td class="sec">${c.section}</td>`,
      html`<td>${c.domain}</td>`,
      html`<td class="title">${title}</td>`,
      html`<td class="msg">${checkMessage(c) ?? ''}</td>`,
    ];
    return html`<tr id="${anchor}" data-status="${c.status}" data-level="${c.level}" data-domain="${c.domain}">${cells}</tr>\n`;
  });
  return html`<section id="checks">
<h2>Checks</h2>
<form id="filters" class="filters" hidden>
<label>Status <select name="status"><option value="">all</option><option value="problems">fail, error, inconclusive</option>${STATUSES.map(
    (s) => html`<option value="${s}">${s}</option>`,
  )}</select></label>
<label>Level <select name="level"><option value="">all</option>${LEVELS.map((l) => html`<option value="${l}">${l}</option>`)}</select></label>
<label>Domain <select name="domain"><option value="">all</option>${domains.map((d) => html`<option value="${d}">${d}</option>`)}</select></label>
<label>Search <input type="search" name="q" placeholder="id, title, message, response"></label>
<button type="button" data-expand="open">Expand shown</button>
<button type="button" data-expand="close">Collapse all</button>
<output id="shown"></output>
</form>
<p class="muted">Worst results first. Open a title for the curl reproducer, the response and the fast-check seed; the # beside it links to the check (the link stays the same in every run).</p>
<table id="check-table">
<thead><tr><th>Status</th><th>Level</th><th>Requirement</th><th>Section</th><th>Domain</th><th>Title</th><th>Message</th></tr></thead>
<tbody>
${rows}</tbody>
</table>
</section>`;
}

function renderObservations(view: ReportView): Html {
  if (view.observations.length === 0) return html``;
  return html`<section id="observations">
<h2>Observations</h2>
<p class="muted">What the target chose where the specification leaves the choice open.</p>
${view.observations.map(
  ({ topic, values }) => html`<h3 class="mono">${topic}</h3>
<table>
<thead><tr><th>Value</th><th>Seen at</th><th>Requirement</th></tr></thead>
<tbody>
${values.map(
  (v) =>
    html`<tr><td class="mono wrap">${v.value === '' ? html`<span class="muted">(empty)</span>` : v.value}</td><td class="wrap">${v.subjects.join(', ')}</td><td class="mono wrap">${v.requirements.join(', ')}</td></tr>\n`,
)}</tbody>
</table>
`,
)}</section>`;
}

function renderRequirements(view: ReportView): Html {
  const { rows: requirements, uncovered, unverifiedById: why } = view.requirements;
  if (requirements.length === 0) return html``;
  return html`<section id="requirements">
<h2>Requirement catalogue</h2>
<p>${plural(requirements.length, 'requirement')}: ${requirements.length - uncovered} covered by this run, <strong>${uncovered} not covered</strong>.</p>
<table>
<thead><tr><th>Requirement</th><th>Level</th><th>Section</th><th>Domain</th><th>Statement</th><th class="n">Checks</th><th>Result</th></tr></thead>
<tbody>
${requirements.map((r) => {
  const covered = r.status !== null && r.checks > 0;
  const id = covered ? html`<a class="mono" href="#checks" data-filter="q" data-value="${r.id}">${r.id}</a>` : html`<span class="mono">${r.id}</span>`;
  const missing = why.get(r.id);
  const result =
    r.status === null
      ? html`<span class="st st-uncovered" title="${missing?.detail ?? ''}">${missing === undefined ? 'not covered' : `not covered: ${UNVERIFIED_LABEL[missing.reason]}`}</span>`
      : html`${statusChip(r.status, r.level)}${missing === undefined || r.status === 'pass' ? '' : html` <span class="muted">${missing.detail}</span>`}`;
  return html`<tr id="${view.requirementAnchors.get(r.id) ?? ''}"${covered ? '' : html` class="uncovered"`}><td>${id}</td><td class="lvl">${r.level}</td><td class="sec">${r.section}</td><td>${r.domain}</td><td class="statement">${r.statement}</td><td class="n count">${r.checks}</td><td>${result}</td></tr>\n`;
})}</tbody>
</table>
</section>`;
}

function renderMatrix(view: ReportView): Html {
  if (view.matrix === null) return html``;
  const { operations, rows } = view.matrix;
  return html`<section id="matrix">
<h2>Isolation and permission matrix</h2>
<p class="muted">Resource x operation x key: pass when refused (or allowed) as spec 5 requires; the status answered is shown.</p>
<div class="wide" role="region" aria-label="Isolation and permission matrix (scrolls sideways)" tabindex="0">
<table>
<thead><tr><th>Resource</th><th>Key</th>${operations.map((o) => html`<th>${o}</th>`)}</tr></thead>
<tbody>
${rows.map(
  (r) =>
    html`<tr><td>${r.resource}</td><td>${r.key}</td>${r.cells.map((c) =>
      c === undefined
        ? html`<td class="muted">·</td>`
        : html`<td>${statusChip(c.status, 'MUST')}${c.answered === null ? '' : html` <span class="mono">${String(c.answered)}</span>`}</td>`,
    )}</tr>\n`,
)}</tbody>
</table>
</div>
</section>`;
}

function renderInputClasses(view: ReportView): Html {
  if (view.inputClasses === null) return html``;
  const { cells, missed, surfaces } = view.inputClasses;
  return html`<section id="input-classes">
<h2>Invalid input classes</h2>
<p class="muted">Every field of every request body and query, each invalid class derived from the spec's field table sent once: ${String(cells.length)} sent, ${String(cells.length - missed.length)} rejected with a 4xx, ${String(missed.length)} not.</p>
${
  missed.length === 0
    ? ''
    : html`<ul>${missed.slice(0, 50).map(
        (
          c,
        ) => html`<li>${statusChip('fail', 'MUST')} ${c.surface} <code>${c.field}</code> ${c.class}: sent <code>${c.sent}</code>, answered ${c.answered === null ? 'nothing' : String(c.answered)}</li>
`,
      )}</ul>`
}
<div class="wide" role="region" aria-label="Invalid input classes (scrolls sideways)" tabindex="0">
<table>
<thead><tr><th>Surface</th><th>Fields</th><th>Sent</th><th>Rejected</th><th>Accepted</th><th>Other</th><th>Classes</th></tr></thead>
<tbody>
${surfaces.map(
  (
    r,
  ) => html`<tr><td>${r.surface}</td><td>${String(r.fields)}</td><td>${String(r.sent)}</td><td>${String(r.rejected)}</td><td>${String(r.accepted)}</td><td>${String(r.other)}</td><td class="mono">${r.classes}</td></tr>
`,
)}</tbody>
</table>
</div>
</section>`;
}

function renderSpecCoverage(view: ReportView): Html {
  if (view.specCoverage === null) return html``;
  const { rows, units, traced, verified } = view.specCoverage;
  return html`<section id="spec-coverage">
<h2>Spec coverage by section</h2>
<p>The spec cut into ${plural(units, 'unit')} (table rows, bullets, sentences; docs/traceability.md): ${String(traced)} traced to requirements, ${String(verified)} of them verified by this run (every requirement they name passed).</p>
<table>
<thead><tr><th>Section</th><th class="n">Units</th><th class="n">Traced</th><th class="n">Verified</th><th class="n">Informative</th><th class="n">Untestable</th></tr></thead>
<tbody>
${rows.map(
  (
    r,
  ) => html`<tr><td>${r.section}</td><td class="n">${String(r.units)}</td><td class="n">${String(r.traced)}</td><td class="n">${String(r.verified)}</td><td class="n">${String(r.informative)}</td><td class="n">${String(r.untestable)}</td></tr>
`,
)}</tbody>
</table>
</section>`;
}

function renderEndpoints(view: ReportView): Html {
  const { report } = view;
  if (report.endpoints.length === 0 && report.notTestable.length === 0) return html``;
  const { exercised } = view.endpoints;
  return html`<section id="endpoints">
<h2>Endpoint coverage</h2>
<p>${exercised} of ${plural(report.endpoints.length, 'documented endpoint')} exercised by this run.</p>
<table>
<thead><tr><th>Method</th><th>Path</th><th>Domain</th><th>Section</th><th class="n">Checks</th></tr></thead>
<tbody>
${report.endpoints.map(
  (e) =>
    html`<tr${e.checks > 0 ? '' : html` class="uncovered"`}><td class="mono">${e.method}</td><td class="mono">${e.path}</td><td>${e.domain}</td><td>${e.section}</td><td class="n">${e.checks > 0 ? String(e.checks) : html`<span class="st st-uncovered">not exercised</span>`}</td></tr>\n`,
)}</tbody>
</table>
${
  report.notTestable.length > 0
    ? html`<h3>Not testable</h3>
<p class="muted">The specification names these without documenting them.</p>
<ul>${report.notTestable.map((n) => html`<li><strong>${n.domain}</strong>: ${n.reason}</li>`)}</ul>`
    : ''
}
</section>`;
}

/**
 * One self-contained HTML page (inline CSS and a small filtering script, nothing external, strict
 * Content-Security-Policy): verdict, counts, domains with a status chart, every check with its
 * evidence, observations and the requirement catalogue with coverage. Readable without script.
 * Deterministic: everything is sorted, no clock is read.
 */
export function renderHtml(report: Report): string {
  const view = reportView(report);
  const title = `${verdictHeadline(report)}: conformance report for ${report.target.url}`;

  const body = html`${renderHeader(view)}
<nav><a href="#results">Results</a>${report.unverified.length > 0 ? html`<a href="#unverified">Unverified</a>` : ''}${report.expectedFailures.length > 0 ? html`<a href="#expected">Expected failures</a>` : ''}<a href="#domains">Domains</a><a href="#checks">Checks</a><a href="#observations">Observations</a>${transitionMatrix(report.observations).length > 0 ? html`<a href="#transitions">Transitions</a>` : ''}<a href="#matrix">Matrix</a>${(report.inputClasses ?? []).length > 0 ? html`<a href="#input-classes">Input classes</a>` : ''}<a href="#requirements">Requirements</a><a href="#endpoints">Endpoints</a></nav>
<main>
${renderCounts(view)}
${renderUnverified(view)}
${renderExpected(view)}
${renderDomains(view)}
${renderChecks(view)}
${renderObservations(view)}
${trusted(renderTransitionsHtml(report))}
${renderMatrix(view)}
${renderInputClasses(view)}
${renderRequirements(view)}
${renderSpecCoverage(view)}
${renderEndpoints(view)}
</main>
<footer>Generated by ${report.tool.name} ${report.tool.version} · run ${report.runId} · finished ${report.finishedAt}</footer>`;
  return renderHtmlPage({ title, css: CSS, script: SCRIPT, generator: `${report.tool.name} ${report.tool.version}`, body });
}
