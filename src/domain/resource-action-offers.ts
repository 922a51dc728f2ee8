/**
 * Which actions a finding or a launch ledger row offers (docs/decisions/110 and 126): the resource it
 * names, with the type the action acts on. A DB instance is stopped, the Auto Scaling group behind an
 * instance is set to 0, any EC2 instance can be tagged for later. Pure; the screens show one button each.
 */

import type { ActionKind, ResourceReference } from './resource-action-plans.ts';

/** The tag EC2 gives every instance an Auto Scaling group launched: the group's name. */
export const AUTO_SCALING_GROUP_TAG = 'aws:autoscaling:groupName';

export interface ActionOffer {
  kind: Exclude<ActionKind, 'stop-instances'>;
  resource: ResourceReference;
}

/** A finding as the recommendation list serves it: an instance, a database, a volume... */
export interface FindingForActions {
  kind: string;
  accountId: string;
  region: string;
  resourceId: string;
  tags: Record<string, string>;
  /** The resource reference the finding carries (an idle database's DB instance). */
  resource: { type: string; id: string } | null;
}

/** The finding kinds whose resource is an EC2 instance. */
const INSTANCE_FINDINGS = new Set(['idle-instance', 'rightsizing', 'previous-generation']);

export function findingActionOffers(finding: FindingForActions): ActionOffer[] {
  const where = { accountId: finding.accountId, region: finding.region };
  if (finding.resource?.type === 'rds-db-instance')
    return [
      { kind: 'stop-database', resource: { ...where, type: 'rds-db-instance', id: finding.resource.id } },
    ];
  if (!INSTANCE_FINDINGS.has(finding.kind)) return [];
  const offers: ActionOffer[] = [];
  const group = finding.tags[AUTO_SCALING_GROUP_TAG];
  // An instance in a group comes back when stopped or tagged away: the group is what to set to 0.
  if (group)
    offers.push({ kind: 'scale-to-zero', resource: { ...where, type: 'auto-scaling-group', id: group } });
  offers.push({
    kind: 'tag-for-review',
    resource: { ...where, type: 'ec2-instance', id: finding.resourceId },
  });
  return offers;
}

/** A launch ledger row: what the launch events said started, and whether it still runs. */
export interface LedgerRowForActions {
  resourceKind: 'ec2-instance' | 'nat-gateway' | 'rds-instance' | 'auto-scaling-group';
  resourceId: string;
  accountId: string;
  region: string;
  running: boolean;
  /** How many it runs: an Auto Scaling group's desired capacity. */
  count: number;
}

/**
 * A running group with instances is set to 0, a running database stopped, a running instance tagged for
 * later (its launch's Stop is offered beside it). An ended row, and a NAT gateway, offer nothing.
 */
export function ledgerRowActionOffers(row: LedgerRowForActions): ActionOffer[] {
  if (!row.running) return [];
  const where = { accountId: row.accountId, region: row.region, id: row.resourceId };
  switch (row.resourceKind) {
    case 'auto-scaling-group':
      return row.count > 0
        ? [{ kind: 'scale-to-zero', resource: { ...where, type: 'auto-scaling-group' } }]
        : [];
    case 'rds-instance':
      return [{ kind: 'stop-database', resource: { ...where, type: 'rds-db-instance' } }];
    case 'ec2-instance':
      return [{ kind: 'tag-for-review', resource: { ...where, type: 'ec2-instance' } }];
    default:
      return [];
  }
}

/**
 * Whether an integration's action role may act on a resource of this account: the role acts in its own
 * account only (a reference to another account answers 404), and not at all while actions are off.
 */
export function actionRoleCovers(actionRoleArn: string | null, accountId: string): boolean {
  const roleAccount = /^arn:aws[a-z-]*:iam::(\d{12}):role\//.exec(actionRoleArn ?? '')?.[1];
  return roleAccount !== undefined && roleAccount === accountId;
}
