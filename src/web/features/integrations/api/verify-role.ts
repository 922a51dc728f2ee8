import { useMutation } from '@tanstack/react-query';
import type { AccessCheckView } from '../../../../contracts/integrations.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const verifyRole = (input: { role_arn: string; external_id: string }) =>
  apiRequest<AccessCheckView>('integrations/verify-role', { method: 'POST', body: input });

/** Assumes the role with the ExternalId and makes one read call; the answer says which step failed. */
export const useVerifyRole = () => useMutation({ mutationFn: verifyRole });
