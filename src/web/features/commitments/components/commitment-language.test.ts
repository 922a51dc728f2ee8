import { describe, expect, it } from 'vitest';
import { scopeTagsNote } from './commitment-language.ts';

describe("the note on a scope's tag pairs", () => {
  it('names each pair and says the usage they select counts only in the accounts the person sees', () => {
    expect(scopeTagsNote(['team=web'])).toBe(
      'Your team also sees usage tagged team=web. What a Savings Plan or reservation paid for is kept by account, not by tag, so that usage is counted here only in the accounts you see.',
    );
    expect(scopeTagsNote(['team=web', 'env=prod'])).toMatch(
      /^Your team also sees usage tagged team=web or env=prod\./,
    );
  });
});
