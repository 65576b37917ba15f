import { inject } from 'vitest';
import type { Keys } from '../config/schema.js';

/** What a run hands to every suite worker (through vitest's provide/inject). */
export interface RunContext {
  readonly runId: string;
  /** Base URL ending in /api/v1. */
  readonly baseUrl: string;
  readonly keys: Partial<Keys>;
  /** Keys with the default limit (CONFORMANCE_LIMITED_KEYS, else the limited key alone); the first is usually keys.limited. */
  readonly limitedKeys: readonly string[];
  /** How the checks send keys unless they choose (spec 5.1): X-API-Key, or Bearer for a target that refuses it. */
  readonly authStyle: 'x-api-key' | 'bearer';
  readonly customLimit?: number | undefined;
  readonly projectId?: string | undefined;
  readonly versionId?: string | undefined;
  readonly otherProjectId?: string | undefined;
  readonly seed: number;
  readonly numRuns: number;
  readonly requestTimeoutMs: number;
  readonly webhookWaitS: number;
  /** Where the webhook sink listens, and the base URL the target must call (spec 6). */
  readonly sink: { readonly host: string; readonly port: number; readonly publicUrl?: string | undefined };
}

declare module 'vitest' {
  export interface ProvidedContext {
    conformance: RunContext;
  }
}

export function runContext(): RunContext {
  const context = inject('conformance');
  if (context === undefined) {
    throw new Error('suites/ run only through the conformance runner (npm run conformance)');
  }
  return context;
}

/** The tag every record the run creates carries, so an operator can find and remove leftovers. */
export function runTag(run: Pick<RunContext, 'runId'>): string {
  return `conformance-run:${run.runId}`;
}
