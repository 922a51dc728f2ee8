import { describe, expect, it } from 'vitest';
import { fieldWithNulCharacter, MAX_REQUEST_VALUE_DEPTH, requestValueProblem } from './nul-characters.ts';

describe('the field holding a NUL character', () => {
  it.each([
    [{ name: 'a\u0000b' }, 'name'],
    [{ tag: { tag_values: [{ value: 'ok' }, { value: '\u0000' }] } }, 'tag.tag_values.1.value'],
    [{ 'bad\u0000key': 1 }, 'bad\u0000key'],
    ['\u0000', 'request'],
  ])('finds it in %j', (value, field) => {
    expect(fieldWithNulCharacter(value)).toBe(field);
  });

  it.each([
    { name: 'plain', count: 3, nested: [null, true, { x: 'y' }] },
    undefined,
    null,
    'text',
    new Uint8Array([0]),
  ])('finds none in %j', (value) => {
    expect(fieldWithNulCharacter(value)).toBeUndefined();
  });
});

describe('the walk over a request value', () => {
  it('visits a value referred to many times once', () => {
    let reads = 0;
    const shared = {
      get items() {
        reads += 1;
        return ['plain'];
      },
    };
    expect(fieldWithNulCharacter({ copies: Array(99).fill(shared) })).toBeUndefined();
    expect(reads).toBe(1);
  });

  it('refuses a value nested deeper than the limit, naming where, without overflowing the stack', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 10_000; level += 1) deep = [deep];
    expect(requestValueProblem(deep)).toEqual({
      field: Array(MAX_REQUEST_VALUE_DEPTH).fill('0').join('.'),
      problem: 'too-deep',
    });
  });

  it('takes a value exactly as deep as the limit', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < MAX_REQUEST_VALUE_DEPTH; level += 1) deep = [deep];
    expect(requestValueProblem(deep)).toBeUndefined();
  });
});
