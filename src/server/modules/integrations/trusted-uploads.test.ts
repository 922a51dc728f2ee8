import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, isoDayOfInstant, monthStart } from '../../../domain/calendar-days.ts';
import { bearer, multipartFile, signUpVerifiedPerson } from '../../testing/accounts-fixtures.ts';
import {
  CUR_SAMPLE,
  FOCUS_SAMPLE,
  ONE_MICRO_DOLLAR,
  parseCsv,
  picoUnits,
  sumBy,
} from '../../testing/raw-billing-samples.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fixedClock } from '../../testing/test-clock.ts';

/**
 * Uploads a person can trust: what the product accepts or refuses is said where the person
 * looks, and a file that would shrink a month is held for confirmation.
 */
let server: TestApp;
let people = 0;
// The day the file reads on, for the server too: a run that crosses midnight keeps one today.
const startedAt = new Date();

beforeAll(async () => {
  server = await createTestApp({ clock: fixedClock(startedAt.toISOString()) });
});
afterAll(() => server.close());

/** A person with their own organization and one upload integration; `business` starts the trial. */
async function personWithUploads(options: { business?: boolean } = {}) {
  people += 1;
  const { token } = await signUpVerifiedPerson(server, { email: `uploader${people}@example.com` });
  const headers = bearer(token);
  if (options.business) await server.app.inject({ method: 'POST', url: '/api/billing/trial', headers });
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/integrations',
    headers,
    payload: { kind: 'upload', name: 'Uploads' },
  });
  expect(created.statusCode).toBe(201);
  const integrationId: string = created.json().id;
  return {
    headers,
    integrationId,
    upload(fileName: string, bytes: Buffer) {
      const { payload, headers: multipart } = multipartFile('file', fileName, bytes);
      return server.app.inject({
        method: 'POST',
        url: `/api/integrations/${integrationId}/files`,
        headers: { ...headers, ...multipart },
        payload,
      });
    },
    async status() {
      return (await server.app.inject({ url: `/api/integrations/${integrationId}/status`, headers })).json();
    },
    decide(runId: string, action: 'confirm' | 'discard', as = headers) {
      return server.app.inject({
        method: 'POST',
        url: `/api/integrations/${integrationId}/runs/${runId}/${action}`,
        headers: as,
      });
    },
    async monthTotal(period: string) {
      const result = await sql<{ total: string | null }>`
        select sum(unblended_cost)::text as total from cost_monthly_rollups
        where integration_id = ${integrationId} and billing_period = ${period}::date`.execute(
        server.context.database.db,
      );
      return Number(result.rows[0]?.total ?? 0);
    },
  };
}

const FOCUS_TEXT = fs.readFileSync(FOCUS_SAMPLE, 'utf8');
/** The FOCUS sample cut exactly at a line end: a well-formed file that holds a quarter of the month. */
const FOCUS_CUT = (() => {
  const lines = FOCUS_TEXT.split('\n');
  return `${lines.slice(0, Math.ceil(lines.length / 4)).join('\n')}\n`;
})();
/** September 2024's BilledCost in a FOCUS text, added up without DuckDB. */
const septemberCost = (csv: string) =>
  parseCsv(csv)
    .filter((row) => row.BillingPeriodStart!.startsWith('2024-09'))
    .reduce((sum, row) => sum + Number(row.BilledCost), 0);

const CUR_HEADER =
  'lineItem/UsageAccountId,lineItem/LineItemType,lineItem/UsageStartDate,lineItem/ProductCode,lineItem/UnblendedCost';
/** A small legacy CUR with one line item a day, on the given days. */
const curFile = (days: string[], cost = '10') =>
  Buffer.from(
    [CUR_HEADER, ...days.map((day) => `111122223333,Usage,${day}T05:00:00Z,AmazonEC2,${cost}`)].join('\n'),
  );

async function heldFilePaths(runId: string): Promise<string[]> {
  const row = await server.context.database.db
    .selectFrom('ingestion_runs')
    .select('held')
    .where('id', '=', runId)
    .executeTakeFirstOrThrow();
  return ((row.held as { files: Array<{ path: string }> } | null)?.files ?? []).map((file) => file.path);
}

