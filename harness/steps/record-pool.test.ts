import { describe, expect, it } from 'vitest';
import { RecordPool } from './record-pool.js';

describe('RecordPool', () => {
  it('gives leave to make at most max records, then hands back the ones given back, in turn', async () => {
    const pool = new RecordPool<string>(2);
    expect(await pool.take()).toBeUndefined();
    expect(await pool.take()).toBeUndefined();
    let third: string | undefined | 'waiting' = 'waiting';
    const waiting = pool.take().then((value) => (third = value));
    await Promise.resolve();
    expect(third).toBe('waiting');
    pool.give('a');
    await waiting;
    expect(third).toBe('a');
    pool.give('b');
    expect(await pool.take()).toBe('b');
  });

  it('passes the leave of a run whose create failed on to a waiting run', async () => {
    const pool = new RecordPool<string>(1);
    expect(await pool.take()).toBeUndefined();
    const waiting = pool.take();
    pool.release();
    expect(await waiting).toBeUndefined();
    pool.release();
    expect(await pool.take()).toBeUndefined();
  });
});
