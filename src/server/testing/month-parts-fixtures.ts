import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { CUR_SAMPLE } from './raw-billing-samples.ts';
import type { TestApp } from './test-app.ts';

export interface NamedBytes {
  name: string;
  bytes: Buffer;
}

/** November 2023 of the CUR sample in three gzip parts of similar size, each with the header, its days interleaved. */
export function curSampleInParts(): [NamedBytes, NamedBytes, NamedBytes] {
  const [header = '', ...lines] = fs.readFileSync(CUR_SAMPLE, 'utf8').trimEnd().split('\n');
  const part = (index: number) => ({
    name: `report-${index + 1}.csv.gz`,
    bytes: gzipSync(`${[header, ...lines.filter((_, line) => line % 3 === index)].join('\n')}\n`),
  });
  return [part(0), part(1), part(2)];
}

/** The month as the dashboard reads it: each day, service and account, unblended and amortized. */
export async function storedMonth(server: TestApp, integrationId: string) {
  const rows = await sql<{
    day: string;
    service: string;
    account: string;
    unblended: string;
    amortized: string;
  }>`
    select usage_date::text as day, service_code as service, usage_account_id as account,
      sum(unblended_cost)::text as unblended, sum(amortized_cost)::text as amortized
    from cost_daily_facts where integration_id = ${integrationId}
    group by 1, 2, 3 order by 1, 2, 3`.execute(server.context.database.db);
  return rows.rows;
}
