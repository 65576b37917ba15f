import { describe, expect, it } from 'vitest';
import { memberOrgItem, otherOrgItem, otherProjectItem, projectItem, type OrgObservations, type ProjectListing } from './organisations.js';

const listing = (ids: string[], complete = true): ProjectListing => ({ ids: new Set(ids), complete, records: ids.map((id) => ({ id })) });
const noList: ProjectListing = { ids: undefined, complete: false, records: [], why: 'GET /projects answered 404' };

function obs(overrides: Partial<OrgObservations>): OrgObservations {
  return { projectId: 'pa', listings: { admin: listing(['pa', 'pa2']) }, project: {}, otherProject: {}, ...overrides };
}

describe('projectItem', () => {
  it('accepts a project the admin key lists', () => {
    expect(projectItem(obs({ project: { admin: { listed: true, reads: true } } })).status).toBe('ok');
  });
  it('accepts a project read by id when GET /projects gives no list', () => {
    expect(projectItem(obs({ listings: { admin: noList }, project: { admin: { listed: undefined, reads: true } } })).status).toBe('ok');
  });
  it('names a task of org A that is not a project', () => {
    const found = projectItem(obs({ project: { admin: { listed: false, reads: true } } }));
    expect(found).toMatchObject({ status: 'problem', blocksRun: true });
    expect(found.detail).toMatch(/a task of org A .* but not a project/);
    expect(found.fix).toMatch(/for example pa, the first of 2 projects/);
  });
  it('names org B\'s project, and suggests it as the other project', () => {
    const found = projectItem(obs({ project: { admin: { listed: false, reads: false }, otherOrg: { listed: true, reads: true } } }));
    expect(found.detail).toMatch(/a project of org B/);
    expect(found.fix).toMatch(/this one can be CONFORMANCE_OTHER_PROJECT_ID/);
  });
  it('cannot tell when neither answer settles it, and is not configured without an id', () => {
    expect(projectItem(obs({ listings: { admin: noList }, project: { admin: { listed: undefined, reads: undefined } } })).status).toBe('warning');
    expect(projectItem(obs({ projectId: undefined })).status).toBe('not-configured');
  });
});

describe('memberOrgItem and otherOrgItem', () => {
  it('decide from the configured project first', () => {
    const seen = obs({ project: { admin: { listed: true, reads: true }, member: { listed: true, reads: true }, otherOrg: { listed: false, reads: false } } });
    expect(memberOrgItem(seen, true).status).toBe('ok');
    expect(otherOrgItem(seen, true).status).toBe('ok');
    const wrong = obs({ project: { admin: { listed: true, reads: true }, member: { listed: false, reads: false }, otherOrg: { listed: true, reads: true } } });
    expect(memberOrgItem(wrong, true)).toMatchObject({ status: 'problem', blocksRun: true });
    // Seeing org A's project without listing exactly org A's projects may be a leak, not a mistake: a problem that does not stop the run.
    expect(otherOrgItem(wrong, true)).toMatchObject({ status: 'problem', blocksRun: false });
  });
  it('compare the project lists when no project is configured', () => {
    const lists = (member: string[], other: string[]) => obs({ projectId: undefined, listings: { admin: listing(['a1', 'a2']), member: listing(member), otherOrg: listing(other) } });
    expect(memberOrgItem(lists(['a1', 'a2'], ['b1']), true).detail).toBe('lists the same 2 projects as the admin key');
    expect(otherOrgItem(lists(['a1', 'a2'], ['b1']), true).status).toBe('ok');
    expect(memberOrgItem(lists(['b1'], ['b1']), true)).toMatchObject({ status: 'problem', blocksRun: true });
    expect(otherOrgItem(lists(['a1'], ['a1', 'a2']), true)).toMatchObject({ status: 'problem', blocksRun: true, detail: 'lists exactly the projects the admin key lists (2): a key of org A' });
    expect(otherOrgItem(lists(['a1'], ['a1', 'b1']), true)).toMatchObject({ status: 'problem', blocksRun: false });
    expect(otherOrgItem(obs({ projectId: undefined, listings: { admin: listing([]), otherOrg: listing([]) } }), true).status).toBe('warning');
  });
  it('are not configured without their key', () => {
    expect(memberOrgItem(obs({}), false).status).toBe('not-configured');
    expect(otherOrgItem(obs({}), false).status).toBe('not-configured');
  });
});

describe('otherProjectItem', () => {
  it('wants org B\'s key to see it and the admin key not to', () => {
    const at = (admin: boolean, other: boolean) => otherProjectItem(obs({ otherProjectId: 'pb', otherProject: { admin: { listed: admin, reads: admin }, otherOrg: { listed: other, reads: other } } }), true);
    expect(at(false, true).status).toBe('ok');
    expect(at(true, true).detail).toBe('the admin key sees it: a project of org A');
    expect(at(false, false).detail).toBe('CONFORMANCE_OTHER_ORG_KEY does not see it');
    expect(otherProjectItem(obs({ otherProjectId: 'pb' }), false).status).toBe('not-checked');
  });
});
