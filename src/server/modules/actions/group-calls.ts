import {
  DescribeAutoScalingGroupsCommand,
  UpdateAutoScalingGroupCommand,
} from '@aws-sdk/client-auto-scaling';
import {
  type GroupSizes,
  planGroupSizes,
  type ResourceBefore,
  scaledToZero,
  sizesText,
} from '../../../domain/resource-action-plans.ts';
import { errorAnswer, type ResourceDriver, sessionCheck } from './action-driver.ts';

/**
 * An Auto Scaling group set to 0 (min and desired 0, max kept) and its sizes restored by the undo,
 * through UpdateAutoScalingGroup; DescribeAutoScalingGroups gives the sizes before.
 */
export const groupDriver: ResourceDriver = {
  dryRunName: 'Auto Scaling check',
  pastTense: (operation) => (operation === 'scale-to-zero' ? 'scaled to 0' : 'restored'),
  async describe(context, ids) {
    const { autoScaling } = await context.reader();
    const answer = await autoScaling.send(
      new DescribeAutoScalingGroupsCommand({ AutoScalingGroupNames: ids }),
    );
    const groups = answer.AutoScalingGroups ?? [];
    const resources: ResourceBefore[] = [];
    for (const id of ids) {
      const group = groups.find((candidate) => candidate.AutoScalingGroupName === id);
      // DescribeAutoScalingGroups answers an unknown name with an empty list, not an error.
      if (!group) return { missing: id };
      const sizes = { min: group.MinSize ?? 0, max: group.MaxSize ?? 0, desired: group.DesiredCapacity ?? 0 };
      resources.push({
        resourceId: id,
        state: sizesText(sizes),
        sizes,
        tags: Object.fromEntries((group.Tags ?? []).map((tag) => [tag.Key ?? '', tag.Value ?? ''])),
      });
    }
    return { resources };
  },
  plan(operation, resource, input) {
    const target =
      operation === 'scale-to-zero'
        ? resource.sizes && scaledToZero(resource.sizes)
        : (input as GroupSizes | undefined);
    return planGroupSizes(resource, target);
  },
  dryRun: (context) => sessionCheck(context, 'Auto Scaling'),
  async run(context, _operation, step) {
    const { autoScaling } = await context.actor();
    const sizes = step.apply as GroupSizes;
    try {
      await autoScaling.send(
        new UpdateAutoScalingGroupCommand({
          AutoScalingGroupName: step.resourceId,
          MinSize: sizes.min,
          MaxSize: sizes.max,
          DesiredCapacity: sizes.desired,
        }),
      );
      return { ok: true, stateAfter: sizesText(sizes), message: `${step.stateBefore} → ${sizesText(sizes)}` };
    } catch (error) {
      return errorAnswer(error);
    }
  },
};
