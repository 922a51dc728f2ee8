/**
 * `node --import tsx bench/meter-accuracy.ts [hours=72]` (docs/decisions/112, 125): the usage meter
 * against the bill, per service, over the simulator's hours (TEST_DATABASE=postgres for PostgreSQL).
 *
 * - The simulated company's three accounts are connected as three integrations of one organization,
 *   every service metered at the default settings (METER_INTERVAL_SECONDS=300, five-minute periods),
 *   on the simulator's clock from the tests' start (2026-11-22 07:55 UTC). The first read goes back
 *   26 hours, as after a connection; then the clock moves an hour at a time for `hours` hours with a
 *   read after each (every service due), reading CloudWatch through the real SDK.
 * - The bill then covers those hours: the simulator's CUR 2.0 export, regenerated up to the clock,
 *   is discovered and downloaded through the real S3 SDK and ingested into each integration as a sync
 *   ingests it; one more read of each integration compares the meter with the bill for the days the
 *   bill covers (`usage_meter_accuracy`, one row per region, charge and day).
 * - Printed per service over the days the meter read whole (the first, partly read day is left out):
 *   metered $, billed $, the error, and the reason wherever it is beyond 10%; then per service and day.
 *
 * Everything it starts (the simulator, the app and its database) is stopped in its `finally`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simulatorClients } from '../src/aws-sim/simulator-clients.ts';
import { startTestSimulator, TEST_CLOCK_START } from '../src/aws-sim/testing/test-simulator.ts';
import {
  accuracyByService,
  METER_ERROR_TOLERANCE,
  meterErrorOf,
  meterErrorReason,
  SERVICE_LABELS,
} from '../src/domain/meter-accuracy.ts';
import type { MeteredService } from '../src/domain/usage-prices.ts';
import { simulatorAccess } from '../src/server/aws-simulator-access.ts';
import { createCostDataService } from '../src/server/modules/cost-data/cost-data.service.ts';
import {
  discoverExportPeriods,
  downloadObject,
} from '../src/server/modules/integrations/aws/billing-export-discovery.ts';
import { accuracyOfOrganization } from '../src/server/modules/usage-meter/meter-accuracy.repository.ts';
import { serviceOfCharge } from '../src/server/modules/usage-meter/metered-services.ts';
import { createUsageMeterService } from '../src/server/modules/usage-meter/usage-meter.service.ts';
import {
  connectSimulatedAccount,
  integrationsModuleOf,
  viewerOf,
} from '../src/server/testing/launch-event-fixtures.ts';
import { signUpVerified } from '../src/server/testing/organization-fixtures.ts';
import { createTestApp, type TestApp } from '../src/server/testing/test-app.ts';

const HOURS = Number(process.argv[2] ?? process.env.HOURS ?? 48);
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A first read goes back this far (the meter's catch-up, docs/decisions/091). */
const FIRST_READ_BACK_MS = 26 * HOUR_MS;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const usd = (amount: number) => `$${amount.toFixed(2)}`;
const percent = (error: number | null) =>
  error === null ? 'n/a' : `${error >= 0 ? '+' : ''}${(error * 100).toFixed(1)}%`;

if (!Number.isInteger(HOURS) || HOURS < 24) {
  console.error('hours must be a whole number of at least 24 (a day the meter reads whole).');
  process.exit(2);
}

