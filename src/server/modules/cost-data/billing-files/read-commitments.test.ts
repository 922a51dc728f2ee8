import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEligibleUsage } from '../../../../domain/commitment-eligibility.ts';
import {
  COMMITMENT_BILL,
  PAYER,
  RESERVATION,
  SAVINGS_PLAN,
  TAGGED_COMMITMENT_BILL,
  WORKLOADS,
} from './commitment-test-bill.ts';
import { writeCur2TestFile } from './cur2-test-files.ts';
import type { BillCommitments } from './daily-cost-fact.ts';
import { openBillingFile } from './read-daily-cost-facts.ts';

/** One CSV line's cells, quotes honoured (the sample's tags are quoted JSON with commas). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (char === '"' && quoted && line[index + 1] === '"') {
      cell += '"';
      index += 1;
    } else if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

/** Sums of raw line items, to the micro-dollar, independent of the reader's SQL. */
function sumOf(
  predicate: (item: (typeof COMMITMENT_BILL)[number]) => boolean,
  field: (item: (typeof COMMITMENT_BILL)[number]) => string | undefined,
) {
  return COMMITMENT_BILL.filter(predicate).reduce((sum, item) => sum + Number(field(item) ?? 0), 0);
}
const total = (values: Array<{ value: string | null }>) =>
  values.reduce((sum, { value }) => sum + Number(value ?? 0), 0);

