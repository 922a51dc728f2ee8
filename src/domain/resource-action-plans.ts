/**
 * The actions beyond stopping instances (docs/decisions/110): an Auto Scaling group set to 0 and its
 * sizes restored, an RDS database stopped and started, an instance tagged for later and the tag taken
 * back. Each plan says per resource what will change, before any call, as `planInstanceOperation` does
 * for instances; `restore` is what an undo puts back. Pure.
 */

import { isProtected, PROTECT_TAG, REVIEW_TAG, type ResourceOperation } from './resource-actions.ts';

/** What an action acts on, and the resource reference a finding or an alert carries. */
export type ResourceType = 'ec2-instance' | 'auto-scaling-group' | 'rds-db-instance';
export type ActionKind = 'stop-instances' | 'scale-to-zero' | 'stop-database' | 'tag-for-review';

export interface ResourceReference {
  accountId: string;
  region: string;
  type: ResourceType;
  id: string;
}

/** The resource type each action acts on. */
export const RESOURCE_TYPE_OF: Record<ActionKind, ResourceType> = {
  'stop-instances': 'ec2-instance',
  'scale-to-zero': 'auto-scaling-group',
  'stop-database': 'rds-db-instance',
  'tag-for-review': 'ec2-instance',
};

/** The operation an action runs first, and the one its undo runs. */
export const FIRST_OPERATION: Record<ActionKind, ResourceOperation> = {
  'stop-instances': 'stop',
  'scale-to-zero': 'scale-to-zero',
  'stop-database': 'stop',
  'tag-for-review': 'tag',
};
export const UNDO_OPERATION: Partial<Record<ResourceOperation, ResourceOperation>> = {
  stop: 'start',
  'scale-to-zero': 'restore-sizes',
  tag: 'restore-tag',
};

/** The actions a resource reference offers (a finding's buttons). */
export function actionsFor(type: ResourceType): ActionKind[] {
  return (Object.keys(RESOURCE_TYPE_OF) as ActionKind[]).filter((kind) => RESOURCE_TYPE_OF[kind] === type);
}

/** A resource as the read-only role described it: its state in words, tags, and what an action needs. */
export interface ResourceBefore {
  resourceId: string;
  state: string;
  tags: Record<string, string>;
  sizes?: GroupSizes;
}

export type ResourceStep =
  | {
      resourceId: string;
      outcome: 'change';
      stateBefore: string;
      stateAfter: string;
      /** What the call sets (a group's sizes, a tag's value); what an undo puts back is `restore`. */
      apply: unknown;
      restore: unknown;
    }
  | { resourceId: string; outcome: 'nothing-to-do' | 'refused'; stateBefore: string; reason: string };

const refusedProtected = (resource: ResourceBefore): ResourceStep => ({
  resourceId: resource.resourceId,
  outcome: 'refused',
  stateBefore: resource.state,
  reason: `It is tagged ${PROTECT_TAG.key}=${PROTECT_TAG.value}: Spendguard never acts on it.`,
});

const nothingToDo = (resource: ResourceBefore, why: string): ResourceStep => ({
  resourceId: resource.resourceId,
  outcome: 'nothing-to-do',
  stateBefore: resource.state,
  reason: `Nothing to do: ${why}.`,
});

export interface GroupSizes {
  min: number;
  max: number;
  desired: number;
}

export const sizesText = (sizes: GroupSizes) =>
  `min ${sizes.min}, max ${sizes.max}, desired ${sizes.desired}`;

/**
 * An Auto Scaling group to 0 (min and desired 0, max kept, so a restore is one call), or its sizes
 * restored to what the scale-down found. A group already there has nothing to do.
 */
export function planGroupSizes(group: ResourceBefore, target: GroupSizes | undefined): ResourceStep {
  if (isProtected(group.tags)) return refusedProtected(group);
  const before = group.sizes;
  if (!before || !target)
    return {
      resourceId: group.resourceId,
      outcome: 'refused',
      stateBefore: group.state,
      reason: 'The sizes to restore are unknown.',
    };
  if (before.min === target.min && before.max === target.max && before.desired === target.desired)
    return nothingToDo(group, `the group is already at ${sizesText(before)}`);
  return {
    resourceId: group.resourceId,
    outcome: 'change',
    stateBefore: sizesText(before),
    stateAfter: sizesText(target),
    apply: target,
    restore: before,
  };
}

export const scaledToZero = (sizes: GroupSizes): GroupSizes => ({ min: 0, max: sizes.max, desired: 0 });

/** RDS states: a stop needs `available`, a start `stopped`; the states on the way count as done. */
const DB_READY: Record<'stop' | 'start', string> = { stop: 'available', start: 'stopped' };
const DB_ALREADY: Record<'stop' | 'start', readonly string[]> = {
  stop: ['stopped', 'stopping'],
  start: ['available', 'starting'],
};

export function planDatabaseOperation(operation: 'stop' | 'start', db: ResourceBefore): ResourceStep {
  if (isProtected(db.tags)) return refusedProtected(db);
  if (DB_ALREADY[operation].includes(db.state)) return nothingToDo(db, `it is already ${db.state}`);
  if (db.state !== DB_READY[operation])
    return {
      resourceId: db.resourceId,
      outcome: 'refused',
      stateBefore: db.state,
      reason: `It is ${db.state}: RDS ${operation === 'stop' ? 'stops' : 'starts'} a database only when it is ${DB_READY[operation]}.`,
    };
  return {
    resourceId: db.resourceId,
    outcome: 'change',
    stateBefore: db.state,
    stateAfter: operation === 'stop' ? 'stopped' : 'available',
    apply: null,
    restore: null,
  };
}

/** The tag "tag for later" writes: who, why and the day, in one value. */
export const REVIEW_TAG_KEY = REVIEW_TAG;
/** EC2 tag values hold at most 256 characters. */
const TAG_VALUE_MAX = 256;

export function reviewTagValue(note: { who: string; why: string; day: string }): string {
  const suffix = ` (${note.who}, ${note.day})`;
  return `${note.why.slice(0, TAG_VALUE_MAX - suffix.length)}${suffix}`;
}

const tagText = (value: string | null) =>
  value === null ? `no ${REVIEW_TAG_KEY} tag` : `${REVIEW_TAG_KEY}=${value}`;

/**
 * Tagging for later sets the review tag; its undo puts back the value it replaced (or removes it, when
 * there was none). `value` null means "no tag".
 */
export function planReviewTag(resource: ResourceBefore, value: string | null): ResourceStep {
  if (isProtected(resource.tags)) return refusedProtected(resource);
  const current = resource.tags[REVIEW_TAG_KEY] ?? null;
  const before = { ...resource, state: tagText(current) };
  if (current === value) return nothingToDo(before, `it already carries ${tagText(value)}`);
  return {
    resourceId: resource.resourceId,
    outcome: 'change',
    stateBefore: tagText(current),
    stateAfter: tagText(value),
    apply: value,
    restore: current,
  };
}
