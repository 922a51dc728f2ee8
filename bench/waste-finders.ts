/**
 * The waste finders over a generated account (decisions 101 and 108): 10,000 volumes, 5,000 snapshots,
 * 500 Elastic IPs, 50 NAT gateways and 200 load balancers planted in one account and region of the AWS
 * simulator (the most one account pages), and
 * the same spread over the company's three accounts and three regions. Times each pass of
 * `collectWasteInventory` through the real EC2 client and counts the calls each finder made.
 *
 *   node --import tsx bench/waste-finders.ts
 */
import { performance } from 'node:perf_hooks';
import { generatedServices } from '../src/aws-sim/testing/generated-services.ts';
import { generatedWaste } from '../src/aws-sim/testing/generated-waste.ts';
import { assumeRole, startTestSimulator } from '../src/aws-sim/testing/test-simulator.ts';
import { simulatorAccess } from '../src/server/aws-simulator-access.ts';
import { collectWasteInventory } from '../src/server/modules/integrations/aws/waste-inventory-collector.ts';

const { simulator, clock } = await startTestSimulator();
const REGIONS = ['us-east-1', 'us-west-2', 'eu-west-1'];
try {
  const access = simulatorAccess(simulator);
  const plant = (
    accountId: string,
    region: string,
    counts: Parameters<typeof generatedWaste>[2],
    seed: number,
  ) => {
    const extra = generatedWaste(accountId, region, counts, clock.now().getTime(), seed);
    simulator.waste.volumes.push(...extra.volumes);
    simulator.waste.snapshots.push(...extra.snapshots);
    simulator.waste.addresses.push(...extra.addresses);
  };
  const management = simulator.company.accounts[0]!;
  plant(management.id, 'us-east-1', { volumes: 10_000, snapshots: 5_000, addresses: 500 }, 1);
  const services = generatedServices(
    management.id,
    'us-east-1',
    { natGateways: 50, loadBalancers: 200 },
    clock.now().getTime(),
  );
  simulator.services.natGateways.push(...services.natGateways);
  simulator.services.loadBalancers.push(...services.loadBalancers);
  for (const [passName, regions] of [
    ['one account, one region', ['us-east-1']],
    ['one account, three regions', REGIONS],
  ] as const) {
    const started = performance.now();
    const outcomes = await collectWasteInventory(access, undefined, regions, clock.now());
    const ms = performance.now() - started;
    const found = outcomes
      .map((o) => `${o.finder} ${o.resources?.length ?? 0} in ${o.calls} calls`)
      .join(', ');
    console.log(`${passName}: ${ms.toFixed(0)} ms; ${found}`);
  }
  // The company's three accounts, each with a third of the load in each of its three regions.
  let seed = 2;
  for (const account of simulator.company.accounts.slice(1))
    for (const region of REGIONS)
      plant(account.id, region, { volumes: 1_111, snapshots: 555, addresses: 55 }, seed++);
  const started = performance.now();
  let calls = 0;
  let resources = 0;
  for (const account of simulator.company.accounts) {
    const credentials = await assumeRole(simulator, account.demoRoleArn, simulator.company.demoExternalId);
    const outcomes = await collectWasteInventory(access, credentials, REGIONS, clock.now());
    calls += outcomes.reduce((sum, outcome) => sum + outcome.calls, 0);
    resources += outcomes.reduce((sum, outcome) => sum + (outcome.resources?.length ?? 0), 0);
  }
  console.log(
    `three accounts x three regions: ${(performance.now() - started).toFixed(0)} ms; ${resources} resources in ${calls} describe calls`,
  );
} finally {
  await simulator.close();
}
