import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconBrandSlack, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { NotificationKind, SlackConnectionView } from '../../../../contracts/alerts.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { rejectionMessage } from '../../../lib/api-client.ts';
import {
  useDisconnectSlack,
  useSaveSlackConnection,
  useSendSlackTest,
  useSlackConnection,
} from '../api/slack-connection.ts';
import { AlertKindsInput } from './alert-kinds-input.tsx';
import { DigestSelect } from './digest-select.tsx';

function ConnectedSlack({ connection }: { connection: SlackConnectionView }) {
  const save = useSaveSlackConnection();
  const test = useSendSlackTest();
  const disconnect = useDisconnectSlack();
  const [channel, setChannel] = useState(connection.channel ?? '');
  const [kinds, setKinds] = useState<NotificationKind[]>(connection.alert_kinds);
  const [digest, setDigest] = useState(connection.digest);
  return (
    <Paper withBorder p="lg" maw={720}>
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap="sm">
            <IconBrandSlack size={22} />
            <Title order={2} size="h5">
              {connection.team_name ?? 'Slack'} {connection.channel ? `· ${connection.channel}` : ''}
            </Title>
            <Badge color="teal" variant="light">
              Connected
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {connection.mode === 'oauth' ? 'Slack app' : `Webhook ${connection.webhook_hint ?? ''}`}
          </Text>
        </Group>
        <TextInput
          label="Channel"
          value={channel}
          onChange={(e) => setChannel(e.currentTarget.value)}
          placeholder="#cost-alerts"
        />
        <AlertKindsInput value={kinds} onChange={setKinds} />
        <DigestSelect value={digest} onChange={setDigest} />
        {save.isError && (
          <Alert color="red" icon={<IconAlertCircle size={16} />}>
            {rejectionMessage(save.error)}
          </Alert>
        )}
        {test.isError && (
          <Alert color="red" icon={<IconAlertCircle size={16} />} title="The test message did not go through">
            {rejectionMessage(test.error)}
          </Alert>
        )}
        {test.isSuccess && (
          <Alert color="teal" icon={<IconCircleCheck size={16} />}>
            {test.data.message}
          </Alert>
        )}
        <Group>
          <Button
            loading={save.isPending}
            onClick={() => save.mutate({ channel: channel.trim() || undefined, alert_kinds: kinds, digest })}
          >
            Save
          </Button>
          <Button variant="light" loading={test.isPending} onClick={() => test.mutate()}>
            Send test message
          </Button>
          <Button component={Link} to="/slack-integrate" variant="default">
            Change connection
          </Button>
          <Button
            variant="subtle"
            color="red"
            loading={disconnect.isPending}
            onClick={() => disconnect.mutate()}
          >
            Disconnect
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /slack-setup: the channel, which alert kinds go there, and a test message. */
export function SlackSetupPage() {
  const connection = useSlackConnection();
  const [params] = useSearchParams();
  return (
    <PageContainer>
      <ScreenHeader title="Slack setup" description="Choose the channel and the alerts that go there." />
      <Stack gap="md">
        {params.get('slack') === 'connected' && (
          <Alert color="teal" icon={<IconCircleCheck size={16} />} maw={720}>
            Slack is connected. Send a test message to check the channel.
          </Alert>
        )}
        {connection.isPending && (
          <Skeleton height={220} maw={720} aria-label="Loading the Slack connection" />
        )}
        {connection.isError && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            title="Could not load the Slack connection"
            maw={720}
          >
            {rejectionMessage(connection.error)}
          </Alert>
        )}
        {connection.isSuccess && !connection.data.connected && (
          <EmptyState
            icon={<IconBrandSlack size={28} />}
            title="Slack is not connected"
            action={
              <Button component={Link} to="/slack-integrate">
                Connect Slack
              </Button>
            }
          >
            Connect Slack with an incoming webhook URL
            {connection.data.oauth_available ? ' or the Slack app' : ''} to receive alerts in a channel, with
            a button to acknowledge each one.
          </EmptyState>
        )}
        {connection.isSuccess && connection.data.connected && <ConnectedSlack connection={connection.data} />}
      </Stack>
    </PageContainer>
  );
}
