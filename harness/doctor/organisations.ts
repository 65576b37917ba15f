import { RequestFailedError } from '../errors.js';
import { walkPages } from '../http/pager.js';
import { answered, is2xx, listRecords, type DoctorContext } from './context.js';
import { item, type DoctorItem } from './model.js';

/*
 * Spec 5.4: a key belongs to one organisation and sees that organisation's data. Which
 * organisation a key is in shows in what it sees: GET /projects (spec 4.12, the projects of the
 * key's organisation) and GET /tasks/{id} of a project (spec 4.12: projects are root tasks).
 */

/** Pages of GET /projects read at most (100 each): enough for any test organisation. */
export const MAX_PROJECT_PAGES = 10;
const PAGE = 100;

/** The projects one key sees; `ids` undefined when GET /projects gave no list. */
export interface ProjectListing {
  readonly ids: ReadonlySet<string> | undefined;
  /** Every page was read (false: the bound stopped it, or a page failed). */
  readonly complete: boolean;
  /** The project records, for fields such as versionId (first pages only). */
  readonly records: ReadonlyArray<Record<string, unknown>>;
  /** Why there is no list (status and excerpt). */
  readonly why?: string;
}

export async function listProjects(ctx: DoctorContext, key: string): Promise<ProjectListing> {
  const ids = new Set<string>();
  const records: Array<Record<string, unknown>> = [];
  const walked = await walkPages(
    (window) => ctx.client(key).get('/projects', { ...window }),
    (res) => {
      const rows = is2xx(res.status) ? listRecords(res) : undefined;
      for (const row of rows ?? []) {
        if (typeof row['id'] === 'string') ids.add(row['id']);
        if (records.length < 1000) records.push(row);
      }
      return rows;
    },
    { maxPages: MAX_PROJECT_PAGES, pageSize: PAGE },
  );
  if (walked.end === 'not-a-list' && walked.pages.length === 1)
    return { ids: undefined, complete: false, records, why: `GET /projects answered ${answered(walked.pages[0]!, ctx.redactor)}` };
  return { ids, complete: walked.complete, records };
}

/** GET /tasks/{id}: true when the key reads it, false when refused as unknown or forbidden, undefined otherwise. */
export async function readsProject(ctx: DoctorContext, key: string, id: string): Promise<boolean | undefined> {
  try {
    const res = await ctx.client(key).get(`/tasks/${encodeURIComponent(id)}`);
    if (is2xx(res.status)) return true;
    if (res.status === 404 || res.status === 403 || res.status === 410) return false;
    return undefined;
  } catch (cause) {
    if (cause instanceof RequestFailedError) return undefined;
    throw cause;
  }
}

/** Whether a key sees a project, from its list first and a direct read second. */
export interface Sight {
  readonly listed: boolean | undefined;
  readonly reads: boolean | undefined;
}

export function sees(sight: Sight | undefined): boolean | undefined {
  if (sight === undefined) return undefined;
  if (sight.listed === true || sight.reads === true) return true;
  if (sight.listed === false || sight.reads === false) return false;
  return undefined;
}

export async function sightOf(ctx: DoctorContext, key: string, listing: ProjectListing, id: string): Promise<Sight> {
  const listed = listing.ids === undefined ? undefined : listing.ids.has(id) ? true : listing.complete ? false : undefined;
  return { listed, reads: await readsProject(ctx, key, id) };
}

/** Everything the organisation items are decided from. */
export interface OrgObservations {
  readonly projectId?: string | undefined;
  readonly otherProjectId?: string | undefined;
  readonly listings: { readonly admin: ProjectListing; readonly member?: ProjectListing; readonly otherOrg?: ProjectListing };
  /** Sights of the configured project by key. */
  readonly project: { readonly admin?: Sight; readonly member?: Sight; readonly otherOrg?: Sight };
  readonly otherProject: { readonly admin?: Sight; readonly otherOrg?: Sight };
  /**
   * Projects both the admin and the other-organisation key list (besides the configured ones),
   * read by id with each key: a read is scoped on many targets whose lists leak, so it tells
   * one organisation from two without relying on the list under suspicion.
   */
  readonly sharedReads?: ReadonlyArray<{ readonly id: string; readonly admin: boolean | undefined; readonly otherOrg: boolean | undefined }>;
}

/** Shared projects read by id with both keys, at most (each costs two requests). */
export const SHARED_READS = 3;

/**
 * How the admin key and another key compare on what identifies an organisation, from evidence
 * that does not rest on one list alone: reads by id of the configured projects and of projects
 * both list, and the two lists themselves. `differences` proves two organisations (whatever
 * one lets the other see); `agreements` supports one.
 */
