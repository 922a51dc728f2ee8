/**
 * The rule behind `npm run lint`'s architecture check (decision 089): every code name docs/architecture.md puts in
 * backticks still exists, so the map cannot drift from the code. What counts as a code name:
 * - a file path (has a `/` or ends in a source extension): some tracked file, or folder, ends with it;
 * - an identifier (`runIngestion`, `cost_daily_facts`, `SPENDGUARD_ROLE`; a call's `()` and a member's
 *   `a.b` are read as their names): a whole word somewhere in `src`;
 * - a kebab-case name (a queue, a module, a header): somewhere in `src`, in any case.
 * Not code names, so not checked: spans with a space (shell commands, expressions, prose), routes (they
 * start with `/`), placeholders (`<m>`, `*`) and quoted or braced literals. Fenced blocks are skipped.
 */

export interface NamedInDocument {
  name: string;
  line: number;
  kind: 'path' | 'identifier' | 'kebab';
}

/** What the names are looked up in: the repository's files, and the words and text of `src`. */
export interface SourceIndex {
  files: string[];
  words: Set<string>;
  /** The text of every file under `src`, lower-cased. */
  lowerText: string;
}

const SOURCE_EXTENSION = /\.(ts|tsx|js|cjs|mjs|json|md|sql|ya?ml|css|html)$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const KEBAB = /^[A-Za-z0-9]+(-[A-Za-z0-9]+)+$/;

/** The names a single backticked span holds (a member `a.b` holds two), or none when it is not code. */
export function codeNamesOf(span: string): Array<Omit<NamedInDocument, 'line'>> {
  if (span === '' || /\s/.test(span) || /[<>*'"{}`]/.test(span) || span.startsWith('/')) return [];
  if (span.includes('/') || (SOURCE_EXTENSION.test(span) && !/^\.\w+$/.test(span)))
    return [{ name: span, kind: 'path' }];
  const called = span.replace(/\(.*\)$/, '');
  return called
    .split('.')
    .filter((segment) => segment !== '')
    .flatMap((segment): Array<Omit<NamedInDocument, 'line'>> => {
      if (IDENTIFIER.test(segment)) return [{ name: segment, kind: 'identifier' }];
      if (KEBAB.test(segment)) return [{ name: segment, kind: 'kebab' }];
      return [];
    });
}

/** Every code name a Markdown document puts in backticks, with its line; fenced blocks aside. */
export function codeNamesIn(markdown: string): NamedInDocument[] {
  const names: NamedInDocument[] = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (text.trimStart().startsWith('```')) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    for (const match of text.matchAll(/`([^`]*)`/g))
      for (const named of codeNamesOf(match[1] ?? '')) names.push({ ...named, line: index + 1 });
  });
  return names;
}

function pathExists(name: string, files: string[]): boolean {
  const wanted = `/${name.replace(/\/$/, '')}`;
  return files.some((file) => {
    const rooted = `/${file}`;
    return rooted.endsWith(wanted) || rooted.includes(`${wanted}/`);
  });
}

/** Whether a name the document uses is still in the code. */
export function stillExists(named: Pick<NamedInDocument, 'name' | 'kind'>, index: SourceIndex): boolean {
  if (named.kind === 'path') return pathExists(named.name, index.files);
  if (named.kind === 'identifier') return index.words.has(named.name);
  return index.lowerText.includes(named.name.toLowerCase());
}

/** The words of a source text: what an identifier in the document is looked up among. */
export function wordsOf(text: string): string[] {
  return text.match(/[A-Za-z_$][\w$]*/g) ?? [];
}
