import { defineFaults } from '../policy/declaration.js';
import type { Scope } from '../policy/kinds.js';

/** What may bend in the project routes: each field is one behaviour a fault can change. */
export interface ProjectsPolicy {
  /** Where GET /projects finds projects (spec 5.7: the key's organisation). */
  readonly listScope: Scope;
  /** How many of the first projects the list leaves out (spec 4.12: none). */
  readonly skipped: number;
  /** The limit picks the page size (spec 4), or every project from offset on is listed (the limit still echoed). */
  readonly limitApplied: boolean;
}

/** The spec's behaviour. */
export const PROJECTS_POLICY: ProjectsPolicy = {
  listScope: 'organisation',
  skipped: 0,
  limitApplied: true,
};

/** The faults of the project routes (policy slot `projects`). */
export const PROJECT_FAULTS = defineFaults({
  'pj-list-leak': {
    changes: 'GET /projects lists the projects of every organisation',
    suite: 'tasks',
    breaks: 'PJ-LIST-ISOLATED',
    policy: { projects: { listScope: 'everywhere' } },
  },
  'pj-limit-ignored': {
    changes: 'GET /projects ignores limit (every project from offset on) but still echoes it',
    suite: 'tasks',
    breaks: 'PAGE-LIMIT-APPLIED',
    policy: { projects: { limitApplied: false } },
  },
  'pj-list-skips-first': {
    changes: "GET /projects leaves out the organisation's first project (the list starts at its second)",
    suite: 'tasks',
    breaks: 'PJ-LIST',
    policy: { projects: { skipped: 1 } },
  },
});
