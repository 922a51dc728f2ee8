/**
 * A launch rule's automatic policy (docs/decisions/121): the stop its alert proposes runs by itself
 * after a delay, unless someone keeps the instances running first; in dry-run mode it only records what
 * it would have done.
 */
export interface AutomaticPolicy {
  mode: 'dry-run' | 'on';
  afterMinutes: number;
  /** Empty: any account. */
  accountIds: readonly string[];
}

/** The policy covers a launch in this account. */
export function policyCovers(policy: AutomaticPolicy, accountId: string): boolean {
  return policy.accountIds.length === 0 || policy.accountIds.includes(accountId);
}

/** When the policy acts on an alert fired at `firedAt`. */
export function automaticRunAt(policy: AutomaticPolicy, firedAt: Date): Date {
  return new Date(firedAt.getTime() + policy.afterMinutes * 60_000);
}

/** The line the alert carries about its policy, e.g. "Spendguard stops them at 14:45 UTC unless someone keeps them running". */
export function automaticPolicyLine(mode: 'dry-run' | 'on', at: Date, count: number): string {
  const time = `${at.toISOString().slice(11, 16)} UTC`;
  const them = count === 1 ? 'it' : 'them';
  return mode === 'on'
    ? `Spendguard stops ${them} at ${time} by this rule's automatic policy, unless someone keeps ${them} running on the confirmation page before then.`
    : `This rule's automatic policy is a dry run: at ${time} Spendguard records what it would have stopped, and stops nothing.`;
}
