import {
  DescribeDBInstancesCommand,
  StartDBInstanceCommand,
  StopDBInstanceCommand,
} from '@aws-sdk/client-rds';
import { planDatabaseOperation, type ResourceBefore } from '../../../domain/resource-action-plans.ts';
import { errorAnswer, type ResourceDriver, sessionCheck } from './action-driver.ts';

/** An RDS database stopped (StopDBInstance) and started again by the undo (StartDBInstance). */
export const databaseDriver: ResourceDriver = {
  dryRunName: 'RDS check',
  pastTense: (operation) => (operation === 'stop' ? 'stopped' : 'started'),
  async describe(context, ids) {
    const { rds } = await context.reader();
    const resources: ResourceBefore[] = [];
    for (const id of ids) {
      try {
        const answer = await rds.send(new DescribeDBInstancesCommand({ DBInstanceIdentifier: id }));
        const db = answer.DBInstances?.[0];
        if (!db) return { missing: id };
        resources.push({
          resourceId: id,
          state: db.DBInstanceStatus ?? 'unknown',
          tags: Object.fromEntries((db.TagList ?? []).map((tag) => [tag.Key ?? '', tag.Value ?? ''])),
        });
      } catch (error) {
        if (errorAnswer(error).code.startsWith('DBInstanceNotFound')) return { missing: id };
        throw error;
      }
    }
    return { resources };
  },
  plan: (operation, resource) => planDatabaseOperation(operation === 'stop' ? 'stop' : 'start', resource),
  dryRun: (context) => sessionCheck(context, 'RDS'),
  async run(context, operation, step) {
    const { rds } = await context.actor();
    const input = { DBInstanceIdentifier: step.resourceId };
    try {
      const answer = await rds.send(
        operation === 'stop' ? new StopDBInstanceCommand(input) : new StartDBInstanceCommand(input),
      );
      const after = answer.DBInstance?.DBInstanceStatus ?? 'unknown';
      return { ok: true, stateAfter: after, message: `${step.stateBefore} → ${after}` };
    } catch (error) {
      return errorAnswer(error);
    }
  },
};
