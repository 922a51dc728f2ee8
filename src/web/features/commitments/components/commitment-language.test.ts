import { describe, expect, it } from 'vitest';
import { scopeTagsNote, tagGapsNote } from './commitment-language.ts';

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

describe("the note on months that count less of a tag team's usage", () => {
  it('names the months of each reason and what brings them back', () => {
    expect(
      tagGapsNote([
        { month: '2026-10', reason: 'read-before', tag_days: null },
        { month: '2026-11', reason: 'read-before', tag_days: null },
      ]),
    ).toBe(
      "October 2026 and November 2026 were read before Spendguard kept what commitments paid for by tag, so the tagged usage of other accounts is not counted there: upload those months' bills again to count it (a sync reads a month again only when AWS rewrites its export).",
    );
    expect(tagGapsNote([{ month: '2026-10', reason: 'read-before', tag_days: null }])).toMatch(
      /^October 2026 was read before .* upload that month's bill again to count it/,
    );
    expect(tagGapsNote([{ month: '2026-12', reason: 'too-many', tag_days: 123456 }])).toBe(
      'The bill of December 2026 holds 123,456 groups of a day, account and tag set under commitments, more than this server keeps, so the tagged usage of other accounts is not counted there: an administrator can raise COMMITMENT_TAG_DAYS_MAX and read it again.',
    );
    expect(
      tagGapsNote([
        { month: '2026-11', reason: 'too-many', tag_days: 200000 },
        { month: '2026-12', reason: 'too-many', tag_days: 123456 },
      ]),
    ).toMatch(
      /^The bills of November 2026 and December 2026 hold up to 200,000 groups .* read them again\.$/,
    );
  });
});
