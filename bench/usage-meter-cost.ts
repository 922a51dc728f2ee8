/**
 * `node --import tsx bench/usage-meter-cost.ts [reads=6]` (docs/decisions/094): what the live usage
 * meter costs in the customer's AWS account a month, and one worker's CPU for it.
 *
 * - The simulated company's three accounts are connected as three integrations of one organization,
 *   with the default settings (METER_INTERVAL_SECONDS=300, Logs every 30 min, Lambda, DynamoDB and EC2
 *   egress hourly, NAT gateways and Bedrock every interval; Lambda's and Logs' account-level tripwire
 *   every interval they are not due, docs/decisions/136). One read of each stores the metrics
 *   each charge asks for; the card's `monthly_cost_usd` (GetMetricData, $0.01 per 1,000 metrics) is
 *   printed for the demo organization (the acme-prod account alone) and for the whole company.
 * - 20 accounts × 3 regions: each account-region assumed the size of acme-prod's us-east-1 (its
 *   metrics per read per service, and its tripwires), at the same cadences.
 * - CPU: `reads` steady reads of one integration (every service due: clock moved by the slowest
 *   cadence) against the in-process simulator and PGlite, `process.cpuUsage()` around them, so the
 *   figure includes the simulator's and the database's CPU (an upper bound for a worker's own).
 */
import { startTestSimulator } from '../src/aws-sim/testing/test-simulator.ts';
import { TRIPWIRE_RULES, tripwireMetricsOf } from '../src/domain/meter-tripwire.ts';
import { meterMonthlyCostUsd, tripwireReadShape } from '../src/domain/usage-meter-cost.ts';
import type { MeteredService } from '../src/domain/usage-prices.ts';
import { simulatorAccess } from '../src/server/aws-simulator-access.ts';
import { createUsageMeterService } from '../src/server/modules/usage-meter/usage-meter.service.ts';
import {
  connectSimulatedAccount,
  integrationsModuleOf,
} from '../src/server/testing/launch-event-fixtures.ts';
import { callAs, signUpVerified } from '../src/server/testing/organization-fixtures.ts';
import { createTestApp } from '../src/server/testing/test-app.ts';

const READS = Number(process.argv[2] ?? 6);

const { simulator, clock } = await startTestSimulator();
const server = await createTestApp({
  clock,
  aws: { ...simulatorAccess(simulator), demo: undefined },
  env: { API_RATE_LIMIT_PER_MINUTE: '1000000', USAGE_METER: 'on' },
});
try {
  const meter = createUsageMeterService({
    context: server.context,
    integrations: integrationsModuleOf(server),
  });
  const owner = await signUpVerified(server, 'owner@meter-cost.bench', 'Olivia Owner');
  const connected: Array<{ name: string; integrationId: string; accountId: string }> = [];
  for (const account of simulator.company.accounts)
    connected.push({
      name: account.name,
      ...(await connectSimulatedAccount(server, owner, simulator, {
        name: account.name,
        roleArn: account.demoRoleArn,
      })),
    });
  for (const integration of connected) await meter.meterIntegration(integration.integrationId);
  const view = (await callAs(server, owner)('GET', '/api/usage-meter')).json() as {
    meters: Array<{
      integration_id: string;
      monthly_cost_usd: number;
      regions: Array<{
        region: string;
        service: string;
        metrics_per_read: number;
        read_every_seconds: number;
      }>;
    }>;
  };
  console.log('Per account, default settings:');
  let companyUsd = 0;
  for (const integration of connected) {
    const card = view.meters.find((entry) => entry.integration_id === integration.integrationId)!;
    companyUsd += card.monthly_cost_usd;
    const byService = new Map<string, number>();
    for (const region of card.regions)
      byService.set(region.service, (byService.get(region.service) ?? 0) + region.metrics_per_read);
    console.log(
      `  ${integration.name.padEnd(14)} $${card.monthly_cost_usd.toFixed(2)} a month; metrics a read: ${[...byService].map(([service, count]) => `${service} ${count}`).join(', ')}`,
    );
  }
  console.log(`Whole company (3 accounts): $${companyUsd.toFixed(2)} a month`);
  const prod = view.meters.find((entry) => entry.integration_id === connected[0]!.integrationId)!;
  const usEast1 = prod.regions.filter((region) => region.region === 'us-east-1');
  const fleetReads = usEast1.map((region) => ({
    metricsPerRead: region.metrics_per_read * 60,
    readEveryMs: region.read_every_seconds * 1000,
  }));
  // One tripwire a service with resources there, each region (not each charge).
  const watched = new Map(
    usEast1
      .filter((region) => TRIPWIRE_RULES[region.service as MeteredService] && region.metrics_per_read > 0)
      .map((region) => [region.service, region.read_every_seconds * 1000]),
  );
  for (const [service, everyMs] of watched)
    fleetReads.push(tripwireReadShape(60 * tripwireMetricsOf(service as MeteredService), 300_000, everyMs)!);
  console.log(
    `20 accounts × 3 regions, each like acme-prod us-east-1 (${usEast1.reduce((sum, region) => sum + region.metrics_per_read, 0)} metrics a read): $${meterMonthlyCostUsd(fleetReads).toFixed(2)} a month`,
  );

  const integrationId = connected[0]!.integrationId;
  const before = process.cpuUsage();
  const startedAt = performance.now();
  for (let read = 0; read < READS; read++) {
    clock.advance(3_600_000);
    await meter.meterIntegration(integrationId);
  }
  const cpu = process.cpuUsage(before);
  const cpuMsPerRead = (cpu.user + cpu.system) / 1000 / READS;
  console.log(
    `CPU: ${cpuMsPerRead.toFixed(0)} ms a read of acme-prod with every service due (${((performance.now() - startedAt) / READS).toFixed(0)} ms wall), simulator and PGlite included`,
  );
  console.log(
    `100 integrations read every 300 s: ${(((100 * cpuMsPerRead) / 300_000) * 100).toFixed(1)}% of one core at most (every service due on every read)`,
  );
} finally {
  await server.close();
  await simulator.close();
}
