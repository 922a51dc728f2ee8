import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import { startTestSimulator, type TestClock, testClock } from '../../../aws-sim/testing/test-simulator.ts';
import type { RecommendationListView } from '../../../contracts/recommendation-list.ts';
import { alertDigestJob } from '../../jobs/alert-digest.job.ts';
import { sendJob } from '../../jobs/job-definition.ts';
import { mailedInvitations } from '../../testing/invitation-fixtures.ts';
import { waitUntil } from '../../testing/launch-event-fixtures.ts';
import { type CaughtMail, type MailCatcher, startMailCatcher } from '../../testing/mail-catcher.ts';
import {
  callAs,
  type Person,
  signUpVerified,
  startBusinessTrial,
} from '../../testing/organization-fixtures.ts';
import {
  organizationOf,
  syncSimulatedWaste,
  uploadSimulatorBill,
} from '../../testing/recommendations-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createUploadIntegration } from '../../testing/upload-fixtures.ts';
import { findingKindName } from './digest-wording.ts';

/**
 * The digest's commitments and waste, the whole path (docs/decisions/113): the simulated company's bill
 * (its Savings Plans and reservations) is uploaded and its waste synced through the real EC2 client; a
 * team owns the tag team=data; the scheduled digest job mails, through SMTP, the owner the whole
 * organization's waste with each team's part and the commitments, and the team's member only their
 * team's findings, without the one set aside.
 */
let simulator: AwsSimulator;
let clock: TestClock;
let server: TestApp;
let catcher: MailCatcher;
let people: { owner: Person; member: Person };

const digestTo = (person: Person) =>
  catcher.mails.filter((mail) => mail.to.includes(person.email) && mail.subject.includes('daily digest'));

/** The mail's text part, one paragraph a line, as a mail client shows it. */
const textOf = (mail: CaughtMail) => mail.decoded.slice(0, mail.decoded.indexOf('<!doctype html>'));

async function runDigestJob() {
  const queue = server.context.queue;
  if (!queue) throw new Error('the test app runs a queue');
  const jobId = await sendJob(queue, alertDigestJob, {});
  const job = await waitUntil(
    () => queue.getJobById(alertDigestJob.queue, jobId ?? ''),
    (found) => found?.state === 'completed' || found?.state === 'failed',
  );
  expect(job?.state).toBe('completed');
}

