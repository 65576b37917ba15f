import { defineFaults } from '../policy/declaration.js';

/** What may bend in the project routes: each field is one behaviour a fault can change. */
export interface ProjectsPolicy {}

/** The spec's behaviour. */
export const PROJECTS_POLICY: ProjectsPolicy = {};

/** The faults of the project routes (policy slot `projects`). */
export const PROJECT_FAULTS = defineFaults({
  'pj-list-leak': {
    changes: 'GET /projects lists the projects of every organisation',
    suite: 'tasks',
    breaks: 'PJ-LIST-ISOLATED',
  },
  'pj-limit-ignored': {
    changes: 'GET /projects ignores limit (every project from offset on) but still echoes it',
    suite: 'tasks',
    breaks: 'PAGE-LIMIT-APPLIED',
  },
  'pj-list-skips-first': {
    changes: "GET /projects leaves out the organisation's first project (the list starts at its second)",
    suite: 'tasks',
    breaks: 'PJ-LIST',
  },
});
