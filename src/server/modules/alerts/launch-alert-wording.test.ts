import { describe, expect, it } from 'vitest';
import { evaluateLaunchRule, type LaunchConditions } from '../../../domain/launch-alerts.ts';
import { readLaunchEvent } from '../../../domain/launch-changes.ts';
import type { Ec2PriceLookup } from '../../../domain/launch-prices.ts';
import { buildLiveLedger } from '../../../domain/live-ledger.ts';
import { liveRunRate, priceLedgerRows, projectMonthEnd } from '../../../domain/live-run-rate.ts';
import { ACCOUNT, runInstances, stateChange, WHO } from '../../../domain/testing/launch-event-fixtures.ts';
import { alertMail, alertSlackMessage, launchAlertText } from './alert-wording.ts';

const catalog: Ec2PriceLookup = (type) => ({ 'p4d.24xlarge': 32.7726 })[type];
const NOW = Date.parse('2026-11-25T09:01:00Z');

function firingOf(...input: unknown[]) {
  const last = input.at(-1) as { rise?: unknown } | undefined;
  const conditions = (
    last && 'rise' in last ? input.pop() : { single: { usdPerHour: 50 } }
  ) as LaunchConditions;
  const events = input;
  const changes = events.flatMap((event) => {
    const read = readLaunchEvent(event);
    return read.ok ? read.value.changes : [];
  });
  const running = liveRunRate(priceLedgerRows(buildLiveLedger(changes).rows, catalog), { atMs: NOW }).running;
  const [firing] = evaluateLaunchRule({
    ruleId: 'rule-1',
    conditions,
    scope: { accounts: 'all', tagsNotChecked: false },
    running,
    budgets: [],
    atMs: NOW,
    alreadyFired: new Set(),
  });
  return { firing: firing!, month: projectMonthEnd(firing!.launch.rows, { atMs: NOW }) };
}

describe('what a launch alert says', () => {
  const gpus = Array.from({ length: 8 }, (_, index) => `i-0gpu${index}`);
  const { firing, month } = firingOf(runInstances(gpus, 'p4d.24xlarge', '2026-11-25T09:00:00Z'));
  const text = launchAlertText({ name: 'A launch adds more than $50 an hour' }, firing, month);

  it('names the launch and its price an hour in the title', () => {
    expect(text.title).toBe('Launch: 8 × p4d.24xlarge in us-east-1 (+$262.18 an hour)');
  });

  it('names the launched instances with their price an hour and a day, who launched them, where and when', () => {
    expect(text.summary).toContain(
      `• 8 × p4d.24xlarge: $262.18 an hour ($32.77 each), $6,292.34 a day. Launched by ${WHO} at Nov 25, 2026, 09:00 UTC in us-east-1, account ${ACCOUNT}. Instances: ${gpus.join(', ')}.`,
    );
    expect(text.summary.match(/^• /gm)).toHaveLength(1);
    expect(text.summary).toContain('more than the $50.00 of the rule "A launch adds more than $50 an hour"');
  });

  it('says what it does to the month and that prices are on-demand', () => {
    expect(text.summary).toContain(`If they keep running, they add ${'$'}`);
    expect(month.projectedUsd).toBeGreaterThan(262 * 24 * 5);
    expect(text.summary).toContain('on-demand list prices');
  });

  it('lists a resource without a price as "price unknown" and who launched it as unknown without a trail', () => {
    const rise = { rise: { windowHours: 6, usdPerHour: 50 } };
    const mixed = firingOf(
      stateChange('i-notrail', 'running', '2026-11-25T08:59:00Z'),
      runInstances(gpus.slice(0, 2), 'p4d.24xlarge', '2026-11-25T09:00:00Z'),
      rise,
    );
    const said = launchAlertText({ name: 'Launches' }, mixed.firing, mixed.month).summary;
    expect(said).toContain(
      '• i-notrail (type not in the event) × 1: price unknown (The event does not name the instance type). Launched by unknown (no CloudTrail trail)',
    );
    expect(said).toContain('1 of them has no known price ("price unknown" above) and is not in these sums');
    expect(said).toContain('Launches within 6 h up to this one raise the hourly run-rate by $65.55');
  });

  it('makes each line a paragraph of the mail and keeps the acknowledge link in mail and Slack', () => {
    const mail = alertMail({
      to: 'ops@example.com',
      alert: { kind: 'launch', ...text },
      acknowledgeUrl: 'https://spendguard.example/threshold-confirmation/token',
      unsubscribePageUrl: 'https://spendguard.example/unsubscribe/u',
      unsubscribeApiUrl: 'https://spendguard.example/api/alert-links/unsubscribe/u',
      messageId: '<alert-1@spendguard>',
      notificationsUrl: 'https://spendguard.example/notification',
    });
    expect(mail.html.match(/<p[^>]*>• 8 × p4d\.24xlarge/g)).toHaveLength(1);
    expect(mail.html.match(/i-0gpu\d/g)).toHaveLength(8);
    expect(mail.text).toContain(
      'Acknowledge this launch: https://spendguard.example/threshold-confirmation/token',
    );
    const slack = alertSlackMessage({ kind: 'launch', ...text }, 'https://ack', 'https://open');
    expect(JSON.stringify(slack.blocks)).toContain('Acknowledge this launch');
  });
});
