import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRocket } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiRequestError, rejectionMessage } from '../../../lib/api-client.ts';
import { gpuBurstNotice } from '../../../lib/launch-format.ts';
import { useSession } from '../../../lib/session.tsx';
import { useIntegrations } from '../api/get-integrations.ts';
import { useLaunchGpuBurst } from '../api/launch-gpu-burst.ts';

/** 404/409: this organization has no simulator account to launch in; the button goes away. */
const isNoSimulator = (error: unknown) =>
  error instanceof ApiRequestError && (error.status === 404 || error.status === 409);

/**
 * The demo's "Launch a GPU burst": the simulated company starts eight p4d.24xlarge in the
 * demo account, and the visitor watches the launch card and the alert arrive. Shown in the demo
 * session and to organizations that connected the demo account.
 */
export function GpuBurstButton() {
  const { user } = useSession();
  const integrations = useIntegrations();
  const burst = useLaunchGpuBurst();
  const [unavailable, setUnavailable] = useState(false);
  const hasSimulator = user?.is_demo || (integrations.data ?? []).some((integration) => integration.is_demo);
  if (!hasSimulator || unavailable) return null;
  return (
    <Button
      variant="light"
      color="orange"
      leftSection={<IconRocket size={16} />}
      loading={burst.isPending}
      onClick={() =>
        burst.mutate(
          {},
          {
            onSuccess: (result) =>
              notifications.show({
                color: 'orange',
                title: 'GPU burst launched in the demo account',
                message: gpuBurstNotice(result),
                autoClose: 10_000,
              }),
            onError: (error) => {
              if (isNoSimulator(error)) setUnavailable(true);
              notifications.show({
                color: 'red',
                title: 'Nothing was launched',
                message: rejectionMessage(error),
              });
            },
          },
        )
      }
    >
      Launch a GPU burst
    </Button>
  );
}
