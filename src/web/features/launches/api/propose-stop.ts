import { useMutation } from '@tanstack/react-query';
import type { ProposeActionInput, ResourceActionView } from '../../../../contracts/actions.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST actions: EC2's dry run says what stopping these instances will change; nothing changes yet. */
export const proposeStop = (input: ProposeActionInput) =>
  apiRequest<ResourceActionView>('actions', { method: 'POST', body: input });

export const useProposeStop = () => useMutation({ mutationFn: proposeStop });
