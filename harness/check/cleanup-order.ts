/*
 * Which of a file's records may be deleted side by side at the end of the file. Deleted one
 * after another, newest first, a file's few hundred records cost a few hundred round trips; far
 * from the target that is most of the file's time. Only a record that may refer to another must
 * go first: the newest-first order is kept for every pair of records where one may refer to the
 * other (by the kinds' fields, spec 2), and any other pair is deleted side by side.
 */

/**
 * The collections a record of each kind may name in its fields (spec 2): an expense its task,
 * supplier contact and claimant resource; a time entry and an allocation their task and
 * resource; a milestone its project (a task); a task its parent task; a contact its parent
 * contact. A kind not listed may refer to anything and be referred to by anything.
 */
const REFERS_TO: Readonly<Record<string, readonly string[]>> = {
  contacts: ['contacts'],
  expenses: ['tasks', 'contacts', 'resources'],
  'time-entries': ['tasks', 'resources'],
  allocations: ['tasks', 'resources'],
  milestones: ['tasks'],
  tasks: ['tasks'],
  resources: [],
  rates: [],
  webhooks: [],
};

/** `/tasks/<id>` -> `tasks`. */
function kindOf(path: string): string {
  return path.split('/')[1] ?? '';
}

/** Whether a record of kind `from` may name one of kind `to`. */
function mayReferTo(from: string, to: string): boolean {
  const refers = REFERS_TO[from];
  if (refers === undefined || REFERS_TO[to] === undefined) return true;
  return refers.includes(to);
}

/**
 * For records in deletion order (newest first), the indices each must wait for: every earlier
 * record that may refer to it. Records of a kind that refers to its own kind (a subtask to its
 * task) wait only for records of other kinds: among themselves they go side by side, and one
 * refused while another of its kind was in flight is tried once more at the end (`retryKinds`).
 */
export function deletionPrerequisites(paths: readonly string[]): number[][] {
  const kinds = paths.map(kindOf);
  return kinds.map((kind, i) => {
    const before: number[] = [];
    for (let j = 0; j < i; j++) if (kinds[j] !== kind && mayReferTo(kinds[j]!, kind)) before.push(j);
    // An unknown kind keeps the newest-first order with every record, its own kind included.
    if (REFERS_TO[kind] === undefined) for (let j = 0; j < i; j++) if (kinds[j] === kind) before.push(j);
    return before.sort((a, b) => a - b);
  });
}

/** Whether a record refused at the first try is tried again once the others are gone: its kind may name its own kind. */
export function retriedWhenRefused(path: string): boolean {
  const kind = kindOf(path);
  return REFERS_TO[kind]?.includes(kind) === true;
}
