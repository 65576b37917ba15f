import { errorLine, InitStoppedError, UsageError } from '../errors.js';
import { randomBytes } from 'node:crypto';
import { chmod, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { DEFAULTS } from '../config/schema.js';
import { Redactor } from '../http/redact.js';
import { parseInitArgs, type InitArgs } from './init-args.js';
import { learnFromTarget, targetGetter, type LearnableName, type LearnResult } from '../init/learn.js';
import { createPrompter, type Prompter } from '../init/prompt.js';
import { renderEnvFile, type EnvEntry } from '../init/render.js';
import { checkTargetUrl } from '../config/target-url.js';
import { showUrl, validateValue } from '../init/validate.js';
import { INIT_VARIABLES, initVariable, type InitVariableName } from '../init/variables.js';
import { packageFile } from '../package-root.js';

/*
 * Issue 13, `conformance init`: writes a commented .env from .env.example with what it is given
 * (options, the environment, answers on a terminal) and what it can learn from the target, then
 * hands the file to `conformance doctor`.
 */

export interface InitIo {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  /** A person is at a terminal: ask for what is missing. */
  readonly interactive: boolean;
  readonly cwd: string;
  readonly env: Record<string, string | undefined>;
}

/** The template init fills in: every comment and line of it is kept. */
export const ENV_EXAMPLE_URL = packageFile('.env.example');

type Source = 'option' | 'environment' | 'answer';

interface Given {
  readonly value: string;
  readonly source: Source;
  /** Comment lines above its assignment. */
  readonly notes: readonly string[];
}

const SOURCE_LABEL: Readonly<Record<Source, string>> = { option: 'options', environment: 'the environment', answer: 'your answers' };

function sourceOf(name: InitVariableName, source: Source): string {
  return source === 'option' ? `given with ${initVariable(name).option}` : source === 'environment' ? 'from the environment' : 'your answer';
}

/** A value checked (and the URL completed to /api/v1); throws InitStoppedError naming where it came from. */
function accept(name: InitVariableName, raw: string, source: Source): Given {
  let value = raw.trim();
  const notes: string[] = [];
  // The run's own rule (harness/config/target-url.ts): a URL without /api/v1 is refused with the
  // completed one as the fix, never completed here, so the file and a run given the same URL agree.
  if (name === 'CONFORMANCE_TARGET_URL' && value !== '') {
    const url = checkTargetUrl(value);
    if ('error' in url) throw new InitStoppedError(`CONFORMANCE_TARGET_URL: ${url.error} (got ${JSON.stringify(showUrl(value))}, ${sourceOf(name, source)})`);
    value = url.url;
  }
  const problem = validateValue(name, value);
  if (problem !== undefined) throw new InitStoppedError(`${problem} (${sourceOf(name, source)})`);
  return { value, source, notes };
}

/** Options first, then the environment; an option given as "" leaves the variable empty. */
function fromOptionsAndEnvironment(args: InitArgs, env: InitIo['env']): Map<InitVariableName, Given> {
  const given = new Map<InitVariableName, Given>();
  for (const { name } of INIT_VARIABLES) {
    const option = args.values[name];
    if (option !== undefined) given.set(name, accept(name, option, 'option'));
    else if ((env[name] ?? '').trim() !== '') given.set(name, accept(name, env[name]!, 'environment'));
  }
  return given;
}

/** Asks for each prompted variable still missing; an invalid answer is asked again (three tries). */
async function askMissing(given: Map<InitVariableName, Given>, prompter: Prompter, io: InitIo): Promise<void> {
  for (const variable of INIT_VARIABLES) {
    if (!variable.prompted || given.has(variable.name)) continue;
    // Without a URL the embedded reference server is tested, and its keys come from the seed.
    if (variable.name !== 'CONFORMANCE_TARGET_URL' && (given.get('CONFORMANCE_TARGET_URL')?.value ?? '') === '') return;
    for (let attempt = 1; ; attempt++) {
      const answer = await prompter.ask(`${variable.name}: ${variable.description}`, { secret: variable.secret });
      if (prompter.cancelled) throw new InitStoppedError('cancelled; nothing written', 130);
      if (answer === undefined) return; // input ended: everything left stays empty
      try {
        const accepted = accept(variable.name, answer, 'answer');
        given.set(variable.name, accepted);
        for (const note of accepted.notes) io.stdout.write(`  ${note.replace(/^conformance init: /, '')}\n`);
        break;
      } catch (error) {
        if (!(error instanceof InitStoppedError) || attempt >= 3) throw error;
        io.stderr.write(`  ${error.message}; try again (Enter leaves it empty)\n`);
      }
    }
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    (error: NodeJS.ErrnoException) => error.code !== 'ENOENT',
  );
}

/** Mode 0600 from the first byte (it holds keys); with `force` via a new file renamed over the old one. */
async function writePrivate(path: string, text: string, force: boolean): Promise<void> {
  const target = force ? `${path}.${randomBytes(4).toString('hex')}.tmp` : path;
  try {
    await writeFile(target, text, { flag: 'wx', mode: 0o600 });
    if (force) await rename(target, path);
    // The umask can only have taken bits away; this makes the mode exact.
    await chmod(path, 0o600);
  } catch (error) {
    if (force) await rm(target, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new InitStoppedError(`${path} already exists; use --force to overwrite it`);
    if (code === 'ENOENT') throw new InitStoppedError(`cannot write ${path}: its directory does not exist`);
    throw new InitStoppedError(`cannot write ${path} (${code ?? (error as Error).message})`);
  }
}

function requestTimeoutMs(env: InitIo['env']): number {
  const raw = (env['CONFORMANCE_REQUEST_TIMEOUT_MS'] ?? '').trim();
  return /^[1-9][0-9]*$/.test(raw) ? Number(raw) : DEFAULTS.requestTimeoutMs;
}

/** Every key given, split where a variable holds a list, for the redactor. */
function secretsOf(given: ReadonlyMap<InitVariableName, Given>): string[] {
  return [...given]
    .filter(([name]) => initVariable(name).secret)
    .flatMap(([, g]) => g.value.split(','))
    .map((s) => s.trim());
}

/** What the summary says about each variable init handles. */
function summary(envFile: string, given: ReadonlyMap<InitVariableName, Given>, learnt: LearnResult | undefined): string[] {
  const lines = [`conformance init: wrote ${envFile} (mode 0600)`];
  for (const source of ['option', 'environment', 'answer'] as const) {
    const names = [...given].filter(([, g]) => g.source === source && g.value !== '').map(([name]) => name);
    if (names.length > 0) lines.push(`  set from ${SOURCE_LABEL[source]}: ${names.join(', ')}`);
  }
  for (const [name, entry] of learnt?.learnt ?? []) {
    if (entry.value !== undefined) lines.push(`  learnt: ${name}=${entry.value}, ${entry.note.replace(/^learnt by conformance init: /, '')}`);
  }
  const empty = INIT_VARIABLES.filter((v) => (given.get(v.name)?.value ?? '') === '' && learnt?.learnt.get(v.name as LearnableName)?.value === undefined);
  if (empty.length > 0) {
    lines.push('  left empty:');
    for (const v of empty) {
      const why = learnt?.learnt.get(v.name as LearnableName)?.note.replace(/^conformance init could not learn this: /, 'not learnt: ');
      lines.push(`    ${v.name}: ${why ?? v.description}`);
    }
  }
  lines.push('  Every other variable is empty: its default applies (the comments in the file say which).');
  return lines;
}

function entriesFor(given: ReadonlyMap<InitVariableName, Given>, learnt: LearnResult | undefined): Map<string, EnvEntry> {
  const entries = new Map<string, EnvEntry>();
  for (const [name, g] of given) entries.set(name, { value: g.value, notes: g.notes });
  for (const [name, l] of learnt?.learnt ?? []) entries.set(name, { value: l.value, notes: [l.note] });
  return entries;
}

/**
 * `conformance init [options]` (argv: the arguments after `init`). Returns the exit code: that
 * of `doctor(envFile)` when it runs, 2 for a bad option or value or an existing file, 130 when
 * cancelled at a question. Never prints a key.
 */
export async function runInit(argv: readonly string[], io: InitIo, doctor: (envFile: string) => Promise<number>): Promise<number> {
  let redactor = new Redactor([]);
  let prompter: Prompter | undefined;
  try {
    let args: InitArgs;
    try {
      args = parseInitArgs(argv);
    } catch (error) {
      if (error instanceof UsageError) throw new InitStoppedError(error.message);
      throw error;
    }
    if (args.help) {
      io.stdout.write(await (await import('./help.js')).commandHelp('init'));
      return 0;
    }
    const envFile = resolve(io.cwd, args.output ?? '.env');
    // Before any question: nobody should type their keys only to be told the file exists.
    if (!args.force && (await exists(envFile))) throw new InitStoppedError(`${envFile} already exists; use --force to overwrite it`);
    const example = await readFile(ENV_EXAMPLE_URL, 'utf8');

    const given = fromOptionsAndEnvironment(args, io.env);
    redactor = new Redactor(secretsOf(given));
    for (const g of given.values()) for (const note of g.notes) io.stdout.write(`${redactor.redact(note)}\n`);
    if (io.interactive) {
      io.stdout.write(`conformance init: writing ${envFile}. Press Enter to leave a value empty.\n`);
      prompter = createPrompter(io.stdin, io.stdout);
      await askMissing(given, prompter, io);
      prompter.close();
      prompter = undefined;
      redactor = new Redactor(secretsOf(given));
    }

    const value = (name: InitVariableName): string | undefined => {
      const v = given.get(name)?.value;
      return v === undefined || v === '' ? undefined : v;
    };
    const url = value('CONFORMANCE_TARGET_URL');
    let learnt: LearnResult | undefined;
    if (url === undefined) {
      io.stdout.write('conformance init: no target URL: runs test the embedded reference server, whose seed keys and ids (fixtures/seed.json) apply.\n');
    } else if (args.learn) {
      const known: Partial<Record<LearnableName, string>> = {};
      for (const name of ['CONFORMANCE_PROJECT_ID', 'CONFORMANCE_VERSION_ID', 'CONFORMANCE_OTHER_PROJECT_ID', 'CONFORMANCE_CUSTOM_LIMIT'] as const) {
        const v = value(name);
        if (v !== undefined || args.values[name] === '') known[name] = v ?? '';
      }
      if (value('CONFORMANCE_ADMIN_KEY') === undefined)
        io.stdout.write('conformance init: no admin key (CONFORMANCE_ADMIN_KEY, required with a target URL): org A cannot be asked.\n');
      io.stdout.write(`conformance init: asking ${showUrl(url)} what it can tell...\n`);
      learnt = await learnFromTarget(
        {
          adminKey: value('CONFORMANCE_ADMIN_KEY'),
          otherOrgKey: value('CONFORMANCE_OTHER_ORG_KEY'),
          customLimitKey: value('CONFORMANCE_CUSTOM_LIMIT_KEY'),
          known,
        },
        targetGetter(url, requestTimeoutMs(io.env), redactor, { caFile: io.env['CONFORMANCE_CA_FILE']?.trim() || undefined, viaProxy: true }),
      );
      for (const message of learnt.messages) io.stdout.write(`conformance init: ${redactor.redact(message)}\n`);
    }

    await writePrivate(envFile, renderEnvFile(example, entriesFor(given, learnt)), args.force);
    io.stdout.write(
      `${summary(envFile, given, learnt)
        .map((l) => redactor.redact(l))
        .join('\n')}\n`,
    );
    if (!args.doctor) {
      io.stdout.write('Check it with: conformance doctor (npm run doctor)\n');
      return 0;
    }
    io.stdout.write(`\nconformance doctor on ${envFile}:\n`);
    return await doctor(envFile);
  } catch (error) {
    if (error instanceof InitStoppedError) {
      io.stderr.write(`conformance init: ${redactor.redact(errorLine(error))}\n`);
      return error.exitCode;
    }
    throw error;
  } finally {
    prompter?.close();
  }
}
