import { describe, expect, it } from 'vitest';
import { pageContent, pagedPath, rowsAt, rowsPath } from './reports.js';

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

  describe('pagedPath', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ row: i + 1 }));
    it('keeps the rows found when pageSize 1 holds fewer of them', () => {
      expect(pagedPath({ rows: rows(100) }, { rows: rows(2) }, 'rows')).toBe('rows');
      expect(pagedPath(rows(100), rows(1), '')).toBe('');
    });
    it('takes another array of the result when the rows found are returned whole', () => {
      expect(pagedPath({ rows: rows(12), detail: rows(100) }, { rows: rows(12), detail: rows(1) }, 'rows')).toBe('detail');
    });
    it('finds none when no array responds to pageSize', () => {
      expect(pagedPath({ rows: rows(12) }, { rows: rows(12) }, 'rows')).toBeUndefined();
      expect(pagedPath(rows(12), rows(12), '')).toBeUndefined();
    });
  });
});
