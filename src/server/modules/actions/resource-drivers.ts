import type { ActionKind } from '../../../domain/resource-action-plans.ts';
import type { ResourceDriver } from './action-driver.ts';
import { databaseDriver } from './database-calls.ts';
import { groupDriver } from './group-calls.ts';
import { instanceDriver } from './instance-calls.ts';
import { reviewTagDriver } from './review-tag-calls.ts';

/** How each action reaches AWS (docs/decisions/110). */
export const DRIVERS: Record<ActionKind, ResourceDriver> = {
  'stop-instances': instanceDriver,
  'scale-to-zero': groupDriver,
  'stop-database': databaseDriver,
  'tag-for-review': reviewTagDriver,
};
