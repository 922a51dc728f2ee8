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
