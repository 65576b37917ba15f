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
  it('says both possibilities for a record the admin key reads but GET /projects does not list', () => {
    // A task configured by mistake, or a project list that leaves it out: the run goes on.
    const found = projectItem(obs({ project: { admin: { listed: false, reads: true } } }));
    expect(found).toMatchObject({ status: 'warning', blocksRun: false });
    expect(found.detail).toMatch(/either it is a task rather than a project, or the target's project list leaves it out/);
    expect(found.fix).toMatch(/for example pa, the first of 2 projects/);
  });
  it("names org B's project, and suggests it as the other project", () => {
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
    // The member key lists projects of its own that the admin key does not: another organisation, for certain.
    const wrong = obs({
      listings: { admin: listing(['pa', 'pa2']), member: listing(['pb']), otherOrg: listing(['pa', 'pa2']) },
      project: { admin: { listed: true, reads: true }, member: { listed: false, reads: false }, otherOrg: { listed: true, reads: true } },
    });
    expect(memberOrgItem(wrong, true)).toMatchObject({ status: 'problem', blocksRun: true });
    // The other key agrees with the admin key everywhere, reads by id included: a key of org A.
    expect(otherOrgItem(wrong, true)).toMatchObject({ status: 'problem', blocksRun: true });
    expect(otherOrgItem(wrong, true).detail).toMatch(
      /agrees with the admin key on everything that identifies an organisation \(both read CONFORMANCE_PROJECT_ID by id; both list the same 2 projects\): a key of org A/,
    );
  });
  it('tell a leaking target from a key of org A: the keys differ on a read by id', () => {
    // GET /projects shows every organisation's projects, but a read by id is scoped: two organisations.
    const leak = obs({
      otherProjectId: 'pb',
      listings: { admin: listing(['pa', 'pb']), member: listing(['pa', 'pb']), otherOrg: listing(['pa', 'pb']) },
      project: { admin: { listed: true, reads: true }, member: { listed: true, reads: true }, otherOrg: { listed: true, reads: false } },
      otherProject: { admin: { listed: true, reads: false }, otherOrg: { listed: true, reads: true } },
    });
    const found = otherOrgItem(leak, true);
    expect(found).toMatchObject({ status: 'warning', blocksRun: false });
    expect(found.detail).toMatch(
      /yet differs from the admin key .*GET \/tasks\/\{id\} of CONFORMANCE_PROJECT_ID: the admin key reads it, CONFORMANCE_OTHER_ORG_KEY is refused.*a possible isolation failure \(spec 5\.4\)/,
    );
    expect(otherProjectItem(leak, true)).toMatchObject({ status: 'warning', blocksRun: false });
    // Without any read that tells them apart, both possibilities are said and the run goes on.
    const unsure = obs({ projectId: undefined, listings: { admin: listing(['a1']), otherOrg: listing(['a1', 'b1']) } });
    expect(otherOrgItem(unsure, true).detail).toMatch(
      /^lists 1 of the admin key's projects, yet differs|either CONFORMANCE_OTHER_ORG_KEY is a key of org A, or the target shows org A's data/,
    );
    expect(otherOrgItem(unsure, true).blocksRun).toBe(false);
  });
  it('say both possibilities when the member key sees nothing of org A and nothing of its own', () => {
    const hidden = obs({
      listings: { admin: listing(['pa', 'pa2']), member: listing([]) },
      project: { admin: { listed: true, reads: true }, member: { listed: false, reads: false } },
    });
    expect(memberOrgItem(hidden, true)).toMatchObject({ status: 'warning', blocksRun: false });
    expect(memberOrgItem(hidden, true).detail).toMatch(/either CONFORMANCE_MEMBER_KEY is a key of another organisation, or the target hides org A's projects/);
  });
  it('compare the project lists when no project is configured', () => {
    const lists = (member: string[], other: string[]) =>
      obs({ projectId: undefined, listings: { admin: listing(['a1', 'a2']), member: listing(member), otherOrg: listing(other) } });
    expect(memberOrgItem(lists(['a1', 'a2'], ['b1']), true).detail).toBe('lists the same 2 projects as the admin key');
    expect(otherOrgItem(lists(['a1', 'a2'], ['b1']), true).status).toBe('ok');
    expect(memberOrgItem(lists(['b1'], ['b1']), true)).toMatchObject({ status: 'problem', blocksRun: true });
    // Identical lists alone are the behaviour under test (a list that leaks looks the same): both possibilities.
    expect(otherOrgItem(lists(['a1'], ['a1', 'a2']), true)).toMatchObject({ status: 'warning', blocksRun: false });
    expect(otherOrgItem(lists(['a1'], ['a1', 'a2']), true).detail).toMatch(
      /nothing tells the two keys apart: either CONFORMANCE_OTHER_ORG_KEY is a key of org A/,
    );
    expect(otherOrgItem(lists(['a1'], ['a1', 'b1']), true)).toMatchObject({ status: 'warning', blocksRun: false });
    expect(otherOrgItem(obs({ projectId: undefined, listings: { admin: listing([]), otherOrg: listing([]) } }), true).status).toBe('warning');
  });
  it('are not configured without their key', () => {
    expect(memberOrgItem(obs({}), false).status).toBe('not-configured');
    expect(otherOrgItem(obs({}), false).status).toBe('not-configured');
  });
});

describe('otherProjectItem', () => {
  it("wants org B's key to see it and the admin key not to", () => {
    const at = (admin: boolean, other: boolean) =>
      otherProjectItem(
        obs({ otherProjectId: 'pb', otherProject: { admin: { listed: admin, reads: admin }, otherOrg: { listed: other, reads: other } } }),
        true,
      );
    expect(at(false, true).status).toBe('ok');
    expect(at(true, true).detail).toBe("the admin key sees it: either a project of org A, or the target shows org B's project to org A (spec 5.4)");
    expect(at(false, false).detail).toBe('CONFORMANCE_OTHER_ORG_KEY does not see it');
    expect(otherProjectItem(obs({ otherProjectId: 'pb' }), false).status).toBe('not-checked');
  });
});
