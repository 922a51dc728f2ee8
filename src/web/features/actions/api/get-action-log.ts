import { useQuery } from '@tanstack/react-query';
import type { ActionLogView } from '../../../../contracts/actions.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET action-log: every resource acted on, newest first. */
export const getActionLog = (signal?: AbortSignal) => apiRequest<ActionLogView>('action-log', { signal });

export const useActionLog = () =>
  useQuery({ queryKey: queryKeys.actionLog, queryFn: ({ signal }) => getActionLog(signal) });
