import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';

const postgres = { DATABASE_URL: 'postgres://spendguard@db.internal:5432/spendguard' };
const secret = { BETTER_AUTH_SECRET: 'a-secret-every-node-shares-0123456789' };

describe('SPENDGUARD_ROLE', () => {
  it('is both web and worker unless set, as npm start has always run', () => {
    expect(parseConfig({}).role).toEqual({ name: 'all', servesWeb: true, runsJobs: true });
  });

  it('splits web and worker nodes on PostgreSQL with a shared secret', () => {
    expect(parseConfig({ SPENDGUARD_ROLE: 'web', ...postgres, ...secret }).role).toEqual({
      name: 'web',
      servesWeb: true,
      runsJobs: false,
    });
    expect(parseConfig({ SPENDGUARD_ROLE: 'worker', ...postgres, ...secret }).role).toEqual({
      name: 'worker',
      servesWeb: false,
      runsJobs: true,
    });
  });

  it('names the accepted values when the value is unknown', () => {
    expect(() => parseConfig({ SPENDGUARD_ROLE: 'both' })).toThrow(
      /SPENDGUARD_ROLE: use web, worker or all \(the default: both in one process\)/,
    );
  });

  it('refuses a split role on the embedded database, which one process opens', () => {
    expect(() => parseConfig({ SPENDGUARD_ROLE: 'worker', ...secret })).toThrow(
      /SPENDGUARD_ROLE=worker needs DATABASE_URL: the embedded database \(PGlite\) opens in one process only/,
    );
  });

  it('refuses a split role without the secret every node must share', () => {
    expect(() => parseConfig({ SPENDGUARD_ROLE: 'web', ...postgres })).toThrow(
      /SPENDGUARD_ROLE=web needs BETTER_AUTH_SECRET, the same on every node/,
    );
  });
});

describe('LAUNCH_EVENT_POLLERS_PER_NODE', () => {
  it('runs 50 launch-events pollers a worker node unless set (bench/README.md, launch alerts)', () => {
    expect(parseConfig({}).launchEvents.pollersPerNode).toBe(50);
    expect(parseConfig({ LAUNCH_EVENT_POLLERS_PER_NODE: '8' }).launchEvents.pollersPerNode).toBe(8);
  });

  it('names the setting when it is not a whole number from 1 to 1000', () => {
    for (const value of ['0', '2.5', 'many', '1001'])
      expect(() => parseConfig({ LAUNCH_EVENT_POLLERS_PER_NODE: value })).toThrow(
        /LAUNCH_EVENT_POLLERS_PER_NODE/,
      );
  });
});

describe('DUCKDB_MEMORY_LIMIT', () => {
  it('gives DuckDB 1GB to read a billing file unless set, and spills under DATA_DIR', () => {
    const config = parseConfig({ DATA_DIR: '/srv/spendguard' });
    expect(config.ingestion.memoryLimit).toBe('1GB');
    expect(config.ingestion.spillParent).toBe('/srv/spendguard/duckdb-spill');
    const raised = parseConfig({ DUCKDB_MEMORY_LIMIT: '4 GB', DUCKDB_TEMP_DIRECTORY: '/mnt/scratch' });
    expect(raised.ingestion.memoryLimit).toBe('4GB');
    expect(raised.ingestion.spillParent).toBe('/mnt/scratch');
  });

  it('names the setting when the amount has no unit', () => {
    for (const value of ['1024', 'lots', '-1GB'])
      expect(() => parseConfig({ DUCKDB_MEMORY_LIMIT: value })).toThrow(/DUCKDB_MEMORY_LIMIT/);
  });
});

describe('METER_SERVICE_SECONDS', () => {
  it('reads Logs every 30 minutes, Lambda, DynamoDB and EC2 egress hourly unless set (decisions 135, 136)', () => {
    expect(parseConfig({}).usageMeter.serviceSeconds).toEqual({
      lambda: 3600,
      logs: 1800,
      dynamodb: 3600,
      'ec2-egress': 3600,
    });
  });
});
