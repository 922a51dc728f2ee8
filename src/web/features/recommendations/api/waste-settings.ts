import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WasteSettingsView } from '../../../../contracts/recommendation-list.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const wasteSettingsKey = [...queryKeys.recommendationList.root, 'waste-settings'];

export const getWasteSettings = () => apiRequest<WasteSettingsView>('recommendations/waste-settings');

export const updateWasteSettings = (settings: WasteSettingsView) =>
  apiRequest<WasteSettingsView>('recommendations/waste-settings', { method: 'PUT', body: settings });

export function useWasteSettings() {
  return useQuery({ queryKey: wasteSettingsKey, queryFn: getWasteSettings });
}

/** The list applies new thresholds at its next read, so it is read again after a save. */
export function useUpdateWasteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWasteSettings,
    onSuccess: async (settings) => {
      queryClient.setQueryData(wasteSettingsKey, settings);
      await queryClient.invalidateQueries({ queryKey: queryKeys.recommendationList.all });
    },
  });
}
