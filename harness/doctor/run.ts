import { readFile } from 'node:fs/promises';
import type { Config } from '../config/schema.js';
import { DoctorStoppedError, HarnessError } from '../errors.js';
import { Redactor } from '../http/redact.js';
import { INTERRUPT_EXIT_CODES } from '../runner/interrupt.js';
import { displayUrl, newRunId, startTarget } from '../runner/target.js';
import { NO_ANSWER_CODES, doctorContext, type DoctorContext, type KeyAnswer } from './context.js';
import { accepts, distinctKeysItem, keyAcceptedItem, latestAccepted, readKey, type KeyReading, type NamedKey } from './keys.js';
import { customLimitItem, defaultLimitItem, runLimitItems } from './limits.js';
import { countStatuses, doctorExitCode, item, type DoctorItem, type DoctorReport } from './model.js';
import {
  SHARED_READS,
  listProjects,
  memberOrgItem,
  otherOrgItem,
  otherProjectItem,
  projectItem,
  readsProject,
  sees,
  sightOf,
  type OrgObservations,
  type ProjectListing,
} from './organisations.js';
import { checkOtherOrgReportDefinitions, checkReportDefinitions } from './report-definitions.js';
import { checkRights } from './rights.js';
import { checkSink } from './sink.js';
import { checkTarget, type UrlFix } from './target.js';
import { checkVersion } from './version.js';
import { packageFile } from '../package-root.js';

export interface DoctorOptions {
  /** full: every item (`conformance doctor`); preflight: the cheap part `conformance run` runs first. */
  readonly scope: 'full' | 'preflight';
  /** CONFORMANCE_TARGET_URL lacked /api/v1 and the doctor checks this candidate instead. */
  readonly urlFix?: UrlFix | undefined;
  /** Called with each item as it is decided (the terminal prints them as they come). */
  readonly onItem?: (item: DoctorItem) => void;
  /** A target already started (the run's own): checked as it is, not started or closed here. */
  readonly target?: { readonly baseUrl: string; readonly embedded: boolean } | undefined;
  /**
   * The doctor's stop (`conformance doctor` on SIGINT or SIGTERM), aborted with a DoctorStoppedError:
   * no new request but the deletes of what it created, no item decided after it; the report says `stoppedBy`.
   */
  readonly stop?: AbortSignal | undefined;
}

/** The reason a stop was aborted with; a stop aborted without one is a bug of its caller. */
function stoppedBy(stop: AbortSignal | undefined): DoctorStoppedError | undefined {
  if (stop?.aborted !== true) return undefined;
  return stop.reason instanceof DoctorStoppedError ? stop.reason : new DoctorStoppedError('SIGTERM');
}

/** Errors an item's requests can end in: the item says it could not check, the doctor goes on. */
function couldNotCheck(cause: unknown): string | undefined {
  if (cause instanceof HarnessError && NO_ANSWER_CODES.includes(cause.code)) return cause.message;
  return undefined;
}

