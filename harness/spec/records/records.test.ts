import { describe, expect, it } from 'vitest';
import { AUDIT, auditOf } from '../audit/index.js';
import { isRequirementId, REQUIREMENTS } from '../requirements.js';
import { TRACE, traceOf, UNTRACED } from '../traceability/map.js';
import { RECORDS } from './index.js';
import { joinRecords, type RequirementRecord } from './record.js';

const record = (units: string[], audit?: RequirementRecord['audit']): RequirementRecord => ({
  level: 'MUST',
  section: '2.1',
  area: 'contacts',
  statement: 'A rule.',
  units,
  ...(audit === undefined ? {} : { audit }),
});

describe('the requirement records', () => {
  it('are the catalogue: the same ids in the same order, each with its level, section, area and statement', () => {
    expect(Object.keys(REQUIREMENTS)).toEqual(Object.keys(RECORDS));
    for (const [id, r] of Object.entries(RECORDS)) {
      expect(REQUIREMENTS[id as keyof typeof REQUIREMENTS], id).toEqual({ level: r.level, section: r.section, area: r.area, statement: r.statement });
    }
    expect(isRequirementId('CT-EMAIL-FORMAT')).toBe(true);
    expect(isRequirementId('CT-NO-SUCH-RULE')).toBe(false);
  });

  it('give the traceability map its rows: each unit a record names lists that record, and no other id', () => {
    for (const [id, r] of Object.entries(RECORDS)) {
      for (const unit of r.units) expect(TRACE[unit], `${id} ${unit}`).toMatchObject({ ids: expect.arrayContaining([id]) });
    }
    for (const [unit, trace] of Object.entries(TRACE)) {
      if ('ids' in trace) for (const id of trace.ids) expect(RECORDS[id].units, `${unit} ${id}`).toContain(unit);
      else expect(UNTRACED[unit]).toBe(trace);
    }
  });

  it('give the audit its reliances, the record’s own, and only where a record has some', () => {
    for (const [id, r] of Object.entries(RECORDS)) expect(AUDIT[id as keyof typeof AUDIT], id).toBe(r.audit);
    const reliance = { relies: 'the create answers 201', basis: { spec: '4: "Create success: 201"' } };
    expect(auditOf({ A: record([], [reliance]), B: record([]) })).toEqual({ A: [reliance] });
  });

  it('derive a unit named by two records as one row with both ids, in the records’ order', () => {
    const trace = traceOf({ B: record(['2.1#00000001']), A: record(['2.1#00000001', '2.1#00000002']) }, { '0#00000000': { informative: 'an introduction' } });
    expect(trace).toEqual({ '0#00000000': { informative: 'an introduction' }, '2.1#00000001': { ids: ['B', 'A'] }, '2.1#00000002': { ids: ['A'] } });
  });

  it('refuse an id with two records, a unit named twice by one record, and a unit both named and untraced', () => {
    expect(() => joinRecords([{ 'CT-X': record([]) }, { 'CT-X': record([]) }])).toThrow(/CT-X has two records/);
    expect(joinRecords([{ 'CT-X': record([]) }, { 'CT-Y': record([]) }])).toEqual({ 'CT-X': record([]), 'CT-Y': record([]) });
    expect(() => traceOf({ A: record(['2.1#00000001', '2.1#00000001']) }, {})).toThrow(/names unit 2.1#00000001 twice/);
    expect(() => traceOf({ A: record(['0#00000000']) }, { '0#00000000': { informative: 'an introduction' } })).toThrow(/also marked untraced/);
  });
});
