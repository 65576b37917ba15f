import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../check/check.js';
import { contactRuleFree } from './contacts.js';
import { rateRuleFree } from './rates.js';
import { shownFields } from './shown-fields.js';

describe('contactRuleFree', () => {
  it('takes jobTitle and parentContactId off a company, and keeps an individual as it is', () => {
    expect(contactRuleFree({ contactType: 'company', name: 'A', jobTitle: 'CEO', parentContactId: 'p', notes: 'n' })).toEqual({
      contactType: 'company',
      name: 'A',
      notes: 'n',
    });
    const individual = { contactType: 'individual', name: 'B', jobTitle: 'CEO', parentContactId: 'p' };
    expect(contactRuleFree(individual)).toEqual(individual);
  });

  it('takes a type change, a job title and a parent off an update, keeps their clearing, and never leaves it empty', () => {
    expect(contactRuleFree({ contactType: 'company', jobTitle: 'CEO', parentContactId: null, email: 'a@b.co' })).toEqual({
      parentContactId: null,
      email: 'a@b.co',
    });
    expect(contactRuleFree({ contactType: 'individual' })).toEqual({ notes: 'Conformance update free of type rules' });
  });
});

describe('rateRuleFree', () => {
  it('bounds hoursPerPeriod by the hours of its period, an hour when none is sent', () => {
    expect(rateRuleFree({ period: 'day', hoursPerPeriod: 30 })).toEqual({ period: 'day', hoursPerPeriod: 24 });
    expect(rateRuleFree({ hoursPerPeriod: 8 })).toEqual({ hoursPerPeriod: 1 });
  });

  it('returns the very body when it breaks no such bound', () => {
    const body = { period: 'week', hoursPerPeriod: 40 };
    expect(rateRuleFree(body)).toBe(body);
  });
});

describe('shownFields', () => {
  it('drops and observes fields the record leaves out, and keeps those it carries, null ones too', () => {
    const seen: string[] = [];
    const t = { observe: (_topic: string, subject: string) => seen.push(subject) } as unknown as CheckContext;
    const kept = shownFields(t, { phone: null, name: 'x' }, { phone: '+1 234567', name: 'x', salary: 5, notes: null }, '/resources create');
    expect(kept).toEqual({ phone: '+1 234567', name: 'x', notes: null });
    expect(seen).toEqual(['/resources create: salary']);
  });
});
