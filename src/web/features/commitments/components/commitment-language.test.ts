import { describe, expect, it } from 'vitest';
import { scopeTagsNote } from './commitment-language.ts';

describe("the note on a scope's tag pairs", () => {
  it('names each pair, says what commitments paid for of the usage they select counts, and who owns them', () => {
    expect(scopeTagsNote(['team=web'])).toBe(
      'Your team also sees usage tagged team=web in other accounts. What Savings Plans and reservations paid for of it counts here; the commitments themselves belong to the accounts billed for them.',
    );
    expect(scopeTagsNote(['team=web', 'env=prod'])).toMatch(
      /^Your team also sees usage tagged team=web or env=prod in other accounts\./,
    );
  });
});
