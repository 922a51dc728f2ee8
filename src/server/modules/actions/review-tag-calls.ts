import { CreateTagsCommand, DeleteTagsCommand } from '@aws-sdk/client-ec2';
import { planReviewTag, REVIEW_TAG_KEY } from '../../../domain/resource-action-plans.ts';
import type { AwsClients } from '../integrations/aws/aws-clients.ts';
import { errorAnswer, type ResourceDriver } from './action-driver.ts';
import { describeInstances, ec2DryRun } from './instance-calls.ts';

/**
 * "Tag for later": CreateTags writes the review tag; the undo writes back the value it replaced, or
 * takes the tag off with DeleteTags (naming the value, so a tag someone changed since stays).
 */
function sendTagCall(
  ec2: AwsClients['ec2'],
  step: { resourceId: string; apply: unknown; restore: unknown },
  dryRun: boolean,
) {
  const value = step.apply as string | null;
  if (value !== null)
    return ec2.send(
      new CreateTagsCommand({
        Resources: [step.resourceId],
        Tags: [{ Key: REVIEW_TAG_KEY, Value: value }],
        DryRun: dryRun,
      }),
    );
  return ec2.send(
    new DeleteTagsCommand({
      Resources: [step.resourceId],
      Tags: [{ Key: REVIEW_TAG_KEY, Value: (step.restore as string | null) ?? undefined }],
      DryRun: dryRun,
    }),
  );
}

export const reviewTagDriver: ResourceDriver = {
  dryRunName: 'EC2 dry run',
  pastTense: (operation) => (operation === 'tag' ? 'tagged' : 'restored'),
  describe: async (context, ids) => describeInstances(await context.reader(), ids),
  plan: (_operation, resource, input) =>
    planReviewTag(resource, (input as string | null | undefined) ?? null),
  async dryRun(context, _operation, step) {
    const { ec2 } = await context.actor();
    return ec2DryRun(() => sendTagCall(ec2, step, true));
  },
  async run(context, _operation, step) {
    const { ec2 } = await context.actor();
    try {
      await sendTagCall(ec2, step, false);
      return { ok: true, stateAfter: step.stateAfter, message: `${step.stateBefore} → ${step.stateAfter}` };
    } catch (error) {
      return errorAnswer(error);
    }
  },
};
