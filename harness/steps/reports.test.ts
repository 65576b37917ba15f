import { describe, expect, it } from 'vitest';
import { pageContent, rowsAt, rowsPath } from './reports.js';

describe('rowsPath', () => {
  it('finds the rows in data itself or under one row-list name', () => {
    expect(rowsPath([{ a: 1 }])).toBe('');
    expect(rowsPath({ page: 1, rows: [], total: 0 })).toBe('rows');
    expect(rowsPath({ columns: ['a', 'b'], items: [[1, 2]] })).toBe('items');
    expect(rowsAt({ rows: [1, 2] }, 'rows')).toEqual([1, 2]);
    expect(rowsAt({ rows: null }, 'rows')).toBeUndefined();
  });

  it('takes no list of columns, and nothing ambiguous, for rows', () => {
    expect(rowsPath({ columns: ['a', 'b'], total: 0 })).toBeUndefined();
    expect(rowsPath({ rows: [], items: [] })).toBeUndefined();
    expect(rowsPath({ summary: { hours: 3 } })).toBeUndefined();
    expect(rowsPath('done')).toBeUndefined();
    expect(rowsPath(null)).toBeUndefined();
  });
});

describe('pageContent', () => {
  it('compares pages by the rows they hold, whatever the row or key order', () => {
    expect(pageContent([{ a: 1, b: 2 }, { a: 3 }])).toBe(pageContent([{ a: 3 }, { b: 2, a: 1 }]));
    expect(pageContent([{ a: 1 }, { a: 1 }])).not.toBe(pageContent([{ a: 1 }]));
    expect(pageContent([{ a: 1 }])).not.toBe(pageContent([{ a: 2 }]));
  });
});
