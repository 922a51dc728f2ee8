import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { apiRequest, rejectionMessage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { storeSessionToken } from '../../../lib/session-token.ts';

const demoSessionAnswer = z.object({ token: z.string().min(1) });

/** Opens a session on the shared demo account and keeps its token like a normal sign-in. */
export async function startDemoSession(): Promise<void> {
  const answer = demoSessionAnswer.safeParse(await apiRequest<unknown>('demo-session', { method: 'POST' }));
  if (!answer.success) throw new Error('The server did not return a demo session.');
  storeSessionToken(answer.data.token);
}

/**
 * Starts the demo, waits for the session to be re-read (so the guard sees a signed-in viewer),
 * then opens the dashboard. A failure is shown as a notification; the visitor stays on the page.
 */
export function useStartDemoSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: startDemoSession,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
      navigate('/dashboard');
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: 'The demo could not start',
        message: rejectionMessage(error),
      });
    },
  });
}