describe('an upload that would lower a month by more than half', () => {
  it('is held: the current numbers stay, the file is kept, and the card names the month', async () => {
    const person = await personWithUploads();
    expect((await person.upload('focus.csv', Buffer.from(FOCUS_TEXT))).json().state).toBe('succeeded');
    const before = await person.monthTotal('2024-09-01');
    expect(before).toBeCloseTo(septemberCost(FOCUS_TEXT), 6);

    const held = await person.upload('focus-cut.csv', Buffer.from(FOCUS_CUT));
    expect(held.statusCode).toBe(202);
    const run = held.json();
    expect(run.state).toBe('held');
    const september = run.held_months.find((month: { period: string }) => month.period === '2024-09-01');
    expect(september.current_usd).toBeCloseTo(before, 6);
    expect(september.new_usd).toBeCloseTo(septemberCost(FOCUS_CUT), 6);
    expect(run.warnings.join(' ')).toMatch(
      /Held: this file would lower the September 2024 bill from \$[\d,.]+ to \$[\d,.]+\./,
    );
    expect(await person.monthTotal('2024-09-01')).toBe(before);
    const [file] = await heldFilePaths(run.id);
    expect(fs.existsSync(file!)).toBe(true);

    const view = await person.status();
    expect(view).toMatchObject({
      state: 'ready',
      last_error: null,
      latest_run: { id: run.id, state: 'held' },
    });
    expect(view.last_good_run.state).toBe('succeeded');
  });

  it('replaces the month when the person confirms, and removes the file', async () => {
    const person = await personWithUploads();
    await person.upload('focus.csv', Buffer.from(FOCUS_TEXT));
    const run = (await person.upload('focus-cut.csv', Buffer.from(FOCUS_CUT))).json();
    const [file] = await heldFilePaths(run.id);

    const confirmed = await person.decide(run.id, 'confirm');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: run.id, state: 'succeeded', held_months: null });
    expect(confirmed.json().warnings.join(' ')).toMatch(/Replaced on confirmation: the September 2024 bill/);
    expect(await person.monthTotal('2024-09-01')).toBeCloseTo(septemberCost(FOCUS_CUT), 6);
    expect(fs.existsSync(file!)).toBe(false);
    expect((await person.status()).last_good_run.id).toBe(run.id);

    const again = await person.decide(run.id, 'confirm');
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toMatch(/^runId: this upload is succeeded/);
  });

  it('keeps the current numbers when the person discards it, and removes the file', async () => {
    const person = await personWithUploads();
    await person.upload('focus.csv', Buffer.from(FOCUS_TEXT));
    const before = await person.monthTotal('2024-09-01');
    const run = (await person.upload('focus-cut.csv', Buffer.from(FOCUS_CUT))).json();
    const [file] = await heldFilePaths(run.id);

    const discarded = await person.decide(run.id, 'discard');
    expect(discarded.statusCode).toBe(200);
    expect(discarded.json().state).toBe('discarded');
    expect(await person.monthTotal('2024-09-01')).toBe(before);
    expect(fs.existsSync(file!)).toBe(false);
    expect((await person.status()).state).toBe('ready');
  });

  it('is discarded, its file removed, when a newer upload supersedes it', async () => {
    const person = await personWithUploads();
    await person.upload('focus.csv', Buffer.from(FOCUS_TEXT));
    const first = (await person.upload('focus-cut.csv', Buffer.from(FOCUS_CUT))).json();
    const [file] = await heldFilePaths(first.id);
    const second = (await person.upload('focus-cut-again.csv', Buffer.from(FOCUS_CUT))).json();
    expect(second.state).toBe('held');
    expect(fs.existsSync(file!)).toBe(false);
    expect((await person.decide(first.id, 'confirm')).statusCode).toBe(409);
    expect((await person.status()).latest_run).toMatchObject({ id: second.id, state: 'held' });
  });

  it("answers 404 for another organization's held run and 400 for a run id that is not one", async () => {
    const owner = await personWithUploads();
    await owner.upload('focus.csv', Buffer.from(FOCUS_TEXT));
    const run = (await owner.upload('focus-cut.csv', Buffer.from(FOCUS_CUT))).json();
    const intruder = await personWithUploads();
    expect((await owner.decide(run.id, 'confirm', intruder.headers)).statusCode).toBe(404);
    const elsewhere = await server.app.inject({
      method: 'POST',
      url: `/api/integrations/${intruder.integrationId}/runs/${run.id}/discard`,
      headers: intruder.headers,
    });
    expect(elsewhere.statusCode).toBe(404);
    const malformed = await owner.decide('nope', 'confirm');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().Message).toContain('runId');
    expect((await owner.status()).latest_run.state).toBe('held');
  });
});

