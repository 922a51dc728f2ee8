import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import { simulatorClients } from '../../../aws-sim/simulator-clients.ts';
import { dataKey, downloadObject, scratchDirectory } from '../../../aws-sim/testing/download-parquet.ts';
import { startTestSimulator, type TestClock } from '../../../aws-sim/testing/test-simulator.ts';
import { commitmentTypeLabel } from '../../../domain/commitment-eligibility.ts';
import { daysUntilEnd, returnWindowClosesAt } from '../../../domain/commitment-terms.ts';
import { utilizationOf } from '../../../domain/commitment-utilization.ts';
import { type BillCommitments, openBillingFile } from '../cost-data/billing-files/index.ts';

/** The simulated company's bill holds the commitments the demo shows: one ending, one under-used, one returnable. */
describe("the simulated company's commitments, read from its CUR 2.0 export", () => {
  let simulator: AwsSimulator;
  let clock: TestClock;
  let scratch: string;
  let bill: BillCommitments;

  beforeAll(async () => {
    ({ simulator, clock } = await startTestSimulator());
    scratch = await scratchDirectory();
    const { bucket, prefix, exportName } = simulator.company;
    const period = clock.now().toISOString().slice(0, 7);
    const file = await downloadObject(
      simulatorClients(simulator).s3,
      bucket,
      dataKey(prefix, exportName, period),
      scratch,
    );
    const opened = await openBillingFile(file, { grain: 'stored' });
    try {
      bill = await opened.commitments();
    } finally {
      opened.close();
    }
  });
  afterAll(async () => {
    await simulator.close();
    await rm(scratch, { recursive: true, force: true });
  });

  const byType = (type: string) => {
    const found = bill.commitments.find(
      (commitment) => commitmentTypeLabel(commitment.kind, commitment.offering) === type,
    );
    if (!found) throw new Error(`no ${type} in the bill`);
    return found;
  };
  const utilization = (id: string) => {
    const days = bill.days.filter((day) => day.commitmentId === id);
    const unused = bill.commitments
      .filter((commitment) => commitment.commitmentId === id)
      .reduce((sum, commitment) => sum + Number(commitment.periodUnusedCommitment), 0);
    return utilizationOf({
      totalCommitment: days.reduce((sum, day) => sum + Number(day.totalCommitment), 0) + unused,
      usedCommitment: days.reduce((sum, day) => sum + Number(day.usedCommitment), 0),
      onDemandEquivalent: null,
    });
  };

  it('holds a Compute Savings Plan that ends within 60 days', () => {
    const plan = byType('Compute Savings Plan');
    const left = daysUntilEnd(plan.endsAt, clock.now());
    expect(left).not.toBeNull();
    expect(left!).toBeGreaterThanOrEqual(0);
    expect(left!).toBeLessThanOrEqual(60);
    expect(plan).toMatchObject({ term: '3yr', paymentOption: 'No Upfront' });
  });

  it('holds an RDS reservation of three, one of them unused: under-used', () => {
    const reservation = byType('RDS Reserved Instance');
    expect(Number(reservation.reservedCount)).toBe(3);
    const figures = utilization(reservation.commitmentId);
    expect(figures.utilizationPercent).not.toBeNull();
    expect(figures.utilizationPercent!).toBeLessThan(80);
    expect(figures.unusedCommitment).toBeGreaterThan(0);
  });

  it('holds an EC2 Instance Savings Plan bought days ago, still returnable', () => {
    const plan = byType('EC2 Instance Savings Plan');
    const closes = returnWindowClosesAt('savings-plan', plan, Number(plan.hourlyCommitment), clock.now());
    expect(closes).not.toBeNull();
    expect(utilization(plan.commitmentId).utilizationPercent).toBe(0);
  });

  it('says what the covered usage costs On-Demand for every commitment that covers any', () => {
    const covered = bill.days.filter((day) => day.commitmentId !== '' && Number(day.coveredHours) > 0);
    expect(covered.length).toBeGreaterThan(0);
    expect(covered.every((day) => day.coveredOnDemandCost !== null)).toBe(true);
  });
});
