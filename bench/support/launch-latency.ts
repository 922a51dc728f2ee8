/**
 * bench/launch-alerts.ts, part 1 (issue 17): from a launch's enqueue to its alert mail accepted by a real
 * SMTP server on loopback and its Slack post accepted by a local receiver, through the real app: pg-boss
 * workers, the launch-events poller long-polling the simulator's SQS with the real SDK (20 s waits,
 * batches of 10), the store, the launch rule evaluated on the fresh changes, the delivery jobs.
 *
 *   node --import tsx bench/support/launch-latency.ts [runs=50]     (TEST_DATABASE=postgres for PostgreSQL)
 *
 * t0: the moment `simulator.launchGpuBurst` returned. It runs synchronously in this process and puts the
 * burst's 17 envelopes (8 pending, 8 running, the RunInstances call) into the queue before it returns,
 * on the same clock the simulator stamps as SentTimestamp, so t0 is the enqueue time to the millisecond.
 * t1: when the SMTP server finished receiving the mail (its DATA ended), and when the receiver read the
 * Slack post's body. Launches are one after the other, each after a random pause of 0-6 s once the
 * previous alert arrived, so they land at every point of the poller's 2-minute sessions (and their
 * hand-overs from one job to the next).
 */

import { viewerOf } from '../../src/server/testing/launch-event-fixtures.ts';
import { startMailCatcher } from '../../src/server/testing/mail-catcher.ts';
import { callAs, signUpVerified } from '../../src/server/testing/organization-fixtures.ts';
import { startSlackReceiver } from '../../src/server/testing/slack-receiver.ts';
import type { TestApp } from '../../src/server/testing/test-app.ts';
import {
  connectRole,
  databaseLabel,
  loadAverage,
  sleep,
  spread,
  startBenchApp,
  startRealTimeSimulator,
} from './launch-bench-world.ts';

const RUNS = Number(process.argv[2] ?? process.env.RUNS ?? 50);
const ALERT_TIMEOUT_MS = 180_000;

/** A quoted-printable body read as text (soft line breaks undone), enough to find an instance id. */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, '');

async function main() {
  const simulator = await startRealTimeSimulator();
  let server: TestApp | undefined;
  let mail: Awaited<ReturnType<typeof startMailCatcher>> | undefined;
  let slack: Awaited<ReturnType<typeof startSlackReceiver>> | undefined;
  try {
    mail = await startMailCatcher();
    slack = await startSlackReceiver();
    const mails: Array<{ at: number; text: string }> = [];
    const posts: Array<{ at: number; text: string }> = [];
    const pushMail = mail.mails.push.bind(mail.mails);
    mail.mails.push = (...items) => {
      for (const item of items) mails.push({ at: Date.now(), text: decoded(item.raw) });
      return pushMail(...items);
    };
    const pushPost = slack.posts.push.bind(slack.posts);
    slack.posts.push = (...items) => {
      for (const item of items) posts.push({ at: Date.now(), text: JSON.stringify(item.body) });
      return pushPost(...items);
    };
    server = await startBenchApp(simulator, {
      SMTP_URL: mail.url,
      SLACK_WEBHOOK_HOSTS: `127.0.0.1:${slack.port}`,
    });
    const owner = await signUpVerified(server, 'bench@launch-alerts.test', 'Bench Owner');
    const as = callAs(server, owner);
    await as('POST', '/api/billing/trial');
    const slackAnswer = await as('PUT', '/api/slack', { webhook_url: slack.webhookUrl, channel: '#bench' });
    if (slackAnswer.statusCode >= 300) throw new Error(`PUT /api/slack: ${slackAnswer.body}`);
    const rule = await as('POST', '/api/alert-rules', {
      kind: 'launch',
      settings: { single_launch_usd_per_hour: 100 },
    });
    if (rule.statusCode !== 201) throw new Error(`POST /api/alert-rules: ${rule.body}`);
    const { company } = simulator;
    const accountId = company.demoRoleArn.split(':')[4] ?? '';
    await connectRole(server, simulator, await viewerOf(server, owner), {
      name: 'Acme Corp',
      roleArn: company.demoRoleArn,
    });

    /** One burst of 8 p4d.24xlarge (about $176 an hour, over the rule's $100): its two deliveries. */
    async function launchAndWait(index: number) {
      const burst = simulator.launchGpuBurst({ accountId, count: 8, userName: `bench.user${index}` });
      const enqueuedAt = Date.now();
      const names = (text: string) => burst.instanceIds.some((id) => text.includes(id));
      const deadline = enqueuedAt + ALERT_TIMEOUT_MS;
      for (;;) {
        const mailed = mails.find((entry) => names(entry.text));
        const posted = posts.find((entry) => names(entry.text));
        if (mailed && posted) return { mail: mailed.at - enqueuedAt, slack: posted.at - enqueuedAt };
        if (Date.now() > deadline)
          throw new Error(`launch ${index}: no ${mailed ? 'Slack post' : 'mail'} within 3 minutes`);
        await sleep(20);
      }
    }

    const warm = await launchAndWait(0); // the first receive also opens the role's session
    console.log(
      `${databaseLabel()}: warm-up launch alerted after ${(warm.mail / 1000).toFixed(2)} s (not counted); load average ${loadAverage()}`,
    );
    const mailLatencies: number[] = [];
    const slackLatencies: number[] = [];
    const started = Date.now();
    for (let index = 1; index <= RUNS; index += 1) {
      await sleep(Math.random() * 6_000);
      const measured = await launchAndWait(index);
      mailLatencies.push(measured.mail);
      slackLatencies.push(measured.slack);
      if (index % 10 === 0)
        console.log(`  ${index}/${RUNS} launches alerted (${Math.round((Date.now() - started) / 1000)} s)`);
    }
    await sleep(3_000); // anything fired twice would arrive by now
    console.log(`${databaseLabel()}, ${RUNS} launches, enqueue → accepted (load average ${loadAverage()}):`);
    console.log(`  mail (SMTP DATA received):   ${spread(mailLatencies)}`);
    console.log(`  Slack (webhook post read):   ${spread(slackLatencies)}`);
    console.log(
      `  mails ${mails.length}, Slack posts ${posts.length} for ${RUNS + 1} launches (the warm-up included; one each expected)`,
    );
  } finally {
    await server?.close();
    await mail?.close();
    await slack?.close();
    await simulator.close();
  }
}

await main();
