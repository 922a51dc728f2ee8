import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { type Cur2TestLineItem, writeCur2TestFile } from './billing-files/cur2-test-files.ts';
import type { DailyCostFactPart } from './billing-files/index.ts';
import { openBillingFile } from './billing-files/index.ts';
import { discardStagedFacts, FACT_FILE_OPTIONS, stageFactPart, stageFacts } from './cost-facts.repository.ts';

/**
 * Text a CSV or COPY could mangle, and text the stored fact cleans (a control character, a value past
 * 1,024 code units), each on an instance's hours so the fact keeps its resource.
 */
const resourceIds = [
  'i-plain',
  '',
  'i-tab\there',
  'i-new\nline\r',
  'i-back\\slash"quote,comma\'',
  'i-\\N',
  'a'.repeat(1024),
  'b'.repeat(1025),
  'é'.repeat(600),
  `i-${'😀'.repeat(600)}`,
  'i-control\u0001character',
  'i-del\u007f',
];
const tagSets: Array<Record<string, string>> = [
  {},
  { user_team: 'checkout' },
  { team: 'café ☕', env: 'prod' },
  { team: 'a"b\\c' },
  { team: 'tab\there' },
  { team: 'x\u0002y' },
  { team: 'v'.repeat(1500) },
  { team: '😀'.repeat(513) },
];

const pad = (day: number) => String(day).padStart(2, '0');

function lineItems(): Cur2TestLineItem[] {
  const items: Cur2TestLineItem[] = [];
  for (let day = 1; day <= 5; day += 1) {
    for (const [index, resourceId] of resourceIds.entries()) {
      items.push({
        type: 'Usage',
        usageType: index % 2 === 0 ? 'BoxUsage:m5.large' : 'BoxUsage:odd\ttype',
        start: `2026-10-${pad(day)} 0${index % 10}:00:00`,
        unblended: `${day}.${index}00000000001`,
        resourceId,
        tags: tagSets[(index + day) % tagSets.length],
      });
    }
  }
  return items;
}

let server: TestApp;
let directory: string;
let file: string;

beforeAll(async () => {
  server = await createTestApp();
  directory = mkdtempSync(path.join(os.tmpdir(), 'fact-files-'));
  file = path.join(directory, 'junk-text.parquet');
  await writeCur2TestFile(file, lineItems(), 'parquet');
});
afterAll(async () => {
  rmSync(directory, { recursive: true, force: true });
  await server.close();
});

/** Every staged fact of a run as text, in one order: what the swap will read. */
async function stagedOf(runId: string): Promise<string[]> {
  const rows = await sql<Record<string, unknown>>`select billing_period::text, usage_date::text, provider,
      billing_account_id, usage_account_id, usage_account_name, service_code, service_name, region, usage_type,
      charge_type, resource_id, tags::text, currency, unblended_cost::text, amortized_cost::text,
      net_cost::text, usage_quantity::text, line_items::text
    from cost_fact_staging where run_id = ${runId}`.execute(server.context.database.db);
  return rows.rows.map((row) => JSON.stringify(row)).sort();
}

describe('facts handed to the database as files DuckDB writes', () => {
  it.each([3, 50_000])('stages the same facts as objects do, %i facts a file', async (factsPerFile) => {
    const { db } = server.context.database;
    const asObjects = randomUUID();
    const asFiles = randomUUID();
    const opened = await openBillingFile(file, { grain: 'stored' });
    const parts: DailyCostFactPart[] = [];
    try {
      for await (const facts of opened.dailyCostFacts()) await stageFacts(db, asObjects, facts);
      for await (const part of opened.dailyCostFactParts({ ...FACT_FILE_OPTIONS(asFiles), factsPerFile })) {
        parts.push(part);
        await stageFactPart(db, asFiles, part);
        if (part.kind === 'file') expect(existsSync(part.path)).toBe(false);
      }
    } finally {
      opened.close();
    }
    const expected = await stagedOf(asObjects);
    expect(expected).toHaveLength(opened.summary.facts);
    expect(await stagedOf(asFiles)).toEqual(expected);
    // Both ways were taken: facts whose text is stored as it came in files no larger than asked, the
    // rest (this file's junk) as objects cleaned in JavaScript.
    const files = parts.flatMap((part) => (part.kind === 'file' ? [part.facts] : []));
    const objects = parts.flatMap((part) => (part.kind === 'facts' ? part.facts : []));
    expect(files.length).toBeGreaterThan(0);
    expect(Math.max(...files)).toBeLessThanOrEqual(factsPerFile);
    expect(objects.length).toBeGreaterThan(0);
    expect(objects.some((fact) => fact.resourceId === 'i-plain' && Object.keys(fact.tags).length === 0)).toBe(
      false,
    );
    await discardStagedFacts(db, asObjects);
    await discardStagedFacts(db, asFiles);
  });
});
