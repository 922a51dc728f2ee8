/**
 * Finds paths in the repository's code that climb out of it: a clone must build, run and test
 * with nothing beside it. A relative path literal is resolved from the file that holds it (imports and
 * `import.meta.dirname` paths) and, where it is joined to a root (`repoRoot, '../x'`, `process.cwd(),
 * '../x'`), from the repository's root; either landing outside the repository is reported.
 */

import path from 'node:path';

export interface EscapingPath {
  file: string;
  line: number;
  literal: string;
}

/** Quoted or back-quoted text that starts with `../` or holds `/../`. */
const RELATIVE_LITERAL = /(['"`])((?:\.\.\/|[^'"`\s]*?\/\.\.\/)[^'"`\s]*)\1/g;

/** The literal is the next argument after a root: `repoRoot, `, `root, `, `process.cwd(), `. */
const ROOT_BASE = /(?:root|Root|ROOT|cwd\(\))\s*,\s*$/;

function escapes(root: string, base: string, literal: string): boolean {
  const resolved = path.resolve(base, literal.replace(/\$\{[^}]*\}/g, 'x'));
  const relative = path.relative(root, resolved);
  return relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
}

/** Every literal of one file's text that leads outside `root`; `file` is relative to `root`. */
export function escapingPaths(root: string, file: string, text: string): EscapingPath[] {
  const found: EscapingPath[] = [];
  const directory = path.dirname(path.join(root, file));
  text.split('\n').forEach((content, index) => {
    for (const match of content.matchAll(RELATIVE_LITERAL)) {
      const literal = match[2] ?? '';
      const joinedToRoot = ROOT_BASE.test(content.slice(0, match.index));
      const leaves = escapes(root, directory, literal) || (joinedToRoot && escapes(root, root, literal));
      if (leaves) found.push({ file, line: index + 1, literal });
    }
  });
  return found;
}
