import fc from 'fast-check';
import type { ApiResponse } from '../../http/client.js';
import type { SequenceDomain } from './domains.js';
import { judgeRecord, RuleBroken } from './model.js';
import { dataOf, type SequenceWorld } from './world.js';

/*
 * Commands of one domain beside the common ones (harness/steps/sequences/commands.ts): the
 * milestone's complete action. Like the common commands, each finds its target when it runs
 * (`pick` modulo the domain's records), so shrinking may drop any command before it.
 */

const ok = (res: ApiResponse): boolean => res.status >= 200 && res.status < 300;
const refused = (res: ApiResponse): boolean => res.status >= 400 && res.status < 500;

/**
 * POST /milestones/{id}/complete (spec 3.3, 4.8): afterwards the milestone is `completed`, kept
 * until a write that may decide it. Which states may be completed is not shown: a 4xx refusal
 * is the server's choice, observed, and changes nothing.
 */
export class CompleteMilestone implements fc.AsyncCommand<SequenceWorld, SequenceWorld> {
  constructor(
    readonly domain: () => SequenceDomain,
    readonly pick: number,
    readonly body: Record<string, unknown> | undefined,
  ) {}
  check(): boolean {
    return true;
  }
  async run(world: SequenceWorld): Promise<void> {
    const domain = this.domain();
    const record = world.pick(domain, this.pick);
    if (record === undefined || record.state === 'unjudged') return;
    const res = await world.send('A', 'POST', `${domain.path}/${record.id}/complete`, { body: this.body, rule: 'SEQ-READ-AFTER-WRITE' });
    const what = `POST ${domain.path}/{${record.label}}/complete`;
    if (record.state === 'deleted') {
      if (ok(res)) throw new RuleBroken('SEQ-DELETE-GONE', `${what} answered ${res.status} after ${record.label} was deleted`, res.exchange);
      return;
    }
    if (refused(res)) {
      if (res.status === 404) throw new RuleBroken('SEQ-READ-AFTER-WRITE', `${what} answered 404; ${record.label} was created and never deleted`, res.exchange);
      world.observe('sequence-refused-write', `complete ${domain.path}`, `refused (${res.status})`);
      return;
    }
    // spec 3.3: the state after complete is `completed`, whatever it was.
    record.fields['status'] = 'completed';
    delete record.learned['status'];
    record.toLearn.delete('status');
    const data = dataOf(res);
    if (data !== undefined) judgeRecord(record, data, `the answer to ${what}`);
  }
  toString(): string {
    return `complete milestone #${this.pick}${this.body === undefined ? '' : ` ${JSON.stringify(this.body)}`}`;
  }
}
