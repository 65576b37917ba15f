import { describe, expect, it } from 'vitest';
import { InternalError } from '../errors.js';
import { walkPages, type PageWindow } from './pager.js';

/** A list of `size` records answered as spec 4 pages them; `grow` records are added after each page (others writing). */
function list(size: number, grow = 0) {
  let records = Array.from({ length: size }, (_, i) => ({ id: `r${i}` }));
  const asked: PageWindow[] = [];
  const fetchPage = async (window: PageWindow) => {
    asked.push(window);
    const page = { data: records.slice(window.offset, window.offset + window.limit), pagination: { ...window, total: records.length } };
    records = [...records, ...Array.from({ length: grow }, (_, i) => ({ id: `n${records.length + i}` }))];
    return page;
  };
  return { fetchPage, asked, readPage: (page: { data: unknown[] }) => page.data };
}

describe('walkPages', () => {
  it('asks limit and offset page by page and ends at the first page shorter than asked', async () => {
    const target = list(250);
    const walked = await walkPages(target.fetchPage, target.readPage, { maxPages: 20 });
    expect(target.asked).toEqual([
      { limit: 100, offset: 0 },
      { limit: 100, offset: 100 },
      { limit: 100, offset: 200 },
    ]);
    expect(walked.pages.flatMap((p) => p.data)).toHaveLength(250);
    expect(walked).toMatchObject({ complete: true, end: 'last-page' });
  });

  it('asks one more page, empty, when the list is a whole number of pages', async () => {
    const target = list(200);
    const walked = await walkPages(target.fetchPage, target.readPage, { maxPages: 20 });
    expect(target.asked.map((w) => w.offset)).toEqual([0, 100, 200]);
    expect(walked.complete).toBe(true);
  });

  it('stops at maxPages, the list not complete', async () => {
    const target = list(1_000);
    const walked = await walkPages(target.fetchPage, target.readPage, { maxPages: 3 });
    expect(target.asked).toHaveLength(3);
    expect(walked).toMatchObject({ complete: false, end: 'max-pages' });
  });

  it('asks no page after maxMs, by its clock', async () => {
    const target = list(1_000);
    let now = 0;
    const walked = await walkPages(
      async (window) => {
        now += 400;
        return target.fetchPage(window);
      },
      target.readPage,
      { maxPages: 20, maxMs: 1_000, now: () => now },
    );
    expect(target.asked).toHaveLength(3);
    expect(walked).toMatchObject({ complete: false, end: 'max-ms' });
  });

  it('asks nothing more once the caller says stop', async () => {
    const target = list(1_000);
    const walked = await walkPages(target.fetchPage, target.readPage, { maxPages: 20, stopped: () => target.asked.length >= 2 });
    expect(target.asked).toHaveLength(2);
    expect(walked.end).toBe('stopped');
  });

  it('overlaps pages by `overlap` records, with a page size of its own', async () => {
    const target = list(25);
    await walkPages(target.fetchPage, target.readPage, { maxPages: 20, pageSize: 10, overlap: 3 });
    expect(target.asked.map((w) => [w.limit, w.offset])).toEqual([
      [10, 0],
      [10, 7],
      [10, 14],
      [10, 21],
    ]);
  });

  it('ends at a page that is not a list, and keeps it', async () => {
    const answers = [{ status: 200, data: Array(100).fill({}) }, { status: 403 }];
    const walked = await walkPages(
      async (_window, index) => answers[index]!,
      (page) => page.data,
      { maxPages: 5 },
    );
    expect(walked).toMatchObject({ complete: false, end: 'not-a-list' });
    expect(walked.pages.at(-1)).toEqual({ status: 403 });
  });

  it('follows page sizes, not a total that grows while it walks', async () => {
    const target = list(150, 60);
    const walked = await walkPages(target.fetchPage, target.readPage, { maxPages: 20 });
    // 150 records, 210 after the first page (whose total said 150): the second page is full, the third (70 of 270) is not.
    expect(target.asked.map((w) => w.offset)).toEqual([0, 100, 200]);
    expect(walked.complete).toBe(true);
  });

  it('passes on what the reader throws, and asks nothing after it', async () => {
    const target = list(500);
    await expect(
      walkPages(
        target.fetchPage,
        (page, index) => {
          if (index === 1) throw new Error('not well-formed');
          return page.data;
        },
        { maxPages: 20 },
      ),
    ).rejects.toThrow('not well-formed');
    expect(target.asked).toHaveLength(2);
  });

  it('refuses a walk that would not advance', async () => {
    const target = list(10);
    await expect(walkPages(target.fetchPage, target.readPage, { maxPages: 3, pageSize: 10, overlap: 10 })).rejects.toBeInstanceOf(InternalError);
    expect(target.asked).toHaveLength(0);
  });
});
