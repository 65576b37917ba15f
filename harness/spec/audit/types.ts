import type { Reliance } from '../records/record.js';
import type { RequirementId } from '../requirements.js';

/*
 * For every MUST check (and every SHOULD check that can accuse a server of a security fault),
 * what its pass condition relies on, and beside each reliance the spec text that mandates it.
 * Whatever has no text is an assumption: it is made tolerant (every reasonable choice accepted),
 * turned into an observation, or, while still open, listed as an assumption with the reference
 * variant that makes the other choice. The reliances are written in each requirement's record
 * (harness/spec/records/, `audit`); this folder joins and checks them.
 */

export type { Basis, Reliance } from '../records/record.js';

/** Per requirement id: what its checks rely on. */
export type AuditTable = Readonly<Partial<Record<RequirementId, readonly Reliance[]>>>;
