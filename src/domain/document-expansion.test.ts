import { describe, expect, it } from 'vitest';
import { documentExpansionProblem } from './document-expansion.ts';

const limits = { maxValues: 1_000, maxDepth: 16 };

describe('a document written out in full', () => {
  it('is fine when it holds no more values than the limit, shared or not', () => {
    const shared = [1, 2, 3];
    expect(documentExpansionProblem({ a: shared, b: shared, c: 'x' }, limits)).toBeUndefined();
  });

  it('is too large when shared values, counted as copies, pass the limit', () => {
    const shared = Array(100).fill(0);
    expect(documentExpansionProblem({ x: Array(99).fill(shared) }, limits)).toBe('too-large');
  });

  it('stops counting at the limit, however many copies the shared values stand for', () => {
    let reads = 0;
    const shared = new Proxy(Array(500).fill(0), {
      get(target, key, receiver) {
        reads += 1;
        return Reflect.get(target, key, receiver);
      },
    });
    expect(documentExpansionProblem({ x: Array(99).fill(shared) }, limits)).toBe('too-large');
    // 99 copies of 500 values would be 49,500 reads; the walk stops after the third copy.
    expect(reads).toBeLessThan(3 * limits.maxValues);
  });

  it('is circular when a value contains itself', () => {
    const loop: unknown[] = [];
    loop.push(loop);
    expect(documentExpansionProblem({ a: loop }, limits)).toBe('circular');
  });

  it('is too large when nested deeper than the limit', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 20; level += 1) deep = [deep];
    expect(documentExpansionProblem(deep, limits)).toBe('too-large');
  });
});
