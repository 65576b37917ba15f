/*
 * Issue 13, `conformance init`: the variables init fills in, each with the option that sets it,
 * whether a terminal is asked for it, and whether it is a secret (never echoed, never printed).
 * The order is the order of the prompts and of the summary.
 */

export interface InitVariable {
  readonly name: string;
  /** The command-line option that sets it, e.g. `--admin-key`. */
  readonly option: string;
  /** What the option's value is, for `--help`. */
  readonly meta: string;
  /** One line for `--help` and the prompt. */
  readonly description: string;
  /** Asked on a terminal when neither an option nor the environment gave it. */
  readonly prompted: boolean;
  /** An API key (or a list of them): read without echo, never printed. */
  readonly secret: boolean;
  /** conformance init can learn it from the target (harness/init/learn.ts). */
  readonly learnable: boolean;
}

export const INIT_VARIABLES = [
  { name: 'CONFORMANCE_TARGET_URL', option: '--url', meta: 'URL', description: 'Base URL of the server under test, ending in /api/v1', prompted: true, secret: false, learnable: false },
  { name: 'CONFORMANCE_ADMIN_KEY', option: '--admin-key', meta: 'KEY', description: 'Org A admin key with a high custom per-minute limit', prompted: true, secret: true, learnable: false },
  { name: 'CONFORMANCE_MEMBER_KEY', option: '--member-key', meta: 'KEY', description: 'Org A key without admin rights', prompted: true, secret: true, learnable: false },
  { name: 'CONFORMANCE_OTHER_ORG_KEY', option: '--other-org-key', meta: 'KEY', description: 'A key of a second organisation (org B)', prompted: true, secret: true, learnable: false },
  { name: 'CONFORMANCE_LIMITED_KEY', option: '--limited-key', meta: 'KEY', description: 'Org A key with the default 60/min limit that nothing else uses', prompted: true, secret: true, learnable: false },
  { name: 'CONFORMANCE_LIMITED_KEYS', option: '--limited-keys', meta: 'KEY,KEY', description: 'More org A keys with the default limit, comma-separated (load harness)', prompted: true, secret: true, learnable: false },
  { name: 'CONFORMANCE_CUSTOM_LIMIT_KEY', option: '--custom-limit-key', meta: 'KEY', description: 'Org A key with a custom per-minute limit that nothing else uses', prompted: true, secret: true, learnable: false },
  { name: 'CONFORMANCE_CUSTOM_LIMIT', option: '--custom-limit', meta: 'N', description: "That key's per-minute limit (learnt from X-RateLimit-Limit)", prompted: false, secret: false, learnable: true },
  { name: 'CONFORMANCE_PROJECT_ID', option: '--project-id', meta: 'UUID', description: 'A project (root task) of org A (learnt: GET /projects)', prompted: false, secret: false, learnable: true },
  { name: 'CONFORMANCE_VERSION_ID', option: '--version-id', meta: 'UUID', description: "A versionId valid for that project's tasks (learnt when the target shows one)", prompted: false, secret: false, learnable: true },
  { name: 'CONFORMANCE_OTHER_PROJECT_ID', option: '--other-project-id', meta: 'UUID', description: 'A project of org B (learnt: GET /projects with the org B key)', prompted: false, secret: false, learnable: true },
  { name: 'CONFORMANCE_SINK_HOST', option: '--sink-host', meta: 'HOST', description: 'Where the webhook sink listens (default 127.0.0.1)', prompted: false, secret: false, learnable: false },
  { name: 'CONFORMANCE_SINK_PORT', option: '--sink-port', meta: 'PORT', description: 'The webhook sink port (default 0: ephemeral)', prompted: false, secret: false, learnable: false },
  { name: 'CONFORMANCE_SINK_PUBLIC_URL', option: '--sink-public-url', meta: 'URL', description: 'The URL the target must call to reach the sink (when it runs elsewhere)', prompted: false, secret: false, learnable: false },
] as const satisfies readonly InitVariable[];

export type InitVariableName = (typeof INIT_VARIABLES)[number]['name'];

export function initVariable(name: InitVariableName): InitVariable {
  return INIT_VARIABLES.find((v) => v.name === name)!;
}