async function toolVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(packageFile('package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * `conformance doctor`: every piece of the configuration checked against the target itself, one
 * item each, with the fix for every problem. Read-mostly: what it must create to decide
 * something it deletes, and lists in the report.
 */
export async function runDoctor(config: Config, options: DoctorOptions): Promise<DoctorReport> {
  const startedAt = new Date();
  const redactor = new Redactor([...Object.values(config.keys), ...config.limitedKeys]);
  const target = options.target === undefined ? await startTarget(config) : { ...options.target, close: async () => {} };
  try {
    const ctx = doctorContext(target.baseUrl, config, redactor, `conformance-doctor:${newRunId(startedAt)}`, options.stop);
    const items: DoctorItem[] = [];
    const push = (...found: DoctorItem[]): void => {
      for (const one of found) {
        // An item decided after the stop was decided on refused or cut-off requests: not reported.
        const stop = stoppedBy(options.stop);
        if (stop !== undefined) throw stop;
        items.push(one);
        options.onItem?.(one);
      }
    };
    try {
      await diagnose(ctx, options, push, target.embedded);
    } catch (error) {
      // Once stopped, whatever the unwinding threw (the stop itself, a refused request) ends the items.
      if (stoppedBy(options.stop) === undefined) throw error;
    }
    const stop = stoppedBy(options.stop);
    if (stop !== undefined) {
      const last = item('stopped', `Stopped by ${stop.signal}`, 'not-checked', stop.message, { variables: [] });
      items.push(last);
      options.onItem?.(last);
    }
    const finishedAt = new Date();
    return {
      kind: 'conformance-doctor',
      tool: { name: 'work-management-conformance', version: await toolVersion() },
      scope: options.scope,
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      durationMs: finishedAt.getTime() - startedAt.getTime(),
      target: { url: target.embedded ? target.baseUrl : displayUrl(target.baseUrl, redactor), embedded: target.embedded },
      items,
      created: ctx.created,
      counts: countStatuses(items),
      exitCode: stop === undefined ? doctorExitCode(items) : INTERRUPT_EXIT_CODES[stop.signal],
      ...(stop === undefined ? {} : { stoppedBy: { code: stop.code as 'DOCTOR_STOPPED', signal: stop.signal, reason: stop.message } }),
    };
  } finally {
    await target.close();
  }
}

async function diagnose(ctx: DoctorContext, options: DoctorOptions, push: (...items: DoctorItem[]) => void, embedded: boolean): Promise<void> {
  const { config } = ctx;
  const full = options.scope === 'full';
  // A group's items, or the one item saying it could not be checked.
  const attempt = async (id: string, title: string, variables: string[], fn: () => Promise<DoctorItem[]>): Promise<DoctorItem[]> => {
    try {
      return await fn();
    } catch (cause) {
      const why = couldNotCheck(cause);
      if (why === undefined) throw cause;
      return [item(id, title, 'warning', `could not check: ${redact(ctx, why)}`, { variables })];
    }
  };
  const guarded = async (id: string, title: string, variables: string[], fn: () => Promise<DoctorItem[]>): Promise<void> => {
    push(...(await attempt(id, title, variables, fn)));
  };
  // Issue 32: two independent groups side by side, each one request at a time, their items in
  // order. Never more than two in flight: against a target that stops answering, each of the
  // breaker's first failures may start one more request, so at most one is sent past the
  // breaker's count, as one after another (test/doctor.test.ts bounds it).
  // A target that takes one request at a time (CONFORMANCE_CONCURRENCY=1) gets them one after another.
  const oneAtATime = config.concurrency === 1;
  const besideEach = async (first: () => Promise<DoctorItem[]>, second: () => Promise<DoctorItem[]>): Promise<void> => {
    if (oneAtATime) {
      push(...(await first()), ...(await second()));
      return;
    }
    const [a, b] = await Promise.allSettled([first(), second()]);
    if (a.status === 'rejected') throw a.reason;
    if (b.status === 'rejected') throw b.reason;
    push(...a.value, ...b.value);
  };

  const target = await checkTarget(ctx, options.urlFix, embedded);
  push(target.item);
  push(distinctKeysItem(config));
  if (!target.answers) {
    push(item('rest', 'Everything else', 'not-checked', 'the target does not answer like this API (see the first item)', { variables: [] }));
    return;
  }

  // Spec 5.1: every key in both header styles; its answers also carry its limit (spec 8).
  const readings = new Map<string, KeyReading>();
  const read = async (named: NamedKey, blocksRun: boolean, reuse?: KeyAnswer): Promise<void> => {
    const reading = await readKey(ctx, named, reuse);
    readings.set(named.variable, reading);
    push(keyAcceptedItem(reading, { blocksRun }));
  };
  await read({ variable: 'CONFORMANCE_ADMIN_KEY', key: config.keys.admin! }, true, target.adminAnswer);
  const adminReading = readings.get('CONFORMANCE_ADMIN_KEY')!;
  if (!accepts(adminReading.xApiKey) && !accepts(adminReading.bearer)) {
    push(item('rest', 'Everything else', 'not-checked', 'every other item needs an accepted admin key (see its item)', { variables: [] }));
    return;
  }
  if (!accepts(adminReading.xApiKey)) ctx.authStyle = 'bearer';
  // The member and org B keys side by side, each read one request at a time.
  const others = [
    ...(config.keys.member === undefined ? [] : [{ variable: 'CONFORMANCE_MEMBER_KEY', key: config.keys.member }]),
    ...(config.keys.otherOrg === undefined ? [] : [{ variable: 'CONFORMANCE_OTHER_ORG_KEY', key: config.keys.otherOrg }]),
  ];
  const otherReadings: Array<PromiseSettledResult<KeyReading>> = [];
  if (oneAtATime) for (const named of others) otherReadings.push(...(await Promise.allSettled([readKey(ctx, named)])));
  else otherReadings.push(...(await Promise.allSettled(others.map((named) => readKey(ctx, named)))));
  for (const reading of otherReadings) {
    if (reading.status === 'rejected') throw reading.reason;
    readings.set(reading.value.variable, reading.value);
    push(keyAcceptedItem(reading.value, { blocksRun: true }));
  }
  const acceptedKey = (variable: string, key: string | undefined): string | undefined => {
    const reading = readings.get(variable);
    return key !== undefined && reading !== undefined && latestAccepted(reading) !== undefined ? key : undefined;
  };
  const member = acceptedKey('CONFORMANCE_MEMBER_KEY', config.keys.member);
  const otherOrg = acceptedKey('CONFORMANCE_OTHER_ORG_KEY', config.keys.otherOrg);

  const rightsItems = () =>
    attempt('rights', 'Admin and member rights', ['CONFORMANCE_ADMIN_KEY', 'CONFORMANCE_MEMBER_KEY'], async () => {
      const rights = await checkRights(ctx);
      return [rights.admin, ...(member === undefined && config.keys.member !== undefined ? [] : [rights.member])].filter(
        (i): i is DoctorItem => i !== undefined,
      );
    });

  // Spec 5.4, 4.12: which organisation each key is in, from the projects it sees.
  let projectIsOrgA = false;
  let adminListing: ProjectListing = { ids: undefined, complete: false, records: [] };
  const organisationItems = () =>
    attempt('organisations', 'Organisations and projects', ['CONFORMANCE_PROJECT_ID', 'CONFORMANCE_MEMBER_KEY', 'CONFORMANCE_OTHER_ORG_KEY'], async () => {
      const admin = config.keys.admin!;
      adminListing = await listProjects(ctx, admin);
      const listings = {
        admin: adminListing,
        ...(member === undefined ? {} : { member: await listProjects(ctx, member) }),
        ...(otherOrg === undefined ? {} : { otherOrg: await listProjects(ctx, otherOrg) }),
      };
      const { projectId, otherProjectId } = config;
      const project: { -readonly [K in keyof OrgObservations['project']]: OrgObservations['project'][K] } = {};
      const otherProject: { -readonly [K in keyof OrgObservations['otherProject']]: OrgObservations['otherProject'][K] } = {};
      if (projectId !== undefined) {
        project.admin = await sightOf(ctx, admin, listings.admin, projectId);
        if (member !== undefined && listings.member !== undefined) project.member = await sightOf(ctx, member, listings.member, projectId);
        if (otherOrg !== undefined && listings.otherOrg !== undefined) project.otherOrg = await sightOf(ctx, otherOrg, listings.otherOrg, projectId);
      }
      if (otherProjectId !== undefined && otherOrg !== undefined && listings.otherOrg !== undefined) {
        otherProject.admin = await sightOf(ctx, admin, listings.admin, otherProjectId);
        otherProject.otherOrg = await sightOf(ctx, otherOrg, listings.otherOrg, otherProjectId);
      }
      // Projects both keys list, read by id with each: a scoped read tells two organisations apart
      // even where a list shows one organisation's projects to the other.
      const sharedReads: Array<{ id: string; admin: boolean | undefined; otherOrg: boolean | undefined }> = [];
      if (otherOrg !== undefined && listings.admin.ids !== undefined && listings.otherOrg?.ids !== undefined) {
        const configured = new Set([projectId, otherProjectId]);
        const shared = [...listings.admin.ids].filter((id) => listings.otherOrg!.ids!.has(id) && !configured.has(id)).slice(0, SHARED_READS);
        for (const id of shared) sharedReads.push({ id, admin: await readsProject(ctx, admin, id), otherOrg: await readsProject(ctx, otherOrg, id) });
      }
      const obs: OrgObservations = { projectId, otherProjectId, listings, project, otherProject, sharedReads };
      const found = projectItem(obs);
      projectIsOrgA = found.status === 'ok' && sees(project.admin) === true;
      return [
        found,
        ...(config.keys.member === undefined || member !== undefined ? [memberOrgItem(obs, member !== undefined)] : []),
        ...(config.keys.otherOrg === undefined || otherOrg !== undefined ? [otherOrgItem(obs, otherOrg !== undefined)] : []),
        otherProjectItem(obs, otherOrg !== undefined),
      ];
    });
  // Rights (webhook writes) beside the organisations' project reads: neither touches what the other reads.
  await besideEach(rightsItems, organisationItems);
  await guarded('version', 'CONFORMANCE_VERSION_ID is accepted for a task under the project', ['CONFORMANCE_VERSION_ID'], async () => [
    await checkVersion(ctx, adminListing, projectIsOrgA),
  ]);

  // Spec 5.6, 8: limits against what a full run sends.
  push(
    ...runLimitItems(config, {
      admin: latestAccepted(adminReading),
      member: readings.get('CONFORMANCE_MEMBER_KEY') && latestAccepted(readings.get('CONFORMANCE_MEMBER_KEY')!),
      otherOrg: readings.get('CONFORMANCE_OTHER_ORG_KEY') && latestAccepted(readings.get('CONFORMANCE_OTHER_ORG_KEY')!),
    }),
  );
  if (full) await limitedKeyItems(ctx, read, readings, push);

  await besideEach(
    () => attempt('reports', 'Org A has report definitions', [], async () => [await checkReportDefinitions(ctx)]),
    async () =>
      otherOrg === undefined
        ? []
        : attempt('reports:other-org', 'Org B has a report definition', ['CONFORMANCE_OTHER_ORG_KEY'], async () => [
            await checkOtherOrgReportDefinitions(ctx, otherOrg),
          ]),
  );
  if (full) await guarded('sink', 'The target reaches the webhook sink', ['CONFORMANCE_SINK_PUBLIC_URL'], async () => [await checkSink(ctx)]);
}

/**
 * The keys the rate-limit checks burst: read only by the full doctor, since each reading spends
 * two requests of a 60-a-minute budget the run's own checks want whole.
 */
async function limitedKeyItems(
  ctx: DoctorContext,
  read: (named: NamedKey, blocksRun: boolean) => Promise<void>,
  readings: Map<string, KeyReading>,
  push: (...items: DoctorItem[]) => void,
): Promise<void> {
  const { config } = ctx;
  const answerOf = (variable: string): KeyAnswer | undefined => {
    const reading = readings.get(variable);
    return reading === undefined ? undefined : latestAccepted(reading);
  };
  if (config.keys.limited === undefined) {
    push(
      item(
        'limit:CONFORMANCE_LIMITED_KEY',
        'CONFORMANCE_LIMITED_KEY has the default 60/min limit',
        'not-configured',
        'not set: the rate-limit checks are skipped',
        { variables: ['CONFORMANCE_LIMITED_KEY'] },
      ),
    );
  } else {
    await read({ variable: 'CONFORMANCE_LIMITED_KEY', key: config.keys.limited }, false);
    push(defaultLimitItem('CONFORMANCE_LIMITED_KEY', answerOf('CONFORMANCE_LIMITED_KEY')));
  }
  const roleKeys = new Set(Object.values(config.keys).filter((k): k is string => k !== undefined));
  const extras = [...new Set(config.limitedKeys)].map((key) => ({ key, index: config.limitedKeys.indexOf(key) + 1 })).filter(({ key }) => !roleKeys.has(key));
  for (const { key, index } of extras) {
    const variable = `CONFORMANCE_LIMITED_KEYS[${index}]`;
    await read({ variable, key }, false);
    push(defaultLimitItem(variable, answerOf(variable)));
  }
  if (extras.length === 0) {
    push(
      item(
        'limit:CONFORMANCE_LIMITED_KEYS',
        'A second key with the default limit',
        'not-configured',
        `CONFORMANCE_LIMITED_KEYS names no key besides CONFORMANCE_LIMITED_KEY: RL-PER-KEY-COUNTERS ${config.keys.customLimit === undefined ? 'is skipped' : 'watches only the custom-limit key beside it'}, and the load harness bursts one key`,
        {
          variables: ['CONFORMANCE_LIMITED_KEYS'],
        },
      ),
    );
  }
  if (config.keys.customLimit !== undefined) await read({ variable: 'CONFORMANCE_CUSTOM_LIMIT_KEY', key: config.keys.customLimit }, false);
  push(customLimitItem(config, answerOf('CONFORMANCE_CUSTOM_LIMIT_KEY')));
}

function redact(ctx: DoctorContext, text: string): string {
  return ctx.redactor.redact(text);
}