const { simulator, clock } = await startTestSimulator();
let server: TestApp | undefined;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'meter-accuracy-bench-'));
try {
  server = await createTestApp({
    clock,
    aws: { ...simulatorAccess(simulator), demo: undefined },
    env: { API_RATE_LIMIT_PER_MINUTE: '1000000', USAGE_METER: 'on' },
  });
  const db = server.context.database.db;
  const costData = createCostDataService(db);
  const meter = createUsageMeterService({
    context: server.context,
    integrations: integrationsModuleOf(server),
    costData,
  });
  const owner = await signUpVerified(server, 'owner@meter-accuracy.bench', 'Olivia Owner');
  const { organizationId } = await viewerOf(server, owner);
  const integrations: Array<{ name: string; integrationId: string }> = [];
  for (const account of simulator.company.accounts)
    integrations.push({
      name: account.name,
      ...(await connectSimulatedAccount(server, owner, simulator, {
        name: account.name,
        roleArn: account.demoRoleArn,
      })),
    });

  const startedMs = clock.now().getTime();
  const readStartedAt = performance.now();
  for (const integration of integrations) await meter.meterIntegration(integration.integrationId);
  for (let hour = 0; hour < HOURS; hour++) {
    clock.advance(HOUR_MS);
    for (const integration of integrations) await meter.meterIntegration(integration.integrationId);
  }
  const readSeconds = (performance.now() - readStartedAt) / 1000;

  // The bill up to the clock: the export's months that hold the metered hours, as a sync reads them.
  const { company } = simulator;
  const location = {
    bucket: company.bucket,
    prefix: `${company.prefix}/${company.exportName}`,
    region: company.region,
  };
  const { s3 } = simulatorClients(simulator);
  const firstMonth = isoDay(startedMs - FIRST_READ_BACK_MS).slice(0, 7);
  const periods = (await discoverExportPeriods(s3, location)).filter(
    (period) => period.period.slice(0, 7) >= firstMonth,
  );
  const ingestStartedAt = performance.now();
  for (const period of periods) {
    const files = [];
    for (const key of period.keys)
      files.push({
        path: await downloadObject(s3, location.bucket, key, scratch),
        label: `s3://${location.bucket}/${key}`,
      });
    for (const integration of integrations) {
      const run = await costData.createRun({
        organizationId,
        integrationId: integration.integrationId,
        trigger: 'sync',
        files: files.map((file) => file.path),
      });
      const outcome = await costData.ingest(run, files, { whenShrinking: 'restated-by-aws' });
      if (outcome.run.state !== 'succeeded')
        throw new Error(`ingesting ${period.period}: ${outcome.run.error?.message ?? outcome.run.state}`);
    }
  }
  const ingestSeconds = (performance.now() - ingestStartedAt) / 1000;
  for (const integration of integrations) await meter.meterIntegration(integration.integrationId);

  // Days the meter read whole: from the first midnight after its first read's start.
  const firstWholeDay = isoDay(Math.ceil((startedMs - FIRST_READ_BACK_MS) / DAY_MS) * DAY_MS);
  const checks = [...(await accuracyOfOrganization(db, organizationId, firstWholeDay)).values()].flat();
  const days = [...new Set(checks.map((row) => row.day))].sort();
  console.log(
    `Simulator clock ${clock.now().toISOString().slice(0, 16)} UTC: ${HOURS} hours read hourly after a first read 26 hours back ` +
      `(${integrations.length} accounts, ${readSeconds.toFixed(0)} s of reads); bill ingested (${periods.map((period) => period.period.slice(0, 7)).join(', ')}, ${ingestSeconds.toFixed(0)} s).`,
  );
  console.log(`Days compared, each read whole by the meter and covered by the bill: ${days.join(', ')}`);
  console.log('\nPer service over those days:');
  const byService = new Map<MeteredService, { metered: number; billed: number }>();
  for (const row of checks) {
    const service = serviceOfCharge(row.charge);
    const sum = byService.get(service) ?? { metered: 0, billed: 0 };
    sum.metered += row.meteredUsd;
    sum.billed += row.billedUsd;
    byService.set(service, sum);
  }
  const table = [...byService].sort(([a], [b]) => a.localeCompare(b));
  for (const [service, sum] of table) {
    const error = meterErrorOf(sum.metered, sum.billed);
    const within = error !== null && Math.abs(error) <= METER_ERROR_TOLERANCE;
    const reason = within
      ? ''
      : `  beyond 10%: ${meterErrorReason(service, error) ?? 'no reason the data can name'}`;
    console.log(
      `  ${SERVICE_LABELS[service].padEnd(24)} metered ${usd(sum.metered).padStart(10)}  billed ${usd(sum.billed).padStart(10)}  error ${percent(error).padStart(7)}${reason}`,
    );
  }
  const metered = new Set(table.map(([service]) => service));
  const unread = (Object.keys(SERVICE_LABELS) as MeteredService[]).filter((service) => !metered.has(service));
  if (unread.length > 0)
    console.log(
      `  Not compared (no usage metered on those days): ${unread.map((service) => SERVICE_LABELS[service]).join(', ')}`,
    );
  console.log('\nPer service and day:');
  for (const check of accuracyByService(checks, serviceOfCharge, days.length))
    console.log(
      `  ${SERVICE_LABELS[check.service].padEnd(24)} ${check.day}  metered ${usd(check.meteredUsd).padStart(9)}  billed ${usd(check.billedUsd).padStart(9)}  ${percent(check.error).padStart(7)}${check.reason ? `  (${check.reason})` : ''}`,
    );
  console.log(`\nStarted at the tests' clock ${TEST_CLOCK_START.toISOString().slice(0, 16)} UTC.`);
} finally {
  await server?.close();
  await simulator.close();
  fs.rmSync(scratch, { recursive: true, force: true });
}
