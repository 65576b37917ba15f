import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../harness/report/model.js';
import { ROOT } from './run-cli.js';
import { makeSecondInstall } from './testing/second-install.js';
import { SHORT_LOAD } from './testing/short-load.js';
import { loadReportSchema } from '../harness/load/model.js';
import { parseStages } from '../harness/config/stages.js';
import { parseThreshold } from '../harness/config/thresholds.js';

/*
 * Issue 15: the composite GitHub Action (action.yml) run as a workflow runs it, without GitHub:
 * its `run:` steps in bash with the variables the runner sets (a fresh GITHUB_OUTPUT and
 * GITHUB_STEP_SUMMARY per step, GITHUB_ACTION_PATH, GITHUB_WORKSPACE, ...), their `env:` with
 * the inputs substituted, against the embedded reference server. `uses:` steps (setup-node,
 * upload-artifact) are GitHub's own and are not run.
 */

/* ----------------------------------------------------------------------------------------------
 * The YAML of action.yml: block mappings, one block sequence, plain and quoted scalars. Enough
 * for this file (there is no YAML dependency); anything else it meets is an error.
 * -------------------------------------------------------------------------------------------- */

type Yaml = string | Yaml[] | { [key: string]: Yaml };

interface Line {
  readonly indent: number;
  readonly text: string;
  readonly number: number;
}

function scalar(raw: string, line: Line): string {
  const s = raw.trim();
  if (s.startsWith("'")) {
    if (!s.endsWith("'") || s.length < 2) throw new Error(`line ${line.number}: unterminated quote`);
    return s.slice(1, -1).replace(/''/g, "'");
  }
  if (s.startsWith('"')) return JSON.parse(s) as string;
  if (/^[|>]/.test(s)) throw new Error(`line ${line.number}: block scalars are not supported here`);
  return s;
}

function parseYaml(text: string): Yaml {
  const lines: Line[] = text
    .split('\n')
    .map((raw, i) => ({ indent: raw.length - raw.trimStart().length, text: raw.trim(), number: i + 1 }))
    .filter((l) => l.text !== '' && !l.text.startsWith('#'));
  let at = 0;
  const block = (indent: number): Yaml => {
    const first = lines[at];
    if (first === undefined || first.indent < indent) return '';
    if (first.text.startsWith('- ')) {
      const items: Yaml[] = [];
      while (lines[at] !== undefined && lines[at]!.indent === first.indent && lines[at]!.text.startsWith('- ')) {
        const line = lines[at]!;
        // "- key: value" opens a mapping indented two further.
        lines[at] = { ...line, indent: line.indent + 2, text: line.text.slice(2) };
        items.push(block(line.indent + 2));
      }
      return items;
    }
    const map: Record<string, Yaml> = {};
    while (lines[at] !== undefined && lines[at]!.indent === first.indent) {
      const line = lines[at]!;
      const m = /^([A-Za-z0-9_-]+):(?:\s+(.*))?$/.exec(line.text);
      if (m === null) throw new Error(`line ${line.number}: expected "key: value", got ${line.text}`);
      at += 1;
      const key = m[1]!;
      if (key in map) throw new Error(`line ${line.number}: duplicate key ${key}`);
      map[key] = m[2] === undefined || m[2] === '' ? block(first.indent + 1) : scalar(m[2], line);
    }
    if (lines[at] !== undefined && lines[at]!.indent > first.indent) throw new Error(`line ${lines[at]!.number}: bad indentation`);
    return map;
  };
  const doc = block(0);
  if (at !== lines.length) throw new Error(`line ${lines[at]!.number}: not parsed`);
  return doc;
}

interface ActionStep {
  readonly name?: string;
  readonly id?: string;
  readonly if?: string;
  readonly uses?: string;
  readonly shell?: string;
  readonly run?: string;
  readonly env?: Record<string, string>;
  readonly with?: Record<string, string>;
}

interface Action {
  readonly name: string;
  readonly description: string;
  readonly inputs: Record<string, { description: string; required?: string; default?: string }>;
  readonly outputs: Record<string, { description: string; value: string }>;
  readonly runs: { using: string; steps: ActionStep[] };
}

/* ----------------------------------------------------------------------------------------------
 * Running the steps as the runner does
 * -------------------------------------------------------------------------------------------- */

const EXPRESSION = /\$\{\{\s*([^}]*?)\s*\}\}/g;

