import { accessSync, constants } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AxeResults } from 'axe-core';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { ROOT } from '../run-cli.js';

/*
 * The report pages opened in a real browser: Debian's Chromium driven by
 * playwright-core. Playwright's own browser downloads cannot be reached from CI machines like
 * ours, so the browser is the system one; `.ci/run` installs it when it is missing. Without it
 * the browser tests are skipped, and say so loudly: a skipped browser test proves nothing.
 */

/** Where the browser is; `CHROMIUM_PATH` points elsewhere (a local Chrome, say). */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Screenshots and the printed PDF, for a person to look at (gitignored). */
export const OUTPUT_DIR = join(ROOT, 'test-output', 'browser');

/** Why the browser tests cannot run here, or null when they can. */
export function browserMissing(): string | null {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
    return null;
  } catch {
    return (
      `no Chromium at ${CHROMIUM_PATH} (install it with \`apt-get install -y chromium\`, as .ci/run does, ` +
      'or set CHROMIUM_PATH to a Chrome or Chromium binary)'
    );
  }
}

/**
 * The line a run prints when the browser tests are skipped: on stderr, framed, so nobody reads
 * a green run as "the report works in a browser".
 */
export function warnNotRun(file: string, reason: string): void {
  const line = `BROWSER TESTS DID NOT RUN (${file}): ${reason}`;
  const bar = '!'.repeat(Math.min(line.length, 100));
  process.stderr.write(`\n${bar}\n${line}\n${bar}\n\n`);
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
}

/** What a page did that a self-contained page must not: any request but its own document, any error. */
export interface PageWatch {
  /** Requests that left the page (a request the Content-Security-Policy stopped is not one). */
  readonly requests: string[];
  /** Requests the page's Content-Security-Policy stopped before they were sent. */
  readonly blocked: string[];
  readonly errors: string[];
  readonly dialogs: string[];
}

/**
 * Records every request other than the page's own file (whatever its fragment), console errors,
 * uncaught exceptions and dialogs (an `alert` from injected script would open one).
 */
export function watchPage(page: Page, documentUrl: string): PageWatch {
  const watch: PageWatch = { requests: [], blocked: [], errors: [], dialogs: [] };
  const own = documentUrl.replace(/#.*$/, '');
  const pending = new Map<Request, string>();
  page.on('request', (request) => {
    if (request.url().replace(/#.*$/, '') === own) return;
    const line = `${request.method()} ${request.url()}`;
    watch.requests.push(line);
    pending.set(request, line);
  });
  // Chromium reports a request the policy refused as one that failed with "csp" (ERR_BLOCKED_BY_CSP).
  page.on('requestfailed', (request) => {
    const line = pending.get(request);
    if (line === undefined || !/^csp$|ERR_BLOCKED_BY_CSP/.test(request.failure()?.errorText ?? '')) return;
    watch.requests.splice(watch.requests.indexOf(line), 1);
    watch.blocked.push(line);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') watch.errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => watch.errors.push(`uncaught: ${error.message}`));
  page.on('dialog', (dialog) => {
    watch.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return watch;
}

export async function screenshotPath(name: string): Promise<string> {
  await mkdir(OUTPUT_DIR, { recursive: true });
  return join(OUTPUT_DIR, name);
}

// The page's own globals, in callbacks that run in the page (the project compiles without the DOM library).
declare const document: any;
declare const window: any;

let axeSource: string | undefined;

/** axe-core's own build, read once. */
async function axeScript(): Promise<string> {
  axeSource ??= await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

export interface AxeFinding {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: string[];
}

/**
 * An axe-core audit of the page as it is now. The script goes in through the DevTools protocol
 * (`evaluate`), which the page's Content-Security-Policy does not govern, so the page is audited
 * with its policy on, exactly as a reader gets it.
 */
export async function axeAudit(page: Page): Promise<{ violations: AxeFinding[]; passes: number }> {
  await page.evaluate(await axeScript());
  const results = await page.evaluate(async () => {
    const axe = (window as { axe: { run: (context: unknown, options: object) => Promise<AxeResults> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return {
      passes: r.passes.length,
      violations: r.violations.map((v) => ({ id: v.id, impact: v.impact ?? null, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.html.slice(0, 200)) })),
    };
  });
  return results;
}

/** Serious and critical findings: what the audit must not report. */
export function serious(findings: readonly AxeFinding[]): AxeFinding[] {
  return findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
}

/** Whether the element is inside the viewport and below `topInset` (a sticky bar) at its top. */
export async function inView(page: Page, selector: string, topInset = 0): Promise<boolean> {
  return page.evaluate(
    ({ selector, topInset }) => {
      const el = document.querySelector(selector);
      if (el === null) return false;
      const box = el.getBoundingClientRect();
      return box.top >= topInset - 1 && box.top < window.innerHeight && box.height > 0;
    },
    { selector, topInset },
  );
}
