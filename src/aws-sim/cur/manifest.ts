import { CUR_EXPORT, MANAGEMENT_ACCOUNT_ID } from '../company/company-profile.ts';
import { hexFor } from '../company/seeded-random.ts';
import { CUR_COLUMNS } from './cur-columns.ts';

export const EXPORT_ARN = `arn:aws:bcm-data-exports:us-east-1:${MANAGEMENT_ACCOUNT_ID}:export/${CUR_EXPORT.exportName}-${hexFor('export', 8)}-${hexFor('export-id', 4)}`;

const QUERY_STATEMENT = `SELECT ${CUR_COLUMNS.map(([name]) => name).join(', ')} FROM COST_AND_USAGE_REPORT`;

function manifestColumnType(type: string): string {
  if (type.startsWith('MAP')) return 'map<string,string>';
  if (type.startsWith('DECIMAL')) return type.toLowerCase();
  if (type === 'DOUBLE') return 'double';
  return type === 'TIMESTAMP' ? 'timestamp' : 'string';
}

export interface ManifestInput {
  period: string;
  periodStart: number;
  periodEnd: number;
  dataKeys: string[];
  deliveredAt: number;
}

/**
 * The Manifest.json Data Exports writes next to each partition: the export definition, the billing
 * period, every column, and the data files to ingest (readers should trust this list, not a listing).
 */
export function buildManifest(input: ManifestInput): string {
  const manifest = {
    version: '1.0',
    exportArn: EXPORT_ARN,
    exportName: CUR_EXPORT.exportName,
    executionId: `${new Date(input.deliveredAt).toISOString()}-${hexFor(`execution:${input.deliveredAt}`, 8)}`,
    queryStatement: QUERY_STATEMENT,
    tableConfigurations: {
      COST_AND_USAGE_REPORT: {
        TIME_GRANULARITY: 'DAILY',
        INCLUDE_RESOURCES: 'TRUE',
        INCLUDE_SPLIT_COST_ALLOCATION_DATA: 'FALSE',
        INCLUDE_MANUAL_DISCOUNT_COMPATIBILITY: 'FALSE',
      },
    },
    bucket: CUR_EXPORT.bucket,
    prefix: CUR_EXPORT.prefix,
    billingPeriod: {
      start: new Date(input.periodStart).toISOString(),
      end: new Date(input.periodEnd).toISOString(),
    },
    deliveryTime: new Date(input.deliveredAt).toISOString(),
    fileFormat: 'PARQUET',
    compression: 'PARQUET',
    columns: CUR_COLUMNS.map(([name, type]) => ({ name, type: manifestColumnType(type) })),
    dataFiles: input.dataKeys.map((key) => `s3://${CUR_EXPORT.bucket}/${key}`),
  };
  return JSON.stringify(manifest, null, 2);
}