/** `${{ inputs.x }}` and `${{ github.action_path }}`; any other expression in a run step is an error. */
function substitute(text: string, inputs: Record<string, string>): string {
  return text.replace(EXPRESSION, (_m, expression: string) => {
    const input = /^inputs\.([A-Za-z0-9_-]+)$/.exec(expression);
    if (input !== null) {
      if (!(input[1]! in inputs)) throw new Error(`${expression}: no such input in action.yml`);
      return inputs[input[1]!]!;
    }
    if (expression === 'github.action_path') return actionPath;
    throw new Error(`unsupported expression in a run step: ${expression}`);
  });
}

/** A GITHUB_OUTPUT file: `name=value` lines and `name<<DELIMITER` blocks. */
function parseOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc !== null) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      out[heredoc[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (line.includes('=')) {
      out[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return out;
}

interface StepResult {
  readonly name: string;
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly outputs: Record<string, string>;
  readonly summary: string;
}

interface ActionRun {
  readonly steps: StepResult[];
  /** The action's outputs, resolved from its steps' outputs as GitHub does. */
  readonly outputs: Record<string, string>;
  /** The job summary: every step's GITHUB_STEP_SUMMARY, in order. */
  readonly summary: string;
  /** The exit status of the step that failed, or 0: what fails the action's step. */
  readonly code: number | null;
  readonly workspace: string;
}

let action: Action;
/**
 * The action's checkout as a workflow gets it: a copy of this clone (test/testing/second-install.ts)
 * whose install step compiled it, then whose TypeScript sources were deleted and whose tsx was
 * unlinked, so a step that ran the sources instead of the compiled package would fail. Its own
 * dist/, apart from this clone's (which `npm pack` in test/package.test.ts rebuilds meanwhile).
 */
let actionPath: string;
/** What the install step printed when it compiled the copy. */
let installed: { code: number | null; stdout: string; stderr: string };

/**
 * The action's `run:` steps, in order, as the runner runs a composite action: bash with
 * `--noprofile --norc -eo pipefail`, in the workspace, with the job's environment (`jobEnv`)
 * and the step's `env:`. Stops at the first failing step, as a composite action does.
 */
async function runAction(given: Record<string, string>, jobEnv: Record<string, string> = {}): Promise<ActionRun> {
  const workspace = await mkdtemp(join(tmpdir(), 'conformance-action-workspace-'));
  const runnerTemp = await mkdtemp(join(tmpdir(), 'conformance-action-runner-'));
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([name, spec]) => [name, given[name] ?? spec.default ?? '']));
  for (const name of Object.keys(given)) if (!(name in action.inputs)) throw new Error(`no input ${name} in action.yml`);
  // The runner's environment, without a developer's own CONFORMANCE_ settings or vitest's.
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('CONFORMANCE_') && !k.startsWith('VITEST') && !k.startsWith('GITHUB_')),
  );
  const steps: StepResult[] = [];
  const byId: Record<string, Record<string, string>> = {};
  let summary = '';
  let code: number | null = 0;
  for (const [i, step] of action.runs.steps.entries()) {
    if (step.run === undefined) continue;
    const output = join(runnerTemp, `output-${i}`);
    const stepSummary = join(runnerTemp, `summary-${i}`);
    await writeFile(output, '');
    await writeFile(stepSummary, '');
    const script = join(runnerTemp, `step-${i}.sh`);
    await writeFile(script, substitute(step.run, inputs));
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, substitute(v, inputs)]));
    const env = {
      ...base,
      ...jobEnv,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_ACTION_PATH: actionPath,
      GITHUB_WORKSPACE: workspace,
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: stepSummary,
      GITHUB_ENV: join(runnerTemp, 'env'),
      GITHUB_PATH: join(runnerTemp, 'path'),
      RUNNER_TEMP: runnerTemp,
      RUNNER_OS: 'Linux',
      NODE_ENV: 'production',
      ...stepEnv,
    };
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd: workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('close', (c) => resolve({ code: c, stdout, stderr }));
    });
    const outputs = parseOutputs(await readFile(output, 'utf8'));
    const text = await readFile(stepSummary, 'utf8');
    summary += text;
    steps.push({ name: step.name ?? `step ${i}`, ...result, outputs, summary: text });
    if (step.id !== undefined) byId[step.id] = outputs;
    if (result.code !== 0) {
      code = result.code;
      break;
    }
  }
  const outputs = Object.fromEntries(
    Object.entries(action.outputs).map(([name, spec]) => [
      name,
      spec.value.replace(EXPRESSION, (_m, expression: string) => {
        const ref = /^steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)$/.exec(expression);
        if (ref === null) throw new Error(`output ${name}: unsupported expression ${expression}`);
        return byId[ref[1]!]?.[ref[2]!] ?? '';
      }),
    ]),
  );
  return { steps, outputs, summary, code, workspace };
}