export function compareKeys(obs: OrgObservations, role: 'member' | 'otherOrg'): { differences: string[]; agreements: string[] } {
  const differences: string[] = [];
  const agreements: string[] = [];
  const variable = role === 'member' ? 'CONFORMANCE_MEMBER_KEY' : 'CONFORMANCE_OTHER_ORG_KEY';
  const read = (what: string, admin: boolean | undefined, other: boolean | undefined): void => {
    if (admin === undefined || other === undefined) return;
    if (admin !== other)
      differences.push(`GET /tasks/{id} of ${what}: the admin key ${admin ? 'reads it' : 'is refused'}, ${variable} ${other ? 'reads it' : 'is refused'}`);
    else if (admin) agreements.push(`both read ${what} by id`);
  };
  if (obs.projectId !== undefined) read('CONFORMANCE_PROJECT_ID', obs.project.admin?.reads, obs.project[role]?.reads);
  if (role === 'otherOrg' && obs.otherProjectId !== undefined)
    read('CONFORMANCE_OTHER_PROJECT_ID', obs.otherProject.admin?.reads, obs.otherProject.otherOrg?.reads);
  if (role === 'otherOrg') for (const shared of obs.sharedReads ?? []) read(`project ${shared.id} (listed by both)`, shared.admin, shared.otherOrg);
  const a = obs.listings.admin;
  const b = obs.listings[role];
  if (a.ids !== undefined && b?.ids !== undefined && a.complete && b.complete) {
    if (sameSet(a.ids, b.ids)) {
      if (a.ids.size > 0) agreements.push(`both list the same ${a.ids.size} project${a.ids.size === 1 ? '' : 's'}`);
    } else {
      differences.push(
        `GET /projects lists ${a.ids.size} project${a.ids.size === 1 ? '' : 's'} for the admin key and ${b.ids.size} for ${variable}, not the same ones`,
      );
    }
  }
  return { differences, agreements };
}

/** One organisation is proven only by agreement on a read by id: a list alone is the behaviour under test. */
function provenSame(found: { differences: string[]; agreements: string[] }): boolean {
  return found.differences.length === 0 && found.agreements.some((a) => a.startsWith('both read'));
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}

function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): string[] {
  return [...a].filter((x) => b.has(x));
}

function someOf(listing: ProjectListing): string {
  const first = listing.ids === undefined ? undefined : [...listing.ids][0];
  return first === undefined ? '' : ` (for example ${first}, the first of ${listing.ids!.size}${listing.complete ? '' : '+'} projects the admin key lists)`;
}

/** CONFORMANCE_PROJECT_ID is a project of org A. */
export function projectItem(obs: OrgObservations): DoctorItem {
  const title = 'CONFORMANCE_PROJECT_ID is a project of org A';
  const variables = ['CONFORMANCE_PROJECT_ID'];
  if (obs.projectId === undefined) {
    return item(
      'project',
      title,
      'not-configured',
      `not set: the checks that create tasks, milestones and allocations under a project are skipped${someOf(obs.listings.admin)}`,
      {
        variables,
        fix: `set CONFORMANCE_PROJECT_ID to a project of org A${someOf(obs.listings.admin)}`,
      },
    );
  }
  const admin = obs.project.admin;
  if (admin?.listed === true) return item('project', title, 'ok', 'listed by GET /projects with the admin key', { variables });
  if (admin?.reads === true && admin.listed === undefined) {
    return item(
      'project',
      title,
      'ok',
      `read with GET /tasks/{id} by the admin key (GET /projects gave no list to compare: ${obs.listings.admin.why ?? 'not every page read'})`,
      { variables },
    );
  }
  if (admin?.reads === true && admin.listed === false) {
    // A list that leaves a project out is as likely as a task configured by mistake: the run goes on
    // (tasks may be created under a task too, spec 2.7), and the projects checks judge the list.
    return item(
      'project',
      title,
      'warning',
      "GET /tasks/{id} reads it with the admin key, but GET /projects does not list it: either it is a task rather than a project, or the target's project list leaves it out (spec 4.12); the run goes on and the projects checks decide",
      {
        fix: `if it is a task, set CONFORMANCE_PROJECT_ID to a project (a root task, spec 4.12) of org A${someOf(obs.listings.admin)}`,
        variables,
      },
    );
  }
  if (sees(admin) === undefined) {
    return item(
      'project',
      title,
      'warning',
      `cannot tell: GET /projects ${obs.listings.admin.why ?? 'did not settle it'} and GET /tasks/{id} gave no clear answer`,
      { variables },
    );
  }
  const ofOrgB = sees(obs.project.otherOrg) === true;
  return item(
    'project',
    title,
    'problem',
    ofOrgB
      ? 'a project of org B (CONFORMANCE_OTHER_ORG_KEY sees it), not of org A: the admin key neither lists nor reads it'
      : 'unknown to the admin key: GET /projects does not list it and GET /tasks/{id} does not read it',
    {
      fix: `set CONFORMANCE_PROJECT_ID to a project of org A${someOf(obs.listings.admin)}${ofOrgB ? '; this one can be CONFORMANCE_OTHER_PROJECT_ID' : ''}`,
      variables,
      blocksRun: true,
    },
  );
}

