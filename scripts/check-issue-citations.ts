/**
 * `npm run lint`'s citation check (the rule: scripts/issue-citations.ts): no code, test or comment in
 * src, scripts or e2e cites an issue number or a spec section. Exits 1 naming each line.
 */

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { citationsIn, isCheckedForCitations } from './issue-citations.ts';

const root = path.resolve(import.meta.dirname, '..');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => isCheckedForCitations(file) && existsSync(path.join(root, file)));

const problems: string[] = [];
for (const file of files) {
  const citations = citationsIn(readFileSync(path.join(root, file), 'utf8'));
  for (const citation of citations)
    problems.push(
      `${file}:${citation.line}: cites an issue or a spec section (${citation.text}); say the rule, or link its decision record`,
    );
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(
    `\n${problems.length} citation problem(s): a reader of the repository cannot open an issue or the spec`,
  );
  process.exit(1);
}
console.log(`citations: ${files.length} files, none cites an issue number or a spec section`);
