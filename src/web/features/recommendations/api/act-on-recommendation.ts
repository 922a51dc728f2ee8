import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecommendationItem } from '../../../../contracts/recommendation-list.ts';
import { apiRequest, rejectionMessage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type RecommendationAction = 'dismissed' | 'snoozed' | 'expected';

/** PUT the action with its reason, or DELETE it (undo). */
export function actOnRecommendation(
  id: string,
  change: { action: RecommendationAction; reason: string } | 'undo',
): Promise<RecommendationItem> {
  const path = `recommendations/items/${encodeURIComponent(id)}/action`;
  if (change === 'undo') return apiRequest<RecommendationItem>(path, { method: 'DELETE' });
  return apiRequest<RecommendationItem>(path, { method: 'PUT', body: change });
}

const DONE: Record<RecommendationAction | 'undo', string> = {
  dismissed: 'dismissed',
  snoozed: 'snoozed for 30 days',
  expected: 'marked as expected',
  undo: 'back in the list',
};

export function useActOnRecommendation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: Parameters<typeof actOnRecommendation>[1] }) =>
      actOnRecommendation(id, change),
    onSuccess: async (item, { change }) => {
      // EC2 findings are in both lists: refresh everything under recommendations.
      await queryClient.invalidateQueries({ queryKey: queryKeys.recommendationList.root });
      notifications.show({
        color: 'teal',
        message: `${item.name ?? item.resource_id} is ${DONE[change === 'undo' ? 'undo' : change.action]}.`,
      });
    },
    onError: (error) => {
      notifications.show({ color: 'red', title: 'That did not work', message: rejectionMessage(error) });
    },
  });
}