/** The member key is in org A: it sees what the admin key sees. */
export function memberOrgItem(obs: OrgObservations, configured: boolean): DoctorItem {
  const title = 'CONFORMANCE_MEMBER_KEY is in org A';
  const variables = ['CONFORMANCE_MEMBER_KEY'];
  if (!configured) return item('org:member', title, 'not-configured', 'CONFORMANCE_MEMBER_KEY is not set', { variables });
  const fix = 'set CONFORMANCE_MEMBER_KEY to a key of the same organisation as CONFORMANCE_ADMIN_KEY (org A), without admin rights';
  if (sees(obs.project.admin) === true) {
    const member = sees(obs.project.member);
    if (member === true) return item('org:member', title, 'ok', 'sees CONFORMANCE_PROJECT_ID, like the admin key', { variables });
    if (member === false) {
      // Projects of its own that the admin key does not see prove another organisation; seeing
      // nothing may also be a target that hides org A's data from keys without admin rights.
      const own = ownProjects(obs.listings.admin, obs.listings.member);
      if (own !== undefined)
        return item(
          'org:member',
          title,
          'problem',
          `does not see CONFORMANCE_PROJECT_ID, which the admin key sees, and lists ${own} project${own === 1 ? '' : 's'} of its own that the admin key does not: a key of another organisation`,
          { fix, variables, blocksRun: true },
        );
      return item(
        'org:member',
        title,
        'warning',
        "does not see CONFORMANCE_PROJECT_ID, which the admin key sees: either CONFORMANCE_MEMBER_KEY is a key of another organisation, or the target hides org A's projects from keys without admin rights (spec 5.4: a key sees its organisation's data); the run goes on and the checks decide",
        { fix: `if it is of another organisation, ${fix}`, variables },
      );
    }
  }
  return compareListings('org:member', title, variables, obs.listings.admin, obs.listings.member, 'same', fix);
}

/** The other-organisation key is not in org A: it does not see org A's project, org B's is its own. */
export function otherOrgItem(obs: OrgObservations, configured: boolean): DoctorItem {
  const title = 'CONFORMANCE_OTHER_ORG_KEY is in another organisation';
  const variables = ['CONFORMANCE_OTHER_ORG_KEY'];
  if (!configured)
    return item('org:other-org', title, 'not-configured', 'CONFORMANCE_OTHER_ORG_KEY is not set: the isolation checks (security) are skipped', { variables });
  const fix = 'set CONFORMANCE_OTHER_ORG_KEY to a key of a second organisation (org B), not of org A';
  const seesProject = sees(obs.project.otherOrg);
  if (sees(obs.project.admin) === true && seesProject === false) {
    return item('org:other-org', title, 'ok', "does not see CONFORMANCE_PROJECT_ID (org A's project)", { variables });
  }
  const a = obs.listings.admin.ids;
  const b = obs.listings.otherOrg?.ids;
  const shared = a !== undefined && b !== undefined ? overlap(a, b).length : 0;
  if (seesProject !== true && shared === 0) {
    if (a === undefined || b === undefined)
      return item('org:other-org', title, 'warning', `cannot tell: ${obs.listings.admin.why ?? obs.listings.otherOrg?.why ?? 'no project list to compare'}`, {
        variables,
      });
    if (a.size === 0 && b.size === 0)
      return item('org:other-org', title, 'warning', 'cannot tell: neither key sees a project (create a project in org A: the suites need one)', { variables });
    return item('org:other-org', title, 'ok', `lists none of the admin key's projects (${b.size} of its own)`, { variables });
  }
  // It sees some of org A's data. A key of org A, or a target that shows org A's data to org B
  // (spec 5.4, the very thing the security checks are for): only agreement on everything that
  // identifies an organisation makes it the first.
  const seen = seesProject === true ? 'sees CONFORMANCE_PROJECT_ID, a project of org A' : `lists ${shared} of the admin key's projects`;
  const compared = compareKeys(obs, 'otherOrg');
  if (provenSame(compared)) {
    return item(
      'org:other-org',
      title,
      'problem',
      `${seen}, and agrees with the admin key on everything that identifies an organisation (${compared.agreements.join('; ')}): a key of org A`,
      {
        fix,
        variables,
        blocksRun: true,
      },
    );
  }
  if (compared.differences.length > 0) {
    return item(
      'org:other-org',
      title,
      'warning',
      `${seen}, yet differs from the admin key (${compared.differences.join('; ')}): a key of another organisation that the target lets see org A's data, a possible isolation failure (spec 5.4); the run goes on and the security checks decide`,
      {
        variables,
      },
    );
  }
  return item(
    'org:other-org',
    title,
    'warning',
    `${seen}, and nothing tells the two keys apart: either CONFORMANCE_OTHER_ORG_KEY is a key of org A, or the target shows org A's data to another organisation (spec 5.4); the run goes on and the security checks decide`,
    {
      fix: `if it is a key of org A, ${fix}`,
      variables,
    },
  );
}