async function reportOf(run: ActionRun): Promise<Report> {
  return JSON.parse(await readFile(run.outputs['report-json']!, 'utf8')) as Report;
}

/** The outputs that carry a run's numbers, checked against its report.json. */
function expectCounts(run: ActionRun, report: Report): void {
  expect(run.outputs).toMatchObject({
    verdict: report.verdict,
    'exit-code': String(report.exitCode),
    'run-id': report.runId,
    total: String(report.counts.total),
    pass: String(report.counts.byStatus.pass),
    fail: String(report.counts.byStatus.fail),
    'must-fail': String(report.counts.byLevel.MUST.fail),
    skip: String(report.counts.byStatus.skip),
    inconclusive: String(report.counts.byStatus.inconclusive),
    error: String(report.counts.byStatus.error),
    unverified: String(report.unverified.length),
    embedded: String(report.target.embedded),
  });
  expect(run.outputs['target']).toBe(report.target.embedded ? `the embedded reference server at ${report.target.url} (not your server)` : report.target.url);
}

/** What the action's every output about a run of the embedded reference server says beside the verdict. */
const EMBEDDED = '(embedded reference server, not your server)';

/** A self-test of the action: the embedded reference server, asked for as a workflow must. */
const NARROW = { reference: 'true', suites: 'contacts', 'num-runs': '2', seed: '20261123', 'node-version': '' };