async function setDigest(person: Person, digest: 'daily' | 'weekly') {
  const saved = await callAs(server, person)('PUT', '/api/notification-preferences', {
    email: true,
    slack: true,
    digest,
    kinds: ['budget', 'cost-threshold', 'anomaly', 'idle-ec2'],
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

beforeAll(async () => {
  catcher = await startMailCatcher();
  clock = testClock();
  ({ simulator } = await startTestSimulator({ clock }));
  server = await createTestApp({ clock, queue: true, env: { SMTP_URL: catcher.url } });
  const owner = await signUpVerified(server, 'owner@digest.example', 'Olivia Owner');
  await startBusinessTrial(server, owner);
  const organizationId = await organizationOf(server, owner.token);
  const integrationId = await createUploadIntegration(server, owner.token, 'Acme AWS');
  // This month's bill: the spend, and the Savings Plans and reservations it charges.
  await uploadSimulatorBill(server, owner.token, integrationId, simulator, '2026-11');
  await syncSimulatedWaste(server, simulator, { organizationId, integrationId }, clock.now());
  const team = await callAs(server, owner)('POST', '/api/teams', {
    name: 'Data',
    member_ids: [],
    scope: { account_ids: [], tags: [{ key: 'team', value: 'data' }] },
  });
  expect(team.statusCode, team.body).toBe(201);
  // The team's member joins by the mailed invitation, as a person does.
  const invitations = mailedInvitations(server, catcher, "Olivia's organization");
  const invited = await invitations.invite(owner, [
    { email: 'dara@digest.example', role: 'member', team_id: team.json().id },
  ]);
  expect(invited.statusCode, invited.body).toBe(201);
  const link = new URL(await invitations.invitationLink('dara@digest.example'));
  const joined = await invitations.signUpWith(
    'dara@digest.example',
    link.searchParams.get('invitation') ?? '',
  );
  expect(joined.statusCode, joined.body).toBe(200);
  const { token, user } = joined.json() as { token: string; user: { id: string } };
  people = { owner, member: { token, userId: user.id, email: 'dara@digest.example' } };
}, 180_000);
afterAll(async () => {
  await server?.close();
  await simulator?.close();
  await catcher?.close();
});

describe("the digest names each team's waste and the commitments to watch", () => {
  it("mails the owner the organization's waste with its total and each team's part, and the commitments", async () => {
    await setDigest(people.owner, 'daily');
    await setDigest(people.member, 'daily');
    await runDigestJob();
    const [mail] = digestTo(people.owner);
    expect(mail).toBeDefined();
    const text = textOf(mail as CaughtMail);
    const findings = (
      (await callAs(server, people.owner)('GET', '/api/recommendations')).json() as RecommendationListView
    ).findings;
    const total = findings.reduce((sum, item) => sum + Math.max(0, item.monthly_savings ?? 0), 0);
    const unknown = findings.filter((item) => item.monthly_savings === null).length;
    const totalText = `$${total.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(text).toContain(
      `Waste across the organization: ${findings.length} findings, ${totalText} a month${unknown > 0 ? `, and ${unknown} of unknown price` : ''}.`,
    );
    expect(text).toMatch(/By team: .*Data \$[\d,.]+ \(\d+\).*no team \$[\d,.]+ \(\d+\)\./);
    expect(text).toMatch(
      /• Unattached volume jenkins-old-data \(vol-[0-9a-f]+\): \$40\.00 a month\. Unattached for \d+ days/,
    );
    expect(text).toContain('Savings Plans and reservations:');
    expect(text).toMatch(
      /• Compute Savings Plan \S+ ends in \d+ days? \([A-Z][a-z]{2} \d{1,2}, \d{4}\): from then the same usage costs \$[\d,.]+ a month more\./,
    );
    expect(text).toMatch(
      /• RDS Reserved Instance \S+ used [\d.]+% of its commitment over its latest 7 days: \$[\d,.]+ a day unused\./,
    );
    expect(text).toMatch(
      /• EC2 Instance Savings Plan \S+ \(\$[\d,.]+ an hour\) can still be returned, until /,
    );
    expect(text).not.toContain('Live metered spend');
  }, 120_000);

  it("mails the team's member only the findings their team owns, and leaves out one set aside", async () => {
    const owned = (
      (await callAs(server, people.member)('GET', '/api/recommendations')).json() as RecommendationListView
    ).findings;
    expect(owned.length).toBeGreaterThan(1);
    expect(owned.every((item) => item.tags.team === 'data')).toBe(true);
    const setAside = owned.find((item) => item.name !== null && item.monthly_savings !== null);
    const kept = owned.filter((item) => item !== setAside);
    const expected = await callAs(server, people.owner)(
      'PUT',
      `/api/recommendations/items/${setAside?.id}/action`,
      { action: 'expected', reason: 'The nightly ETL needs it' },
    );
    expect(expected.statusCode, expected.body).toBe(200);
    clock.advance(24 * 3_600_000);
    await runDigestJob();
    const mails = digestTo(people.member);
    const text = textOf(mails.at(-1) as CaughtMail);
    expect(text).toContain(`Waste your team owns: ${kept.length} finding${kept.length === 1 ? '' : 's'}`);
    for (const item of kept) expect(text).toContain(item.resource_id);
    const setAsideLine = `• ${findingKindName(setAside?.kind ?? '')} ${setAside?.name} (${setAside?.resource_id})`;
    expect(text).not.toContain(setAsideLine);
    expect(text).not.toContain('jenkins-old-data');
    // Commitments belong to accounts: a team scoped by a tag holds none.
    expect(text).not.toContain('Savings Plans and reservations');
  }, 120_000);

  it('answers the same lines as a preview, and refuses a wrong period naming the field', async () => {
    const preview = await callAs(server, people.member)(
      'GET',
      '/api/notification-preferences/digest-preview?period=daily',
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().lines.join('\n')).toContain('Waste your team owns:');
    const refused = await callAs(server, people.member)(
      'GET',
      '/api/notification-preferences/digest-preview?period=hourly',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toContain('period');
  });
});
