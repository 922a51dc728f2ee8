import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSparkles } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useCreateIntegration } from '../api/create-integration.ts';

/** "Connect the demo AWS account": the built-in simulator's fictional company, in one click. */
export function ConnectDemoButton(props: ButtonProps) {
  const create = useCreateIntegration();
  const navigate = useNavigate();
  return (
    <Button
      leftSection={<IconSparkles size={16} />}
      loading={create.isPending}
      onClick={() =>
        create.mutate(
          { kind: 'aws-demo' },
          {
            onSuccess: () => navigate('/aws-integration'),
            onError: (error) =>
              notifications.show({ color: 'red', title: 'Not connected', message: rejectionMessage(error) }),
          },
        )
      }
      {...props}
    >
      Connect the demo AWS account
    </Button>
  );
}
