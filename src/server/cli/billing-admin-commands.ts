import { parseArgs } from 'node:util';
import { formatUsd } from '../../domain/money.ts';
import { isPlanId, PLAN_IDS } from '../../domain/plans.ts';
import type { BillingService } from '../modules/billing/billing.service.ts';
import { describeOperatorPlanChange } from '../modules/billing/operator-plans.ts';

export const BILLING_ADMIN_USAGE = `Usage:
  npm run billing-admin -- set-plan <organization-slug|owner-email> <${PLAN_IDS.join('|')}> [--until YYYY-MM-DD]
  npm run billing-admin -- issue-credit <amount-usd> [--expires YYYY-MM-DD] [--uses N]`;

export class UsageError extends Error {}

/** The instant after a YYYY-MM-DD day ends in UTC: a plan "until" that day runs through it. */
export function endOfDay(day: string, flag: string, now: Date): Date {
  const start = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00Z`) : null;
  if (!start || Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== day) {
    throw new UsageError(`${flag}: give a date as YYYY-MM-DD, e.g. 2027-01-31.`);
  }
  const end = new Date(start.getTime() + 86_400_000);
  if (end.getTime() <= now.getTime()) throw new UsageError(`${flag}: ${day} is already over.`);
  return end;
}

function amountInCents(text: string | undefined): number {
  if (!text || !/^\d+(\.\d{1,2})?$/.test(text) || Number(text) <= 0) {
    throw new UsageError('amount-usd: give a positive amount in USD, e.g. 50 or 12.50.');
  }
  return Math.round(Number(text) * 100);
}

function positiveCount(text: string | undefined): number {
  if (text === undefined) return 1;
  if (!/^[1-9]\d*$/.test(text))
    throw new UsageError('--uses: give how many organizations may redeem it, e.g. 1 or 20.');
  return Number(text);
}

function parseCommandLine(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: { until: { type: 'string' }, expires: { type: 'string' }, uses: { type: 'string' } },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Runs one command; answers the lines to print. Bad arguments throw UsageError. */
export async function runBillingAdmin(argv: string[], billing: BillingService, now: Date): Promise<string[]> {
  const { positionals, values } = parseCommandLine(argv);
  const [command, first, second] = positionals;

  if (command === 'set-plan') {
    if (!first || !second)
      throw new UsageError('set-plan needs an organization (slug or owner e-mail) and a plan.');
    if (!isPlanId(second)) throw new UsageError(`plan: use one of ${PLAN_IDS.join(', ')}.`);
    const until = values.until ? endOfDay(values.until, '--until', now) : null;
    return [describeOperatorPlanChange(await billing.setPlanByOperator(first, second, until))];
  }
  if (command === 'issue-credit') {
    const amountCents = amountInCents(first);
    const expiresAt = values.expires ? endOfDay(values.expires, '--expires', now) : null;
    const maxUses = positiveCount(values.uses);
    const code = await billing.credits.issueCode({ amountCents, expiresAt, maxUses });
    const uses = maxUses === 1 ? 'single use' : `for up to ${maxUses} organizations, once each`;
    const expiry = values.expires ? `, redeem and use by the end of ${values.expires} (UTC)` : ', no expiry';
    return [code, `${formatUsd(amountCents / 100)} credit, ${uses}${expiry}. The code is shown only now.`];
  }
  throw new UsageError(command ? `Unknown command "${command}".` : 'Name a command.');
}