/** Runs one command of ci/github-action.sh in the action's checkout, as its step would. */
function script(command: string, env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', join(actionPath, 'ci', 'github-action.sh'), command], {
      cwd: actionPath,
      env: { ...process.env, GITHUB_ACTION_PATH: actionPath, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('action.yml', () => {
  beforeAll(async () => {
    action = parseYaml(await readFile(join(ROOT, 'action.yml'), 'utf8')) as unknown as Action;
    actionPath = makeSecondInstall(await mkdtemp(join(tmpdir(), 'conformance-action-checkout-')));
    for (const name of ['ci', 'bin', 'package-lock.json', 'tsconfig.build.json']) await cp(join(ROOT, name), join(actionPath, name), { recursive: true });
    installed = await script('install');
    await unlink(join(actionPath, 'node_modules', 'tsx'));
    for (const dir of ['harness', 'reference', 'suites']) {
      for (const file of await readdir(join(actionPath, dir), { recursive: true })) if (file.endsWith('.ts')) await rm(join(actionPath, dir, file));
    }
  }, 180_000);

  it('compiles the package on install and runs it again from dist/ without compiling', async () => {
    expect(installed.code, installed.stderr).toBe(0);
    expect(installed.stdout).toContain('tsc -p tsconfig.build.json');
    expect(existsSync(join(actionPath, 'dist', 'harness', 'cli', 'bin.js'))).toBe(true);
    const again = await script('install');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('dist/ is up to date');
    // The cache key names the lock file's contents, and the folder is npm's own cache.
    const output = join(await mkdtemp(join(tmpdir(), 'conformance-action-output-')), 'output');
    await writeFile(output, '');
    const key = await script('cache-key', { GITHUB_OUTPUT: output, RUNNER_OS: 'Linux' });
    expect(key.code, key.stderr).toBe(0);
    expect(await readFile(output, 'utf8')).toMatch(
      /^path=\/.+\nkey=conformance-action-npm-Linux-node\d+-[0-9a-f]{20}\nrestore-key=conformance-action-npm-Linux-node\d+-\n$/,
    );
  });

  it('is a composite action whose every output comes from a step and whose every input is used', () => {
    expect(action.runs.using).toBe('composite');
    expect(action.name).not.toBe('');
    const text = JSON.stringify(action.runs.steps);
    for (const name of Object.keys(action.inputs)) {
      expect(action.inputs[name]!.description, name).not.toBe('');
      expect(text, `input ${name} is not used by any step`).toContain(`inputs.${name}`);
    }
    for (const [name, spec] of Object.entries(action.outputs)) expect(spec.value, name).toMatch(/^\$\{\{ steps\.run\.outputs\.[a-z-]+ \}\}$/);
    // Every step GitHub runs for us is pinned to a major version; the rest is our script.
    for (const step of action.runs.steps) {
      if (step.uses !== undefined) expect(step.uses).toMatch(/^actions\/[a-z-]+@v\d+$/);
      else {
        expect(step.shell).toBe('bash');
        expect(step.run).toMatch(/^bash "\$GITHUB_ACTION_PATH\/ci\/github-action\.sh" (cache-key|install|run)$/);
        // An input reaches the script through env, never pasted into the script's text.
        expect(step.run).not.toMatch(EXPRESSION);
      }
    }
    // Every key input is documented as a secret.
    for (const name of Object.keys(action.inputs).filter((n) => /key/.test(n))) expect(action.inputs[name]!.description).toMatch(/secret/);
  });

  // Runs at once (each a few seconds against the embedded reference server).
  // The bound outlasts a busy two-core machine: the point is what the steps do, not how fast.
  describe.concurrent('its steps, in bash with the variables GitHub sets', { timeout: 120_000 }, () => {
    it('pass an incomplete run: exit 0, outputs, the summary appended to the job summary', async () => {
      const run = await runAction(NARROW);
      const runStep = run.steps.find((s) => s.name === 'Run the conformance suite')!;
      expect(run.code, `${runStep?.stdout}\n${runStep?.stderr}`).toBe(0);
      expect(run.steps.map((s) => [s.name, s.code])).toEqual([
        ['Key of the install cache', 0],
        ['Install the conformance suite', 0],
        ['Run the conformance suite', 0],
      ]);
      const report = await reportOf(run);
      expect(report.verdict).toBe('incomplete');
      expectCounts(run, report);
      // The report's paths: the run's own directory under the workspace's report-dir.
      const dir = join(run.workspace, 'conformance-report', report.runId);
      expect(run.outputs).toMatchObject({
        'report-dir': dir,
        'report-html': join(dir, 'report.html'),
        'report-json': join(dir, 'report.json'),
        junit: join(dir, 'junit.xml'),
        summary: join(dir, 'summary.md'),
      });
      for (const file of ['report.html', 'report.json', 'junit.xml', 'summary.md', 'summary-full.md']) expect(existsSync(join(dir, file)), file).toBe(true);
      // The job summary is summary.md, which fits a pull-request comment.
      const summary = await readFile(join(dir, 'summary.md'), 'utf8');
      expect(run.summary).toBe(summary);
      expect(run.summary.length).toBeLessThanOrEqual(65_536);
      expect(run.summary.split('\n')[0]).toBe(`# Conformance report: ⚠️ INCOMPLETE ${EMBEDDED}`);
      expect(run.outputs['embedded']).toBe('true');
      // A warning annotation names the verdict and what was tested; keys are masked in the log.
      expect(runStep.stdout).toMatch(
        /^::warning title=Conformance::INCOMPLETE \(embedded reference server, not your server\): \d+ checks, 0 failed \(0 MUST\); exit code 0\. Report: /m,
      );
      expect(runStep.stdout).not.toMatch(/::add-mask::/);
    });

    it('fail the step with exit code 1 when the target is non-conformant, the failures first in the job summary', async () => {
      const run = await runAction({ ...NARROW, 'report-dir': 'out/reports' }, { CONFORMANCE_REFERENCE_FAULTS: 'contacts-email-unchecked' });
      expect(run.code).toBe(1);
      expect(run.steps.at(-1)!.name).toBe('Run the conformance suite');
      const report = await reportOf(run);
      expect(report.verdict).toBe('non-conformant');
      expectCounts(run, report);
      expect(run.outputs['report-dir']).toBe(join(run.workspace, 'out', 'reports', report.runId));
      expect(run.summary.split('\n')[0]).toBe(`# Conformance report: ❌ NON-CONFORMANT ${EMBEDDED}`);
      const failures = run.summary.indexOf('## Failures (MUST)');
      expect(failures).toBeGreaterThan(0);
      expect(run.summary.slice(failures)).toContain('[CT-EMAIL-FORMAT\\]');
      expect(run.steps.at(-1)!.stdout).toMatch(
        /^::error title=Conformance::NON-CONFORMANT \(embedded reference server, not your server\): \d+ checks, [1-9]\d* failed/m,
      );
    });

    it('fail the step with exit code 3 for an incomplete run when fail-on-incomplete is set', async () => {
      const run = await runAction({ ...NARROW, suites: 'auth', 'fail-on-incomplete': 'true' });
      expect(run.code).toBe(3);
      const report = await reportOf(run);
      expect(report).toMatchObject({ verdict: 'incomplete', exitCode: 3 });
      expectCounts(run, report);
      expect(run.summary).toContain('CONFORMANCE_FAIL_ON_INCOMPLETE is set: exit code 3.');
    });

    it('fail the step with exit code 2 when target-url is empty and reference is not true: an undefined variable never tests the reference server', async () => {
      // As `target-url: ${{ vars.TARGET_URL }}` with the variable undefined, and keys from secrets.
      const key = 'wmk_0123456789abcdef0123';
      const run = await runAction({ 'target-url': '', 'admin-key': key, suites: 'contacts', 'node-version': '' });
      expect(run.code).toBe(2);
      expect(run.outputs).toMatchObject({ 'exit-code': '2', verdict: '', 'report-dir': '', embedded: '' });
      expect(existsSync(join(run.workspace, 'conformance-report'))).toBe(false);
      expect(run.summary).toMatch(/^# Conformance report: no verdict\n\nNothing was tested: target-url is empty .*reference: true/);
      const runStep = run.steps.at(-1)!;
      expect(runStep.stdout).toMatch(
        /^::error title=Conformance::no verdict \(exit 2\): target-url is empty \(an undefined variable or secret\?\) and reference is not true: set target-url to your server's base URL, or reference: true/m,
      );
      expect(runStep.stdout).not.toMatch(/::(notice|warning) /);
      expect(runStep.stdout).toContain(`::add-mask::${key}`);
    });

    it('fail the step with exit code 2 and say why in the job summary when the run cannot start, masking the keys given', async () => {
      const key = 'wmk_0123456789abcdef0123';
      const run = await runAction({ 'target-url': 'http://127.0.0.1:9/api/v1', 'member-key': key, 'node-version': '' });
      expect(run.code).toBe(2);
      expect(run.outputs['exit-code']).toBe('2');
      expect(run.outputs['verdict']).toBe('');
      expect(run.outputs['report-dir']).toBe('');
      expect(run.summary).toMatch(/^# Conformance report: no verdict\n/);
      expect(run.summary).toContain('CONFORMANCE_ADMIN_KEY');
      const runStep = run.steps.at(-1)!;
      expect(runStep.stdout).toMatch(/^::error title=Conformance::no verdict \(exit 2\): conformance: /m);
      // The runner hides the key, and its secret part, from the rest of the log.
      expect(runStep.stdout).toContain(`::add-mask::${key}`);
      expect(runStep.stdout).toContain('::add-mask::0123456789abcdef0123');
      expect(run.summary).not.toContain(key);
    });

    it('command load: fail the step with exit code 1 when a threshold is crossed; outputs, junit.xml and the job summary say which', async () => {
      const run = await runAction(
        {
          command: 'load',
          reference: 'true',
          'load-scenarios': 'throughput',
          // No server answers in 1 µs at the 95th percentile; every answer of the reference is a 2xx.
          thresholds: 'http_req_duration{scenario:throughput}:p(95)<0.001\nhttp_req_failed:rate<0.01',
          'node-version': '',
        },
        { ...SHORT_LOAD, CONFORMANCE_LOAD_ENDPOINTS: 'list', CONFORMANCE_LOAD_CONCURRENCY: '1' },
      );
      const runStep = run.steps.at(-1)!;
      expect(run.code, `${runStep.stdout}\n${runStep.stderr}`).toBe(1);
      expect(run.outputs).toMatchObject({ verdict: 'failed', 'exit-code': '1', 'thresholds-crossed': '1', embedded: 'true' });
      const report = loadReportSchema.parse(JSON.parse(await readFile(run.outputs['report-json']!, 'utf8')));
      expect(report.thresholds.map((t) => t.status)).toEqual(['crossed', 'passed']);
      expect(run.outputs['report-dir']).toBe(join(run.workspace, 'conformance-report', `load-${report.runId}`));
      expect(await readFile(run.outputs['junit']!, 'utf8')).toMatch(/<testsuite name="thresholds" tests="2" failures="1"/);
      expect(existsSync(run.outputs['metrics']!)).toBe(true);
      expect(run.summary.split('\n')[0]).toBe(`# Load report: ❌ FAILED ${EMBEDDED}`);
      expect(run.summary).toContain('| `http_req_duration{scenario:throughput}:p(95)<0.001` | crossed |');
      expect(runStep.stdout).toMatch(
        /^::error title=Conformance::load FAILED \(embedded reference server, not your server\): 1 thresholds crossed; exit code 1\. Report: /m,
      );
    });

    // Whatever the command, an empty target-url without reference: true never reaches the embedded reference server.
    it.each([
      ['run', ''],
      ['run', 'false'],
      ['load', ''],
      ['load', 'no'],
    ])('never runs the embedded reference server unless asked (command %s, reference "%s"): exit 2, nothing tested', async (command, reference) => {
      const run = await runAction({ command, reference, 'target-url': '', 'node-version': '' });
      expect(run.code).toBe(2);
      expect(run.outputs).toMatchObject({ 'exit-code': '2', verdict: '', embedded: '', 'report-dir': '' });
      expect(existsSync(join(run.workspace, 'conformance-report'))).toBe(false);
      const runStep = run.steps.at(-1)!;
      expect(`${runStep.stdout}${runStep.stderr}`).not.toMatch(/embedded reference server at|listening/);
    });
  });

  it("docs/ci.md's workflow uses only the action's inputs and outputs, and its thresholds and stages parse", async () => {
    const doc = await readFile(join(ROOT, 'docs', 'ci.md'), 'utf8');
    const blocks = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const workflow = blocks.find((b) => b.includes('uses: OWNER/work-management-conformance@v1'));
    expect(workflow).toBeDefined();
    const lines = workflow!.split('\n');
    const indentOf = (l: string): number => l.length - l.trimStart().length;
    // Both ways of naming the action: a published copy, and a checkout.
    expect(lines.filter((l) => /^\s+uses: OWNER\/work-management-conformance@v1$/.test(l))).toHaveLength(2);
    expect(lines.filter((l) => /^\s+# uses: \.\/$/.test(l))).toHaveLength(2);
    expect(workflow).toMatch(/^permissions:\n {2}contents: read$/m);
    // The inputs under each `with:`; a block scalar (`|`) as its lines.
    const given: Record<string, string> = {};
    lines.forEach((line, i) => {
      if (!/^\s+with:$/.test(line)) return;
      const indent = indentOf(line);
      for (let j = i + 1; j < lines.length && indentOf(lines[j]!) > indent; j++) {
        const m = /^([a-z-]+): ?(.*)$/.exec(lines[j]!.trim());
        if (m === null || indentOf(lines[j]!) !== indent + 2) continue;
        const block: string[] = [];
        for (let k = j + 1; m[2] === '|' && k < lines.length && indentOf(lines[k]!) > indent + 2; k++) block.push(lines[k]!.trim());
        given[m[1]!] = m[2] === '|' ? block.join('\n') : m[2]!;
      }
    });
    for (const name of Object.keys(given)) expect(action.inputs, `input ${name}`).toHaveProperty([name]);
    expect(given['command']).toBe('load');
    const thresholds = given['thresholds']!.split('\n');
    expect(thresholds).toHaveLength(3);
    for (const t of thresholds) expect(parseThreshold(t).ok, t).toBe(true);
    expect(parseStages([given['stages']!]).ok).toBe(true);
    for (const m of doc.matchAll(/steps\.[a-z-]+\.outputs\.([a-z-]+)/g)) expect(action.outputs, m[0]).toHaveProperty([m[1]!]);
  });

  it('never asks the CLI for the reference server itself: every call is the compiled package, with CI=true, and no --reference', async () => {
    const text = await readFile(join(ROOT, 'ci', 'github-action.sh'), 'utf8');
    // Every line that starts the CLI with node (through its bin script or its entry point).
    const calls = text.split('\n').filter((l) => /\bnode\b.*(conformance\.js|cli\/bin\.(js|ts))/.test(l) && !l.trim().startsWith('#'));
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call).toMatch(/CI=true node "\$ACTION_PATH\/dist\/harness\/cli\/bin\.js" "\$command"/);
      expect(call).not.toMatch(/--reference|tsx/);
    }
    expect(text).not.toMatch(/CONFORMANCE_REFERENCE=/);
  });
});