/** The number of projects `other` lists that the admin key does not, when it lists only such (a proof of another organisation). */
function ownProjects(admin: ProjectListing, other: ProjectListing | undefined): number | undefined {
  if (admin.ids === undefined || other?.ids === undefined || other.ids.size === 0) return undefined;
  return overlap(admin.ids, other.ids).length === 0 ? other.ids.size : undefined;
}

/** Decides membership from two keys' project lists when the configured project cannot (the member key: same organisation). */
function compareListings(
  id: string,
  title: string,
  variables: string[],
  admin: ProjectListing,
  other: ProjectListing | undefined,
  _want: 'same',
  fix: string,
): DoctorItem {
  const a = admin.ids;
  const b = other?.ids;
  if (a === undefined || b === undefined) {
    return item(id, title, 'warning', `cannot tell: ${admin.why ?? other?.why ?? 'no project list to compare'}`, { variables });
  }
  if (a.size === 0 && b.size === 0) {
    return item(id, title, 'warning', 'cannot tell: neither key sees a project (create a project in org A: the suites need one)', { variables });
  }
  const shared = overlap(a, b);
  if (admin.complete && other!.complete && sameSet(a, b))
    return item(id, title, 'ok', `lists the same ${a.size} project${a.size === 1 ? '' : 's'} as the admin key`, { variables });
  if (shared.length > 0) return item(id, title, 'ok', `sees ${shared.length} of the admin key's projects`, { variables });
  if (b.size > 0)
    return item(id, title, 'problem', `lists none of the admin key's projects (${b.size} of its own): a key of another organisation`, {
      fix,
      variables,
      blocksRun: true,
    });
  return item(
    id,
    title,
    'warning',
    "lists no project at all while the admin key lists some: either it is a key of another organisation without projects, or the target hides org A's projects from keys without admin rights (spec 5.4); the run goes on and the checks decide",
    { fix: `if it is of another organisation, ${fix}`, variables },
  );
}

/** CONFORMANCE_OTHER_PROJECT_ID is org B's: the other-organisation key sees it, the admin key does not. */
export function otherProjectItem(obs: OrgObservations, otherKeyConfigured: boolean): DoctorItem {
  const title = 'CONFORMANCE_OTHER_PROJECT_ID is a project of org B';
  const variables = ['CONFORMANCE_OTHER_PROJECT_ID'];
  if (obs.otherProjectId === undefined) {
    return item('other-project', title, 'not-configured', "not set (optional): the isolation checks that read org B's project are skipped", { variables });
  }
  if (!otherKeyConfigured) {
    return item('other-project', title, 'not-checked', "CONFORMANCE_OTHER_ORG_KEY is not set: nothing can read org B's project", { variables });
  }
  const admin = sees(obs.otherProject.admin);
  const other = sees(obs.otherProject.otherOrg);
  if (admin === true) {
    const fix = 'set CONFORMANCE_OTHER_PROJECT_ID to a project of org B (one CONFORMANCE_OTHER_ORG_KEY lists), or unset it';
    const compared = compareKeys(obs, 'otherOrg');
    if (other === true && compared.differences.length > 0) {
      return item(
        'other-project',
        title,
        'warning',
        `the admin key sees it, yet the two keys differ (${compared.differences.join('; ')}): a project of org B that the target shows to org A, a possible isolation failure (spec 5.4); the run goes on and the security checks decide`,
        { variables },
      );
    }
    return item(
      'other-project',
      title,
      'problem',
      "the admin key sees it: either a project of org A, or the target shows org B's project to org A (spec 5.4)",
      { fix: `if it is a project of org A, ${fix}`, variables },
    );
  }
  if (other === false) {
    return item('other-project', title, 'problem', 'CONFORMANCE_OTHER_ORG_KEY does not see it', {
      fix: 'set CONFORMANCE_OTHER_PROJECT_ID to a project of org B (one CONFORMANCE_OTHER_ORG_KEY lists), or unset it',
      variables,
    });
  }
  if (other === true && admin === false) return item('other-project', title, 'ok', 'the other-organisation key sees it, the admin key does not', { variables });
  return item('other-project', title, 'warning', 'cannot tell: neither GET /projects nor GET /tasks/{id} gave a clear answer', { variables });
}
