/**
 * `npm run lint`'s architecture check: every code name docs/architecture.md puts in backticks (a file,
 * an identifier, a table, a queue) still exists in the repository, so the map a newcomer reads cannot
 * drift from the code. Exits 1 naming each name that is gone. The rule: scripts/architecture-names.ts.
 */

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { codeNamesIn, type SourceIndex, stillExists, wordsOf } from './architecture-names.ts';

const DOCUMENT = 'docs/architecture.md';

const root = path.resolve(import.meta.dirname, '..');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file !== '' && existsSync(path.join(root, file)));
const sourceTexts = files
  .filter((file) => file.startsWith('src/') && /\.(ts|tsx|css)$/.test(file))
  .map((file) => readFileSync(path.join(root, file), 'utf8'));
const index: SourceIndex = {
  files,
  words: new Set(sourceTexts.flatMap(wordsOf)),
  lowerText: sourceTexts.join('\n').toLowerCase(),
};

const names = codeNamesIn(readFileSync(path.join(root, DOCUMENT), 'utf8'));
const problems = names
  .filter((named) => !stillExists(named, index))
  .map((named) => `${DOCUMENT}:${named.line}: \`${named.name}\` (${named.kind}) is not in the code any more`);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(
    `\n${problems.length} name(s) in ${DOCUMENT} no longer in the code: rename or remove them there`,
  );
  process.exit(1);
}
console.log(
  `architecture names: ${names.length} code names in ${DOCUMENT}, each found in the code (${new Set(names.map((named) => named.name)).size} distinct)`,
);
