import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ec2FindingView } from '../../../../contracts/recommendations.ts';
import { apiRequest, rejectionMessage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The three things a person does with a finding: POST dismiss, POST snooze, DELETE action (undo). */
export type FindingAction = 'dismiss' | 'snooze' | 'undo';

export function actOnEc2Finding(id: string, action: FindingAction): Promise<Ec2FindingView> {
  const path = `recommendations/ec2/${encodeURIComponent(id)}`;
  if (action === 'undo') return apiRequest<Ec2FindingView>(`${path}/action`, { method: 'DELETE' });
  return apiRequest<Ec2FindingView>(`${path}/${action}`, { method: 'POST' });
}

const DONE: Record<FindingAction, string> = {
  dismiss: 'dismissed',
  snooze: 'snoozed for 30 days',
  undo: 'back in the list',
};

export function useActOnEc2Finding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: FindingAction }) => actOnEc2Finding(id, action),
    onSuccess: async (finding, { action }) => {
      // The one list holds EC2 findings too: refresh everything under recommendations.
      await queryClient.invalidateQueries({ queryKey: queryKeys.recommendationList.root });
      notifications.show({
        color: 'teal',
        message: `${finding.name ?? finding.instance_id} is ${DONE[action]}.`,
      });
    },
    onError: (error) => {
      notifications.show({ color: 'red', title: 'That did not work', message: rejectionMessage(error) });
    },
  });
}
