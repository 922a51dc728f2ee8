/**
 * The rule "one module's code never reads another module's tables" (docs/decisions/043): finds the
 * tables a source file names in Kysely calls and in `sql` text, and compares them with their owners.
 */

export interface TableReference {
  table: string;
  line: number;
  /** A write is an insert, update or delete; everything else reads. */
  writes: boolean;
}

export interface OwnershipViolation extends TableReference {
  file: string;
  module: string;
  owner: string;
}

/** Kysely builder calls whose first argument names a table (or an array of them). */
const TABLE_CALL =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|mergeInto|replaceInto)\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g;
const WRITING_CALLS = new Set(['insertInto', 'updateTable', 'deleteFrom', 'mergeInto', 'replaceInto']);
/** `sql.table('x')` and `sql.ref('x.column')`. */
const SQL_HELPER = /\bsql\.(?:table|ref|id)\(\s*'([^']*)'/g;
/** The text of tagged `sql` templates (no nested template literals inside, which our SQL never has). */
const SQL_TEMPLATE = /\bsql(?:<[^`]*?>)?`((?:[^`\\]|\\.)*)`/g;
/** In SQL text: the word after FROM, JOIN, INTO, UPDATE, TABLE, possibly quoted or schema-qualified. */
const SQL_TABLE_WORD =
  /\b(delete\s+from|from|join|into|update|table)\s+(?:"?public"?\.)?"?([A-Za-z_][A-Za-z0-9_]*)"?/gi;
/** A string literal naming a column of a table: 'cost_daily_facts.usage_date'. */
const QUALIFIED_COLUMN = /'([A-Za-z_][A-Za-z0-9_]*)\.[A-Za-z_][A-Za-z0-9_]*'/g;
/** A string literal that is only a table name with an underscore, e.g. chosen by a ternary before a call. */
const BARE_TABLE_LITERAL = /'([a-z][a-z0-9]*_[a-z0-9_]+)'/g;

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Blanks comments (keeping line breaks) so prose about a table is not a reference to it. */
function withoutComments(text: string): string {
  const blank = (comment: string) => comment.replace(/[^\n]/g, ' ');
  return text
    .replace(/\/\*[\s\S]*?\*\//g, blank)
    .replace(
      /(^|[^:'"`\\])\/\/[^\n]*/g,
      (match, before: string) => before + blank(match.slice(before.length)),
    );
}

/** The tables in `known` that `text` (TypeScript source) reads or writes, with the line of each mention. */
export function tableReferences(text: string, known: ReadonlySet<string>): TableReference[] {
  const source = withoutComments(text);
  const found: TableReference[] = [];
  const add = (name: string | undefined, index: number, writes = false) => {
    const table = name
      ?.trim()
      .split(/\s+as\s+/i)[0]
      ?.split('.')[0];
    if (table && known.has(table)) found.push({ table, line: lineAt(source, index), writes });
  };
  for (const match of source.matchAll(TABLE_CALL)) {
    const writes = WRITING_CALLS.has(match[1] ?? '');
    for (const literal of match[2]?.matchAll(/['"]([^'"]+)['"]/g) ?? []) add(literal[1], match.index, writes);
  }
  for (const match of source.matchAll(SQL_HELPER)) add(match[1], match.index);
  for (const match of source.matchAll(SQL_TEMPLATE)) {
    const body = match[1] ?? '';
    for (const word of body.matchAll(SQL_TABLE_WORD)) {
      const keyword = word[1]?.toLowerCase() ?? '';
      add(word[2], match.index + 4 + word.index, keyword !== 'from' && keyword !== 'join');
    }
  }
  for (const match of source.matchAll(QUALIFIED_COLUMN)) add(match[1], match.index);
  for (const match of source.matchAll(BARE_TABLE_LITERAL)) add(match[1], match.index);
  const seen = new Set<string>();
  const key = (reference: TableReference) => `${reference.table}:${reference.line}:${reference.writes}`;
  return found
    .filter((reference) => !seen.has(key(reference)) && seen.add(key(reference)))
    .sort((a, b) => a.line - b.line || a.table.localeCompare(b.table));
}

/** The module a file under src/server/modules belongs to, or undefined for any other file. */
export function moduleOf(file: string): string | undefined {
  return /^src\/server\/modules\/([^/]+)\//.exec(file)?.[1];
}

export interface OwnershipRules {
  /** table -> the module that owns it */
  owners: Readonly<Record<string, string>>;
  /** Tables any module may read (never write). */
  readableByEveryModule?: ReadonlySet<string>;
  /** `<module> -> <table>` pairs tolerated for now, each with its reason where the set is built. */
  allowed?: ReadonlySet<string>;
}

/** Every mention in `file` of a table another module owns that the rules do not let it make. */
export function ownershipViolations(file: string, text: string, rules: OwnershipRules): OwnershipViolation[] {
  const module = moduleOf(file);
  if (!module) return [];
  const { owners, readableByEveryModule = new Set(), allowed = new Set() } = rules;
  return tableReferences(text, new Set(Object.keys(owners)))
    .map((reference) => ({ ...reference, file, module, owner: owners[reference.table] ?? '' }))
    .filter(
      ({ owner, table, writes }) =>
        owner !== module &&
        !(readableByEveryModule.has(table) && !writes) &&
        !allowed.has(`${module} -> ${table}`),
    );
}

/** The table names declared in a schema file's `export interface <Name>Tables { ... }` block. */
export function declaredTables(schemaText: string): string[] {
  const block = /export interface \w+Tables \{([\s\S]*?)\n\}/.exec(schemaText)?.[1] ?? '';
  return [...block.matchAll(/^\s{2}([A-Za-z_][A-Za-z0-9_]*)\s*:/gm)].map((match) => match[1] ?? '');
}
