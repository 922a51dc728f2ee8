import { describe, expect, it } from 'vitest';
import { declaredTables, ownershipViolations, tableReferences } from './table-ownership.ts';

const known = new Set(['budgets', 'cost_daily_facts', 'cost_daily_rollups', 'user', 'team', 'teamMember']);
const tables = (text: string) => tableReferences(text, known).map((reference) => reference.table);
const owners = {
  budgets: 'alerts',
  cost_daily_facts: 'cost-data',
  cost_daily_rollups: 'cost-data',
  user: 'accounts',
  team: 'organizations',
  teamMember: 'organizations',
};

describe('the tables a source file names', () => {
  it('finds Kysely reads, writes and joins, with aliases and their lines', () => {
    const source = [
      "db.selectFrom('budgets as b')",
      "  .innerJoin('cost_daily_facts as f', 'f.organization_id', 'b.organization_id')",
      "  .leftJoin('user', 'user.id', 'b.created_by');",
      "db.insertInto('teamMember').values(row);",
      "db.deleteFrom('team').where('id', '=', id);",
    ].join('\n');
    expect(tableReferences(source, known)).toEqual([
      { table: 'budgets', line: 1, writes: false },
      { table: 'cost_daily_facts', line: 2, writes: false },
      { table: 'user', line: 3, writes: false },
      { table: 'teamMember', line: 4, writes: true },
      { table: 'team', line: 5, writes: true },
    ]);
  });

  it('finds tables in sql text, quoted or not, after FROM, JOIN, INTO and UPDATE', () => {
    const source = [
      'await sql`select sum(net_cost) from cost_daily_rollups r',
      '  join "teamMember" tm on tm."userId" = r.user_id`.execute(db);',
      'await sql`update budgets set name = $1`.execute(db);',
      'await sql`delete from team where id = $1`.execute(db);',
    ].join('\n');
    expect(tableReferences(source, known)).toEqual([
      { table: 'cost_daily_rollups', line: 1, writes: false },
      { table: 'teamMember', line: 2, writes: false },
      { table: 'budgets', line: 3, writes: true },
      { table: 'team', line: 4, writes: true },
    ]);
  });

  it('finds a table chosen before the call and a column named with its table', () => {
    expect(tables("const from = monthly ? 'cost_daily_rollups' : 'cost_daily_facts';")).toEqual([
      'cost_daily_facts',
      'cost_daily_rollups',
    ]);
    expect(tables(".select(['user.email', sql.ref('team.name')])")).toEqual(['team', 'user']);
  });

  it('ignores prose: comments, messages and words that only look like tables', () => {
    expect(tables('// sums cost_daily_facts from budgets\n/* join team */ const x = 1;')).toEqual([]);
    expect(tables("throw new ApiError(404, 'NotFound', 'Remove the person from team first.');")).toEqual([]);
    expect(tables('sql`extract(day from usage_date)`')).toEqual([]);
    expect(tables("const role = 'member'; const kind = 'user';")).toEqual([]);
  });
});

describe('one module never reads another module’s tables', () => {
  const alertsFile = 'src/server/modules/alerts/alerts.repository.ts';
  const source = "db.selectFrom('budgets').innerJoin('cost_daily_facts as f', 'f.id', 'budgets.id')";

  it('names the line, the table and its owner', () => {
    expect(ownershipViolations(alertsFile, source, { owners })).toEqual([
      {
        file: alertsFile,
        module: 'alerts',
        table: 'cost_daily_facts',
        owner: 'cost-data',
        line: 1,
        writes: false,
      },
    ]);
  });

  it('lets the owner use its tables and leaves files outside modules alone', () => {
    expect(
      ownershipViolations(
        'src/server/modules/cost-data/cost-facts.repository.ts',
        "db.selectFrom('cost_daily_facts')",
        {
          owners,
        },
      ),
    ).toEqual([]);
    expect(ownershipViolations('src/server/testing/billing-fixtures.ts', source, { owners })).toEqual([]);
  });

  it('tolerates the pairs allowed for now', () => {
    expect(
      ownershipViolations(alertsFile, source, { owners, allowed: new Set(['alerts -> cost_daily_facts']) }),
    ).toEqual([]);
  });

  it('lets every module read the identity tables, but only their owner write them', () => {
    const rules = { owners, readableByEveryModule: new Set(['user']) };
    const reads = "db.selectFrom('budgets').leftJoin('user', 'user.id', 'budgets.created_by')";
    expect(ownershipViolations(alertsFile, reads, rules)).toEqual([]);
    const writes = "db.updateTable('user').set({ name }).where('id', '=', id)";
    expect(ownershipViolations(alertsFile, writes, rules).map((hit) => [hit.table, hit.writes])).toEqual([
      ['user', true],
    ]);
  });
});

describe('a schema file', () => {
  it('declares the tables listed in its <Module>Tables interface', () => {
    const text = [
      'export interface BudgetsTable {',
      '  id: string;',
      '}',
      '',
      '/** The tables the alerts module owns. */',
      'export interface AlertsTables {',
      '  budgets: BudgetsTable;',
      '  alert_rules: AlertRulesTable;',
      '}',
    ].join('\n');
    expect(declaredTables(text)).toEqual(['budgets', 'alert_rules']);
  });
});
