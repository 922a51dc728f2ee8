import { describe, expect, it } from 'vitest';
import { fieldWithNulCharacter } from './nul-characters.ts';

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