describe.each(['parquet', 'csv.gz'] as const)('the commitments of a CUR 2.0 bill as %s', (container) => {
  let directory: string;
  let read: BillCommitments;

  beforeAll(async () => {
    directory = mkdtempSync(path.join(os.tmpdir(), 'commitments-'));
    const file = path.join(directory, 'export-part-00001');
    await writeCur2TestFile(file, COMMITMENT_BILL, container);
    const opened = await openBillingFile(file, { grain: 'stored' });
    try {
      read = await opened.commitments();
    } finally {
      opened.close();
    }
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('lists each Savings Plan and reservation with its type, term, payment option, commitment and dates', () => {
    expect(read.commitments).toEqual([
      {
        billingPeriod: '2026-10-01',
        commitmentId: RESERVATION,
        kind: 'reservation',
        offering: 'AmazonRDS',
        ownerAccountId: PAYER,
        region: 'us-east-1',
        instanceFamily: '',
        term: '1yr',
        paymentOption: 'Partial Upfront',
        hourlyCommitment: null,
        reservedCount: expect.stringMatching(/^2(\.0+)?$/),
        startsAt: '2026-01-15T00:00:00.000Z',
        endsAt: '2026-12-20T00:00:00.000Z',
        periodUnusedCommitment: expect.any(String),
      },
      {
        billingPeriod: '2026-10-01',
        commitmentId: SAVINGS_PLAN,
        kind: 'savings-plan',
        offering: 'ComputeSavingsPlans',
        ownerAccountId: PAYER,
        region: 'us-east-1',
        instanceFamily: '',
        term: '1yr',
        paymentOption: 'No Upfront',
        hourlyCommitment: expect.stringMatching(/^2(\.0+)?$/),
        reservedCount: null,
        startsAt: '2026-03-01T00:00:00.000Z',
        endsAt: '2027-03-01T00:00:00.000Z',
        periodUnusedCommitment: expect.stringMatching(/^0(\.0+)?$/),
      },
    ]);
  });

  it("sums a Savings Plan's total, used and on-demand equivalent as its line items do", () => {
    const days = read.days.filter((day) => day.commitmentId === SAVINGS_PLAN);
    const fees = (item: (typeof COMMITMENT_BILL)[number]) => item.type === 'SavingsPlanRecurringFee';
    expect(total(days.map((day) => ({ value: day.totalCommitment })))).toBeCloseTo(
      sumOf(fees, (item) => item.savingsPlanTotalCommitmentToDate),
      6,
    );
    expect(total(days.map((day) => ({ value: day.usedCommitment })))).toBeCloseTo(
      sumOf(fees, (item) => item.savingsPlanUsedCommitment),
      6,
    );
    expect(total(days.map((day) => ({ value: day.coveredOnDemandCost })))).toBeCloseTo(
      sumOf(
        (item) => item.type === 'SavingsPlanCoveredUsage',
        (item) => item.unblended,
      ),
      6,
    );
    // The fee is the payer's; the covered usage the workload account's.
    expect(new Set(days.map((day) => day.usageAccountId))).toEqual(new Set([PAYER, WORKLOADS]));
  });

  it("keeps a reservation's used fee per day and its unused fee once for the month", () => {
    const days = read.days.filter((day) => day.commitmentId === RESERVATION);
    expect(days.map((day) => day.usageDate)).toEqual(['2026-10-05', '2026-10-06']);
    expect(total(days.map((day) => ({ value: day.usedCommitment })))).toBeCloseTo(
      sumOf(
        (item) => item.type === 'DiscountedUsage',
        (item) => item.reservationEffectiveCost,
      ),
      6,
    );
    expect(total(days.map((day) => ({ value: day.coveredOnDemandCost })))).toBeCloseTo(
      sumOf(
        (item) => item.type === 'DiscountedUsage',
        (item) => item.publicOnDemandCost,
      ),
      6,
    );
    const unused =
      sumOf(
        (item) => item.type === 'RIFee',
        (item) => item.reservationUnusedAmortizedUpfrontFee,
      ) +
      sumOf(
        (item) => item.type === 'RIFee',
        (item) => item.reservationUnusedRecurringFee,
      );
    expect(Number(read.commitments[0]?.periodUnusedCommitment)).toBeCloseTo(unused, 6);
  });

  it('counts as uncovered only the on-demand usage a commitment could have paid for', () => {
    for (const kind of ['savings-plan', 'reservation'] as const) {
      const uncovered = read.days.filter((day) => day.kind === kind && day.commitmentId === '');
      const eligible = (item: (typeof COMMITMENT_BILL)[number]) =>
        isEligibleUsage(kind, item.productCode ?? 'AmazonEC2', item.usageType) &&
        (item.type === 'Usage' || (kind === 'reservation' && item.type === 'SavingsPlanCoveredUsage'));
      expect(total(uncovered.map((day) => ({ value: day.uncoveredOnDemandCost })))).toBeCloseTo(
        sumOf(eligible, (item) => item.unblended),
        6,
      );
      expect(total(uncovered.map((day) => ({ value: day.uncoveredHours })))).toBeCloseTo(
        sumOf(eligible, (item) => item.usageAmount ?? '1'),
        6,
      );
    }
  });
});

describe('a bill without commitment columns', () => {
  it('holds no commitments and raises no error (FOCUS without CommitmentDiscount columns)', async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'commitments-focus-'));
    try {
      const file = path.join(directory, 'focus.csv');
      const { writeFileSync } = await import('node:fs');
      writeFileSync(
        file,
        'BillingPeriodStart,ChargePeriodStart,BilledCost,EffectiveCost,ChargeCategory,ServiceName,SubAccountId,BillingAccountId,ProviderName,BillingCurrency,ListCost\n' +
          '2026-10-01T00:00:00Z,2026-10-05T00:00:00Z,1.5,1.5,Usage,Amazon EC2,123,999,AWS,USD,1.5\n',
      );
      const opened = await openBillingFile(file);
      try {
        expect(await opened.commitments()).toEqual({
          commitments: [],
          days: [],
          tagDays: [],
          tagDaysLeftOut: 0,
          notes: [],
        });
      } finally {
        opened.close();
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe("the FOCUS sample's commitment columns", () => {
  it('lists each Savings Plan its used lines name, with their list cost as the On-Demand equivalent', async () => {
    const file = path.resolve('test/fixtures/focus_sample.csv');
    const opened = await openBillingFile(file);
    let read: BillCommitments;
    try {
      read = await opened.commitments();
    } finally {
      opened.close();
    }
    const { readFileSync } = await import('node:fs');
    const [header, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
    const columns = csvCells(header ?? '');
    const at = (name: string) => columns.indexOf(name);
    const used = lines.map(csvCells).filter((cells) => cells[at('CommitmentDiscountStatus')] === 'Used');
    expect(read.commitments.map((commitment) => commitment.commitmentId).sort()).toEqual(
      [...new Set(used.map((cells) => cells[at('CommitmentDiscountId')]))].sort(),
    );
    expect(read.commitments.every((commitment) => commitment.kind === 'savings-plan')).toBe(true);
    const listCost = used.reduce((sum, cells) => sum + Number(cells[at('ListCost')]), 0);
    const covered = read.days
      .filter((day) => day.commitmentId !== '')
      .reduce((sum, day) => sum + Number(day.coveredOnDemandCost ?? 0), 0);
    expect(covered).toBeCloseTo(listCost, 9);
  });
});

describe.each(['parquet', 'csv.gz'] as const)(
  'the commitments of a tagged CUR 2.0 bill as %s',
  (container) => {
    let directory: string;
    let file: string;
    let read: BillCommitments;
    type Item = (typeof TAGGED_COMMITMENT_BILL)[number];
    const sum = (where: (item: Item) => boolean, field: (item: Item) => string | undefined) =>
      TAGGED_COMMITMENT_BILL.filter(where).reduce((total, item) => total + Number(field(item) ?? 0), 0);
    const teamOf = (item: Item) => item.tags?.team ?? item.tags?.['user:team'];
    const usage = (item: Item) => item.type !== 'SavingsPlanRecurringFee' && item.type !== 'RIFee';
    const readWith = async (options: { maxCommitmentTagDays?: number } = {}) => {
      const opened = await openBillingFile(file, { grain: 'stored', ...options });
      try {
        return await opened.commitments();
      } finally {
        opened.close();
      }
    };

    beforeAll(async () => {
      directory = mkdtempSync(path.join(os.tmpdir(), 'commitments-tagged-'));
      file = path.join(directory, 'export-part-00001');
      await writeCur2TestFile(file, TAGGED_COMMITMENT_BILL, container);
      read = await readWith();
    });
    afterAll(() => rmSync(directory, { recursive: true, force: true }));

    it('keeps the usage under each commitment per cleaned tag set, and no fee', () => {
      expect([...new Set(read.tagDays.map((day) => day.tags))].sort()).toEqual([
        '{"team":"data"}',
        '{"team":"web"}',
      ]);
      const ofTeam = (team: string, commitmentId: string) =>
        read.tagDays.filter((day) => day.tags === `{"team":"${team}"}` && day.commitmentId === commitmentId);
      const covered = (team: string, type: string) =>
        sum(
          (item) => item.type === type && teamOf(item) === team,
          (item) => item.unblended,
        );
      expect(
        total(ofTeam('web', SAVINGS_PLAN).map((day) => ({ value: day.coveredOnDemandCost }))),
      ).toBeCloseTo(covered('web', 'SavingsPlanCoveredUsage'), 9);
      expect(
        total(ofTeam('data', SAVINGS_PLAN).map((day) => ({ value: day.coveredOnDemandCost }))),
      ).toBeCloseTo(covered('data', 'SavingsPlanCoveredUsage'), 9);
      // The plan's fees carry team=web: none of their commitment reaches a tag set.
      expect(total(read.tagDays.map((day) => ({ value: day.totalCommitment })))).toBeCloseTo(
        sum(
          (item) => item.type === 'DiscountedUsage' && teamOf(item) !== undefined,
          (i) => i.reservationEffectiveCost,
        ),
        9,
      );
      const reserved = ofTeam('web', RESERVATION);
      expect(reserved.map((day) => [day.usageDate, day.usageAccountId, day.coveredHours])).toEqual([
        ['2026-10-06', WORKLOADS, '24.000000000000'],
      ]);
    });

    it('keeps the tagged usage no commitment paid for, and leaves untagged usage to the account days', () => {
      const uncovered = (kind: string) =>
        total(
          read.tagDays
            .filter((day) => day.commitmentId === '' && day.kind === kind)
            .map((day) => ({ value: day.uncoveredOnDemandCost })),
        );
      const tagged = (item: Item) => usage(item) && teamOf(item) !== undefined;
      expect(uncovered('savings-plan')).toBeCloseTo(
        sum(
          (item) =>
            tagged(item) &&
            item.type === 'Usage' &&
            isEligibleUsage('savings-plan', item.productCode ?? 'AmazonEC2', item.usageType),
          (item) => item.unblended,
        ),
        9,
      );
      // The untagged RDS hours are eligible for a reservation: in the account days, in no tag set.
      const accountDays = total(
        read.days
          .filter((day) => day.commitmentId === '' && day.kind === 'reservation')
          .map((day) => ({ value: day.uncoveredHours })),
      );
      const tagDays = total(
        read.tagDays
          .filter((day) => day.commitmentId === '' && day.kind === 'reservation')
          .map((day) => ({ value: day.uncoveredHours })),
      );
      expect(accountDays - tagDays).toBeCloseTo(20, 9);
    });

    it('keeps no tag set past its bound, and says so', async () => {
      const bounded = await readWith({ maxCommitmentTagDays: 2 });
      expect(bounded.tagDays).toEqual([]);
      expect(bounded.tagDaysLeftOut).toBe(read.tagDays.length);
      expect(read.tagDaysLeftOut).toBe(0);
      expect(bounded.days).toEqual(read.days);
      expect(bounded.notes).toEqual([
        expect.stringContaining(
          `groups of a day, account and tag set, more than the 2 kept for teams scoped by tag pairs`,
        ),
      ]);
      expect(bounded.notes[0]).toMatch(/COMMITMENT_TAG_DAYS_MAX raises the bound\.$/);
      expect(read.notes).toEqual([]);
    });
  },
);
