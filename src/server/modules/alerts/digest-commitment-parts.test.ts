import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamScope } from '../../../contracts/teams.ts';
import { eachDay } from '../../../domain/calendar-days.ts';
import { callAs, type Person } from '../../testing/organization-fixtures.ts';
import { type OrganizationWorld, startOrganizationWorld } from '../../testing/organization-world.ts';
import { billWithSavingsPlan, ENDING_PLAN, PLAN_BILL_ACCOUNTS } from '../../testing/savings-plan-bill.ts';
import { fixedClock } from '../../testing/test-clock.ts';
import { uploadsAs } from '../../testing/upload-fixtures.ts';
import { writeCur2TestFile } from '../cost-data/billing-files/cur2-test-files.ts';

const { payer: PAYER, workloads: WORKLOADS, data: DATA } = PLAN_BILL_ACCOUNTS;
const ENDING_LINE = new RegExp(
  `• Compute Savings Plan ${ENDING_PLAN.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?<billed> \\(billed to account \\d+\\))? ends in 7 days \\(Nov 20, 2026\\): from then (?<usage>the same usage|the part of its usage in your scope) costs \\$(?<extra>[\\d,.]+) a month more\\.`,
);

/**
 * The payer's Savings Plan pays for $60 a day of the Workloads account's usage and $30 of the Data
 * account's, whose lines carry team=data, and ends on November 20 (decision 139). The digest of a member
 * of the Workloads team, which owns no commitment, names that end with the team's part of what it adds;
 * so does a team of the tag pair alone (decision 142).
 */
describe("a team's digest names the end of a commitment billed elsewhere that pays for its usage", () => {
  let { server, owner, member } = {} as OrganizationWorld;
  let directory: string;
  let teamId: string;

  const endingLineOf = async (who: Person) => {
    const preview = await callAs(server, who)(
      'GET',
      '/api/notification-preferences/digest-preview?period=daily',
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const lines = (preview.json() as { lines: string[] }).lines.join('\n');
    return { lines, match: ENDING_LINE.exec(lines)?.groups };
  };

  beforeAll(async () => {
    ({ server, owner, member } = await startOrganizationWorld({
      trials: ['owner'],
      app: { clock: fixedClock('2026-11-12T12:00:00Z') },
    }));
    directory = mkdtempSync(path.join(os.tmpdir(), 'digest-commitment-parts-'));
    const file = path.join(directory, 'bill.parquet');
    await writeCur2TestFile(
      file,
      billWithSavingsPlan(eachDay('2026-11-01', '2026-11-11'), '2026-11-20T00:00:00.000Z').map((item) =>
        item.usageAccountId === DATA ? { ...item, tags: { team: 'data' } } : item,
      ),
      'parquet',
    );
    const uploads = uploadsAs(server, owner.token);
    const id = await uploads.createUploadIntegration('Bill');
    const card = await uploads.uploadAndReadCard(id, 'bill.parquet', readFileSync(file));
    expect(card.latest_run?.state).toBe('succeeded');
    const scope: TeamScope = { account_ids: [WORKLOADS], tags: [] };
    const team = await callAs(server, owner)('POST', '/api/teams', {
      name: 'Workloads',
      member_ids: [member.userId],
      scope,
    });
    expect(team.statusCode, team.body).toBe(201);
    teamId = (team.json() as { id: string }).id;
  });
  afterAll(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('gives the team its share of the extra, naming the account the plan is billed to', async () => {
    const whole = await endingLineOf(owner);
    expect(whole.match?.billed).toBeUndefined();
    expect(whole.match?.usage).toBe('the same usage');
    const part = await endingLineOf(member);
    expect(part.match?.billed).toBe(` (billed to account ${PAYER})`);
    expect(part.match?.usage).toBe('the part of its usage in your scope');
    const dollars = (text?: string) => Number(text?.replaceAll(',', ''));
    // The Workloads account holds $60 of the $90 a day the plan pays for.
    expect(dollars(part.match?.extra)).toBeCloseTo((dollars(whole.match?.extra) * 60) / 90, 1);
    // The plan is named once, as the team's part, never also as the team's own.
    expect(part.lines.split(ENDING_PLAN)).toHaveLength(2);
  });

  it("gives a team of a tag pair the part of the plan's usage that carries it", async () => {
    const scope: TeamScope = { account_ids: [], tags: [{ key: 'team', value: 'data' }] };
    const patched = await callAs(server, owner)('PATCH', `/api/teams/${teamId}`, { scope });
    expect(patched.statusCode, patched.body).toBe(200);
    const whole = await endingLineOf(owner);
    const part = await endingLineOf(member);
    expect(part.match?.billed).toBe(` (billed to account ${PAYER})`);
    const dollars = (text?: string) => Number(text?.replaceAll(',', ''));
    // The Data account's tagged usage holds $30 of the $90 a day the plan pays for.
    expect(dollars(part.match?.extra)).toBeCloseTo((dollars(whole.match?.extra) * 30) / 90, 1);
  });
});
