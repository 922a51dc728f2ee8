import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RightsizingSettingsView } from '../../../../contracts/recommendations.ts';
import { apiRequest, rejectionMessage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const updateRightsizingSettings = (settings: RightsizingSettingsView) =>
  apiRequest<RightsizingSettingsView>('recommendations/ec2/settings', { method: 'PUT', body: settings });

/** Saving recomputes every finding on the server, so the list is read again afterwards. */
export function useUpdateRightsizingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRightsizingSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.ec2Findings.all }),
    onError: (error) => {
      notifications.show({ color: 'red', title: 'Settings not saved', message: rejectionMessage(error) });
    },
  });
}