describe('a legacy CUR whose header has one more column than its rows', () => {
  const original = fs.readFileSync(CUR_SAMPLE, 'utf8');
  const newline = original.indexOf('\n');
  const headerCount = original.slice(0, newline).split(',').length;
  // The real export's shape: one more name in the header, every row one field short (the trailing one).
  const ragged = `${original.slice(0, newline)},resourceTags/user:retired${original.slice(newline)}`;

  it('is read null-padded, its totals those of the rows, and the run says so', async () => {
    const person = await personWithUploads({ business: true });
    const run = (await person.upload('legacy-cur.csv', Buffer.from(ragged))).json();
    expect(run.error).toBeNull();
    expect(run.state).toBe('succeeded');
    expect(run.warnings).toContain(
      `legacy-cur.csv: The header names ${headerCount + 1} columns but line 2 holds ${headerCount}; rows that end early were read with their missing trailing column (resourceTags/user:retired) empty. Every cost column is present.`,
    );
    const rows = parseCsv(original);
    const expected = sumBy(
      rows,
      (row) => row['lineItem/UsageStartDate']!.slice(0, 10),
      (row) => picoUnits(row['lineItem/UnblendedCost']!),
    );
    const stored = (
      await sql<{ key: string; unblended: string }>`
        select usage_date::text as key, sum(unblended_cost)::text as unblended from cost_daily_facts
        where integration_id = ${person.integrationId} group by usage_date`.execute(
        server.context.database.db,
      )
    ).rows;
    expect(stored).toHaveLength(expected.size);
    for (const day of stored) {
      const difference = picoUnits(day.unblended) - expected.get(day.key)!;
      expect(difference < 0n ? -difference : difference, day.key).toBeLessThanOrEqual(ONE_MICRO_DOLLAR);
    }
  });

  it('still fails when a row misses a required column, naming its line', async () => {
    const person = await personWithUploads({ business: true });
    const lines = ragged.trimEnd().split('\n');
    lines[3] = lines[3]!.split(',').slice(0, 12).join(',');
    const run = (await person.upload('cut-row.csv', Buffer.from(lines.join('\n')))).json();
    expect(run).toMatchObject({ state: 'failed', error: { file: 'cut-row.csv', row: 4 } });
    expect(run.error.message).toMatch(/^Line 4 of .+ cannot be read: it ends before column /);
    expect((await person.status()).last_good_run).toBeNull();
  });
});

describe('months the plan does not show', () => {
  const today = isoDayOfInstant(startedAt);

  it('are named on the run and the integration, with what would show them', async () => {
    const person = await personWithUploads();
    const old = addMonths(monthStart(today), -5);
    const run = (await person.upload('old.csv', curFile([old, addMonths(old, 1)]))).json();
    expect(run.state).toBe('succeeded');
    const note = run.warnings.join(' ');
    expect(note).toContain("Stored but outside the Free plan's history");
    expect(note).toContain('The Business plan shows 36 months of history');
    const view = await person.status();
    expect(view.months_outside_history).toEqual({
      months: [old, addMonths(old, 1)],
      visible_from: addMonths(monthStart(today), -2),
      remedy: expect.stringContaining('The Business plan shows 36 months'),
    });

    await server.app.inject({ method: 'POST', url: '/api/billing/trial', headers: person.headers });
    expect((await person.status()).months_outside_history).toBeNull();
  });

  it('says when no plan shows them', async () => {
    const person = await personWithUploads({ business: true });
    // The public CUR sample is November 2023: older than the longest history (36 months) from today.
    const run = (await person.upload('cur.csv', fs.readFileSync(CUR_SAMPLE))).json();
    expect(run.warnings.join(' ')).toContain(
      "Stored but outside the Business monthly plan's history: November 2023",
    );
    expect(run.warnings.join(' ')).toContain('No plan shows them');
    expect((await person.status()).months_outside_history.months).toEqual(['2023-11-01']);
  });

  it('are not mentioned when every month shows', async () => {
    const person = await personWithUploads();
    const run = (await person.upload('now.csv', curFile([monthStart(today)]))).json();
    expect(run).toMatchObject({ state: 'succeeded', warnings: [] });
    expect((await person.status()).months_outside_history).toBeNull();
  });
});

describe('a failed upload', () => {
  it('leaves the integration ready with the last good numbers, and names the failure apart', async () => {
    const person = await personWithUploads();
    const good = (await person.upload('focus.csv', Buffer.from(FOCUS_TEXT))).json();
    const before = await person.status();
    const failed = (await person.upload('notes.csv', Buffer.from('name,age\nada,36\n'))).json();
    expect(failed.state).toBe('failed');
    const view = await person.status();
    expect(view).toMatchObject({
      state: 'ready',
      fresh_through: before.fresh_through,
      last_error: { file: 'notes.csv' },
      latest_run: { id: failed.id, state: 'failed' },
      last_good_run: { id: good.id, state: 'succeeded', billing_periods: good.billing_periods },
    });
  });

  it('leaves an integration that never had data in error', async () => {
    const person = await personWithUploads();
    await person.upload('notes.csv', Buffer.from('name,age\nada,36\n'));
    expect(await person.status()).toMatchObject({ state: 'error', last_good_run: null });
  });

  it('that is empty answers 400 naming the file and creates no run', async () => {
    const person = await personWithUploads();
    const failed = (await person.upload('notes.csv', Buffer.from('name,age\nada,36\n'))).json();
    const empty = await person.upload('empty.csv', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Message).toBe('file: the uploaded file is empty.');
    expect((await person.status()).latest_run.id).toBe(failed.id);
  });
});
