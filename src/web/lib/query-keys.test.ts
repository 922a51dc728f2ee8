import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys.ts';

function invalidatedBy(broad: readonly unknown[], narrow: readonly unknown[]): boolean {
  const client = new QueryClient();
  client.setQueryData(narrow, 'cached');
  void client.invalidateQueries({ queryKey: broad, refetchType: 'none' });
  return client.getQueryState(narrow)?.isInvalidated ?? false;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('query keys', () => {
  it('refreshes the dashboard picker when an integration changes: both screens read one integrations list', () => {
    expect(invalidatedBy(queryKeys.integrations.all, queryKeys.integrations.list)).toBe(true);
    expect(
      invalidatedBy(queryKeys.integrations.all, queryKeys.integrations.setupKit({ withExport: true })),
    ).toBe(true);
  });

  it('refreshes every filtered findings list and every finding when one finding is acted on', () => {
    expect(invalidatedBy(queryKeys.ec2Findings.all, queryKeys.ec2Findings.list({ sort: 'cost' }))).toBe(true);
    expect(invalidatedBy(queryKeys.ec2Findings.all, queryKeys.ec2Findings.detail('i-1'))).toBe(true);
  });

  it('does not refresh the organization when only the session changes', () => {
    expect(invalidatedBy(queryKeys.session, queryKeys.organization)).toBe(false);
  });

  it('is the only place in the web client that spells a key', () => {
    const spelled = sourceFiles(join(import.meta.dirname, '..'))
      .filter((path) => !path.endsWith('query-keys.ts'))
      .filter((path) => /queryKey: \[|QueryData\(\[/.test(readFileSync(path, 'utf8')));
    expect(spelled).toEqual([]);
  });
});
