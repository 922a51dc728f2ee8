/**
 * The rule behind `npm run lint`'s citation check (decision 089): code and comments never cite an issue by its number
 * or a section of the product spec by its sign and number. A reader of the repository cannot open either;
 * a comment says the rule itself, or links the decision record that holds it (docs/decisions/NNN-….md).
 */

export interface Citation {
  line: number;
  text: string;
}

const ISSUE_NUMBER = /\bissues?\s+#?\d+/i;
const SPEC_SECTION = /§\s*\d/;

/** The lines of `source` that cite an issue number or a spec section. */
export function citationsIn(source: string): Citation[] {
  return source
    .split('\n')
    .flatMap((text, index) =>
      ISSUE_NUMBER.test(text) || SPEC_SECTION.test(text) ? [{ line: index + 1, text: text.trim() }] : [],
    );
}

/** The files the rule covers: code and tests under src, scripts and e2e, and the configuration beside them. */
export function isCheckedForCitations(file: string): boolean {
  return /^((src|scripts|e2e)\/.+|[^/]+)\.(ts|tsx|js|cjs|mjs|css)$/.test(file);
}
