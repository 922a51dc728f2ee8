/**
 * `npm run lint`'s check that one module's code never reads another module's tables
 * (docs/decisions/043). Scans src/server/modules/<m>/**\/*.ts (tests aside) for the tables its Kysely
 * calls and `sql` text name, compares them with db/schema/ownership.ts, checks that db/schema/<m>.ts
 * declares exactly the tables <m> owns, and exits 1 naming each line that breaks the rule.
 */

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { READABLE_BY_EVERY_MODULE, TABLE_OWNERS } from '../src/server/db/schema/ownership.ts';
import { declaredTables, ownershipViolations } from './table-ownership.ts';

/**
 * Writes to better-auth's tables from the modules that added columns to them. better-auth owns the rows;
 * these updates go through Kysely because better-auth has no API for them. Moving them behind the
 * accounts and organizations services is follow-up work named in docs/decisions/043.
 */
const identityWrites = new Set([
  'users -> user', // the profile form: name, time zone, phone, view settings (users.repository)
  'chat -> user', // granting and revoking the support role, user.platformRole (support-staff.repository)
  'organizations -> user', // an accepted invitation proves the address: emailVerified (invitations.repository)
  'organizations -> session', // switching and leaving organizations moves sessions' activeOrganizationId
]);

const root = path.resolve(import.meta.dirname, '..');
const owners: Record<string, string> = TABLE_OWNERS;
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src/server'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /^src\/server\/modules\/.+\.ts$/.test(file) && !file.endsWith('.test.ts'))
  .filter((file) => existsSync(path.join(root, file)));

const problems: string[] = [];
const rules = { owners, readableByEveryModule: READABLE_BY_EVERY_MODULE };
const tolerated = new Set(identityWrites);
const used = new Set<string>();
for (const file of files) {
  for (const hit of ownershipViolations(file, readFileSync(path.join(root, file), 'utf8'), rules)) {
    const pair = `${hit.module} -> ${hit.table}`;
    if (tolerated.has(pair)) {
      used.add(pair);
      continue;
    }
    problems.push(
      `${hit.file}:${hit.line}: ${hit.module} ${hit.writes ? 'writes' : 'reads'} ${hit.table}, which ${hit.owner} owns: call ${hit.owner}'s service`,
    );
  }
}

for (const pair of tolerated) {
  if (!used.has(pair))
    problems.push(
      `scripts/check-table-ownership.ts: '${pair}' is tolerated but no longer happens: remove it`,
    );
}

const modules = [...new Set(Object.values(owners))];
for (const module of modules) {
  if (!existsSync(path.join(root, 'src/server/modules', module)))
    problems.push(
      `db/schema/ownership.ts: ${module} owns tables but src/server/modules/${module} does not exist`,
    );
  const schemaFile = `src/server/db/schema/${module}.ts`;
  const declared = existsSync(path.join(root, schemaFile))
    ? declaredTables(readFileSync(path.join(root, schemaFile), 'utf8')).sort()
    : [];
  const owned = Object.keys(owners)
    .filter((table) => owners[table] === module)
    .sort();
  if (declared.join() !== owned.join())
    problems.push(
      `${schemaFile}: declares [${declared.join(', ')}] but ${module} owns [${owned.join(', ')}] (db/schema/ownership.ts)`,
    );
}

for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(`${problems.length} table ownership problem(s): see docs/decisions/043.`);
  process.exit(1);
}
console.log(
  `table ownership: ${files.length} module files, ${Object.keys(owners).length} tables in ${modules.length} modules, each read only by its owner`,
);
