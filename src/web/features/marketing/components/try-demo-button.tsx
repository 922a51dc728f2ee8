import { Button, type ButtonProps } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useStartDemoSession } from '../api/start-demo-session.ts';

/** Signs the visitor into the demo account and opens its dashboard. */
export function TryDemoButton(props: ButtonProps) {
  const startDemo = useStartDemoSession();
  return (
    <Button
      data-testid="try-demo"
      variant="default"
      leftSection={<IconPlayerPlay size={16} />}
      loading={startDemo.isPending}
      onClick={() => startDemo.mutate()}
      {...props}
    >
      Try the demo
    </Button>
  );
}
