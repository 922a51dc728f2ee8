import { describe, expect, it } from 'vitest';
import { createCachedReads, UNCACHED_READS } from './cached-reads.ts';

function counter() {
  let reads = 0;
  return {
    load: async () => {
      reads += 1;
      return reads;
    },
    get reads() {
      return reads;
    },
  };
}

describe('reads kept for a second (decision 052)', () => {
  it('answers a key from memory until its read is a TTL old, then reads again', async () => {
    let clock = 0;
    const reads = createCachedReads({ ttlMs: 1_000, now: () => clock });
    const source = counter();
    expect(await reads.read('plan', source.load)).toBe(1);
    clock = 999;
    expect(await reads.read('plan', source.load)).toBe(1);
    clock = 1_000;
    expect(await reads.read('plan', source.load)).toBe(2);
  });

  it('never keeps a read longer than a second, whatever it is told', async () => {
    let clock = 0;
    const reads = createCachedReads({ ttlMs: 60_000, now: () => clock });
    const source = counter();
    await reads.read('plan', source.load);
    clock = 1_000;
    expect(await reads.read('plan', source.load)).toBe(2);
  });

  it('shares one read between requests that miss the same key together', async () => {
    const reads = createCachedReads({ ttlMs: 1_000, now: () => 0 });
    const source = counter();
    const answers = await Promise.all([1, 2, 3].map(() => reads.read('scope', source.load)));
    expect(answers).toEqual([1, 1, 1]);
    expect(source.reads).toBe(1);
  });

  it('reads again after forgetAll, and does not keep a read that was running when it was called', async () => {
    const reads = createCachedReads({ ttlMs: 1_000, now: () => 0 });
    let release: (value: string) => void = () => {};
    const before = reads.read('role', () => new Promise<string>((resolve) => (release = resolve)));
    reads.forgetAll();
    release('member');
    expect(await before).toBe('member');
    expect(await reads.read('role', async () => 'admin')).toBe('admin');
    reads.forgetAll();
    expect(await reads.read('role', async () => 'owner')).toBe('owner');
  });

  it('keeps neither a failed read nor one its caller declines', async () => {
    const reads = createCachedReads({ ttlMs: 1_000, now: () => 0 });
    await expect(reads.read('session', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await reads.read('session', async () => 'found')).toBe('found');
    await reads.read('visitor', async () => undefined, Boolean);
    expect(await reads.read('visitor', async () => 'signed in', Boolean)).toBe('signed in');
  });

  it('drops the oldest entry past its size', async () => {
    const reads = createCachedReads({ ttlMs: 1_000, maxEntries: 2, now: () => 0 });
    await reads.read('a', async () => 'a1');
    await reads.read('b', async () => 'b1');
    await reads.read('c', async () => 'c1');
    expect(await reads.read('a', async () => 'a2')).toBe('a2');
    expect(await reads.read('c', async () => 'c2')).toBe('c1');
  });

  it('with a TTL of 0, reads every time', async () => {
    expect(createCachedReads({ ttlMs: 0 })).toBe(UNCACHED_READS);
    const source = counter();
    await UNCACHED_READS.read('plan', source.load);
    await UNCACHED_READS.read('plan', source.load);
    expect(source.reads).toBe(2);
  });
});

describe('a key asked for steadily is read again ahead (decision 066)', () => {
  /** Lets the read started in the background answer and be kept. */
  const settled = () => new Promise((resolve) => setImmediate(resolve));

  it('answers at once past half its TTL and reads in the background; never serves a read a TTL old', async () => {
    let clock = 0;
    const reads = createCachedReads({ ttlMs: 1_000, now: () => clock });
    const source = counter();
    expect(await reads.read('plan', source.load)).toBe(1);
    clock = 499;
    expect(await reads.read('plan', source.load)).toBe(1);
    expect(source.reads).toBe(1);
    clock = 600;
    expect(await reads.read('plan', source.load)).toBe(1);
    await settled();
    expect(source.reads).toBe(2);
    clock = 1_000;
    expect(await reads.read('plan', source.load)).toBe(2);
    expect(source.reads).toBe(2);
    // The second read started at 600: at 1,600 it is a TTL old, and nobody asked in between to read ahead.
    clock = 1_600;
    expect(await reads.read('plan', source.load)).toBe(3);
  });

  it('does not keep a read ahead that was running when forgetAll was called, nor one that failed', async () => {
    let clock = 0;
    const reads = createCachedReads({ ttlMs: 1_000, now: () => clock });
    await reads.read('role', async () => 'member');
    clock = 600;
    let release: (value: string) => void = () => {};
    expect(await reads.read('role', () => new Promise<string>((resolve) => (release = resolve)))).toBe(
      'member',
    );
    reads.forgetAll();
    expect(await reads.read('role', async () => 'admin')).toBe('admin');
    release('stale');
    await settled();
    expect(await reads.read('role', async () => 'owner')).toBe('admin');

    clock = 1_200;
    expect(await reads.read('role', () => Promise.reject(new Error('down')))).toBe('admin');
    await settled();
    expect(await reads.read('role', async () => 'owner')).toBe('owner');
  });
});

describe('while the embedded database is busy (decision 064)', () => {
  const hanging = <T>() => new Promise<T>(() => {});
  const busyReads = (now: () => number) =>
    createCachedReads({ ttlMs: 1_000, now, busy: { graceMs: 5, limitMs: 30_000 } });
  /** The read's answer if it comes within 30 ms (six times the grace), else 'still waiting'. */
  const within30ms = (read: Promise<unknown>) =>
    Promise.race([read, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 30))]);

  it('answers the last value when a refresh does not answer within the grace, then the refresh once it lands', async () => {
    let clock = 0;
    const reads = busyReads(() => clock);
    expect(await reads.read('role', async () => 'admin')).toBe('admin');
    clock = 1_500;
    let release: (value: string) => void = () => {};
    const refresh = new Promise<string>((resolve) => (release = resolve));
    expect(await reads.read('role', () => refresh)).toBe('admin');
    release('member');
    await refresh;
    expect(await reads.read('role', hanging<string>)).toBe('member');
  });

  it('waits for the database once the last value is older than the limit, and never without a last value', async () => {
    let clock = 0;
    const reads = busyReads(() => clock);
    await reads.read('plan', async () => 1);
    clock = 30_000;
    const late = reads.read('plan', async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return 2;
    });
    expect(await late).toBe(2);
    const first = await within30ms(reads.read('scope', hanging<number>));
    expect(first).toBe('still waiting');
  });

  it('answers nothing old after forgetAll: a change made on this node waits for the database', async () => {
    let clock = 0;
    const reads = busyReads(() => clock);
    await reads.read('role', async () => 'admin');
    reads.forgetAll();
    clock = 10;
    const answer = await within30ms(reads.read('role', hanging<string>));
    expect(answer).toBe('still waiting');
  });

  it('is off unless asked: without busy a refresh is always waited for', async () => {
    let clock = 0;
    const reads = createCachedReads({ ttlMs: 1_000, now: () => clock });
    await reads.read('role', async () => 'admin');
    clock = 1_500;
    const answer = await within30ms(reads.read('role', hanging<string>));
    expect(answer).toBe('still waiting');
  });
});
