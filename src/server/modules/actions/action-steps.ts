import type { ResourceBefore } from '../../../domain/resource-action-plans.ts';
import type { ResourceOperation } from '../../../domain/resource-actions.ts';
import { storableText } from '../../../domain/storable-text.ts';
import type { CallAnswer, ChangeStep, DriverContext, ResourceDriver } from './action-driver.ts';
import type { StoredStep } from './actions.repository.ts';

/**
 * A proposal's steps: the read-only role's view of each resource, the domain's plan, and for each
 * change the action role's dry run (only an answer that says the call would succeed keeps it a change).
 * `inputOf` is per resource: the review tag's value, or what an undo restores.
 */
export async function proposedSteps(
  driver: ResourceDriver,
  context: DriverContext,
  operation: ResourceOperation,
  resources: ResourceBefore[],
  inputOf: (resourceId: string) => unknown,
): Promise<StoredStep[]> {
  return Promise.all(
    resources.map(async (resource): Promise<StoredStep> => {
      const step = driver.plan(operation, resource, inputOf(resource.resourceId));
      const base = { resourceId: step.resourceId, stateBefore: step.stateBefore, tags: resource.tags };
      if (step.outcome !== 'change')
        return { ...base, outcome: step.outcome, stateAfter: null, reason: step.reason, dryRun: null };
      const answer = await driver.dryRun(context, operation, step);
      return answer.ok
        ? {
            ...base,
            outcome: 'change',
            stateAfter: step.stateAfter,
            reason: null,
            dryRun: answer.answer,
            apply: step.apply,
          }
        : {
            ...base,
            outcome: 'refused',
            stateAfter: null,
            reason: `AWS refused the dry run: ${storableText(answer.answer)}`,
            dryRun: storableText(answer.answer),
          };
    }),
  );
}

export interface StepOutcome {
  resourceId: string;
  outcome: 'changed' | 'failed' | 'nothing-to-do' | 'refused';
  stateBefore: string;
  stateAfter: string | null;
  awsCode: string | null;
  awsMessage: string;
  restore: unknown;
}

/** Each step's answer: one call for them all where the driver takes many, else one call each. */
function runChanges(
  driver: ResourceDriver,
  context: DriverContext,
  operation: ResourceOperation,
  changes: ChangeStep[],
): Promise<CallAnswer[]> {
  if (changes.length === 0) return Promise.resolve([]);
  if (driver.runMany) return driver.runMany(context, operation, changes);
  return Promise.all(changes.map((change) => driver.run(context, operation, change)));
}

/**
 * Runs a confirmed proposal: the state read again and planned again (a resource someone stopped
 * meanwhile has nothing to do), then the changes, so one refusal never hides the others' outcome.
 */
export async function runSteps(
  driver: ResourceDriver,
  context: DriverContext,
  operation: ResourceOperation,
  steps: StoredStep[],
): Promise<StepOutcome[]> {
  const current = await driver.describe(
    context,
    steps.map((step) => step.resourceId),
  );
  const planned = steps.map((step): StepOutcome | { change: ChangeStep; before: string } => {
    const now =
      'resources' in current
        ? current.resources.find((one) => one.resourceId === step.resourceId)
        : undefined;
    const again = now ? driver.plan(operation, now, step.apply ?? null) : undefined;
    const before = again?.stateBefore ?? step.stateBefore;
    if (step.outcome !== 'change' || (again && again.outcome !== 'change')) {
      const reason = again && again.outcome !== 'change' ? again.reason : (step.reason ?? 'Not changed.');
      const refused = step.outcome === 'refused' || again?.outcome === 'refused';
      return {
        resourceId: step.resourceId,
        outcome: refused ? 'refused' : 'nothing-to-do',
        stateBefore: before,
        stateAfter: before,
        awsCode: null,
        awsMessage: reason,
        restore: null,
      };
    }
    const change = again ?? {
      resourceId: step.resourceId,
      outcome: 'change' as const,
      stateBefore: before,
      stateAfter: step.stateAfter ?? '',
      apply: step.apply ?? null,
      restore: null,
    };
    return { change, before };
  });
  const toRun = planned.filter((one): one is { change: ChangeStep; before: string } => 'change' in one);
  const answers = await runChanges(
    driver,
    context,
    operation,
    toRun.map((one) => one.change),
  );
  let next = 0;
  return planned.map((one): StepOutcome => {
    if (!('change' in one)) return one;
    const { change, before } = one;
    // The answers come in the order of the changes run, which is the steps' order.
    const answer = answers[next++] as CallAnswer;
    return answer.ok
      ? {
          resourceId: change.resourceId,
          outcome: 'changed',
          stateBefore: before,
          stateAfter: answer.stateAfter,
          awsCode: null,
          awsMessage: answer.message,
          restore: change.restore,
        }
      : {
          resourceId: change.resourceId,
          outcome: 'failed',
          stateBefore: before,
          stateAfter: null,
          awsCode: answer.code,
          awsMessage: storableText(answer.message),
          restore: null,
        };
  });
}
