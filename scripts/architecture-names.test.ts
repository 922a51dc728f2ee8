import { describe, expect, it } from 'vitest';
import { codeNamesIn, codeNamesOf, type SourceIndex, stillExists, wordsOf } from './architecture-names.ts';

const source = [
  'export async function runIngestion(run) {}',
  "db.selectFrom('cost_daily_facts');",
  "sendJob(queue, 'ingest-billing-files', payload); // SPENDGUARD_ROLE",
].join('\n');
const index: SourceIndex = {
  files: ['src/server/jobs/ingest-billing-files.job.ts', 'src/server/modules/cost-data/cost-data.service.ts'],
  words: new Set(wordsOf(source)),
  lowerText: source.toLowerCase(),
};

describe('the code names a backticked span holds', () => {
  it('reads paths, identifiers, calls, members and kebab-case names', () => {
    expect(codeNamesOf('jobs/ingest-billing-files.job.ts')).toEqual([
      { name: 'jobs/ingest-billing-files.job.ts', kind: 'path' },
    ]);
    expect(codeNamesOf('cost-data.service.ts')).toEqual([{ name: 'cost-data.service.ts', kind: 'path' }]);
    expect(codeNamesOf('runIngestion')).toEqual([{ name: 'runIngestion', kind: 'identifier' }]);
    expect(codeNamesOf('elapsedMs()')).toEqual([{ name: 'elapsedMs', kind: 'identifier' }]);
    expect(codeNamesOf('AppContext.clock')).toEqual([
      { name: 'AppContext', kind: 'identifier' },
      { name: 'clock', kind: 'identifier' },
    ]);
    expect(codeNamesOf('ingest-billing-files')).toEqual([{ name: 'ingest-billing-files', kind: 'kebab' }]);
  });

  it('leaves out commands, routes, placeholders and literals', () => {
    for (const span of [
      'npm run lint',
      '/api/billing-data',
      'modules/<m>',
      'cost_*_rollups',
      "'all'",
      '{Code, Message}',
      '',
    ])
      expect(codeNamesOf(span), span).toEqual([]);
  });

  it('finds every span of a document with its line, fenced blocks aside', () => {
    const markdown = [
      '# Map',
      'Runs `runIngestion` then `readAndReplace`.',
      '```',
      '`inAFence`',
      '```',
      'See `a.ts`.',
    ].join('\n');
    expect(codeNamesIn(markdown)).toEqual([
      { name: 'runIngestion', kind: 'identifier', line: 2 },
      { name: 'readAndReplace', kind: 'identifier', line: 2 },
      { name: 'a.ts', kind: 'path', line: 6 },
    ]);
  });
});

describe('whether a name is still in the code', () => {
  it('finds a file by its tail or a folder, and not a file that was renamed', () => {
    expect(stillExists({ name: 'cost-data/cost-data.service.ts', kind: 'path' }, index)).toBe(true);
    expect(stillExists({ name: 'modules/cost-data/', kind: 'path' }, index)).toBe(true);
    expect(stillExists({ name: 'integrations.service.ts', kind: 'path' }, index)).toBe(false);
    expect(stillExists({ name: 'data.service.ts', kind: 'path' }, index)).toBe(false);
  });

  it('finds an identifier only as a whole word', () => {
    expect(stillExists({ name: 'runIngestion', kind: 'identifier' }, index)).toBe(true);
    expect(stillExists({ name: 'cost_daily_facts', kind: 'identifier' }, index)).toBe(true);
    expect(stillExists({ name: 'SPENDGUARD_ROLE', kind: 'identifier' }, index)).toBe(true);
    expect(stillExists({ name: 'replaceBillingPeriods', kind: 'identifier' }, index)).toBe(false);
    expect(stillExists({ name: 'runIngest', kind: 'identifier' }, index)).toBe(false);
  });

  it('finds a kebab-case name in any case', () => {
    expect(stillExists({ name: 'Ingest-Billing-Files', kind: 'kebab' }, index)).toBe(true);
    expect(stillExists({ name: 'replace-billing-files', kind: 'kebab' }, index)).toBe(false);
  });
});
