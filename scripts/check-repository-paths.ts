/**
 * `npm run lint`'s check that nothing in the repository reads outside it. Scans every tracked code and
 * configuration file and exits 1 naming each path that climbs out (see repository-paths.ts).
 */

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { escapingPaths } from './repository-paths.ts';

const root = path.resolve(import.meta.dirname, '..');
const CODE = /\.(ts|tsx|js|mjs|cjs|json|sh|ya?ml|html)$|^\.ci\/run$/;
/** The check itself and its test hold escaping paths on purpose. */
const SELF = new Set(['scripts/repository-paths.ts', 'scripts/repository-paths.test.ts']);
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => CODE.test(file) && file !== 'package-lock.json' && !SELF.has(file));

const found = files.flatMap((file) => {
  try {
    return escapingPaths(root, file, readFileSync(path.join(root, file), 'utf8'));
  } catch {
    return []; // listed but deleted in the work tree
  }
});
for (const hit of found)
  console.error(`${hit.file}:${hit.line}: '${hit.literal}' leads outside the repository`);
if (found.length > 0) {
  console.error(`${found.length} path(s) climb out of the repository: bring what they read into it.`);
  process.exit(1);
}
console.log(`repository paths: ${files.length} files, none reads outside the repository`);
