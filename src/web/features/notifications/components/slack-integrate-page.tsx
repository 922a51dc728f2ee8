import { Alert, Anchor, Button, Divider, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconBrandSlack } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../../contracts/alerts.ts';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { startSlackOAuth, useSaveSlackConnection, useSlackConnection } from '../api/slack-connection.ts';
import { AlertKindsInput } from './alert-kinds-input.tsx';

const ALL_KINDS: NotificationKind[] = [...NOTIFICATION_KINDS];

/** /slack-integrate: connect Slack with an incoming webhook, or with the Slack app when OAuth is set up. */
export function SlackIntegratePage() {
  const connection = useSlackConnection();
  const save = useSaveSlackConnection();
  const navigate = useNavigate();
  const [webhookUrl, setWebhookUrl] = useState('');
  const [channel, setChannel] = useState('');
  const [kinds, setKinds] = useState<NotificationKind[]>(ALL_KINDS);
  const [oauthError, setOauthError] = useState<string | null>(null);

  const addToSlack = async () => {
    try {
      window.location.assign((await startSlackOAuth()).url);
    } catch (error) {
      setOauthError((error as Error).message);
    }
  };

  return (
    <PageContainer>
      <ScreenHeader
        title="Connect Slack"
        description="Send budget, threshold, anomaly and idle-instance alerts to a channel."
      />
      <Paper withBorder p="lg" maw={720}>
        <Stack gap="md">
          {connection.isSuccess && connection.data.oauth_available && (
            <>
              <Group justify="space-between">
                <Stack gap={2}>
                  <Title order={2} size="h5">
                    Add the Spendguard app
                  </Title>
                  <Text size="sm" c="dimmed">
                    Sign in to Slack and pick the channel there.
                  </Text>
                </Stack>
                <Button leftSection={<IconBrandSlack size={16} />} onClick={addToSlack}>
                  Add to Slack
                </Button>
              </Group>
              {oauthError && (
                <Alert color="red" icon={<IconAlertCircle size={16} />}>
                  {oauthError}
                </Alert>
              )}
              <Divider label="or use an incoming webhook" labelPosition="center" />
            </>
          )}
          <form
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate(
                { webhook_url: webhookUrl.trim(), channel: channel.trim() || undefined, alert_kinds: kinds },
                { onSuccess: () => navigate('/slack-setup') },
              );
            }}
          >
            <Stack gap="md">
              <TextInput
                label="Incoming webhook URL"
                description={
                  <>
                    In Slack: Apps → Incoming Webhooks → Add to a channel, then copy the URL.{' '}
                    <Anchor href="https://api.slack.com/messaging/webhooks" target="_blank" size="xs">
                      Slack's guide
                    </Anchor>
                  </>
                }
                placeholder="https://hooks.slack.com/services/…"
                required
                value={webhookUrl}
                onChange={(e) => setWebhookUrl(e.currentTarget.value)}
              />
              <TextInput
                label="Channel name"
                description="Shown in the history and on acknowledgements."
                placeholder="#cost-alerts"
                value={channel}
                onChange={(e) => setChannel(e.currentTarget.value)}
              />
              <AlertKindsInput value={kinds} onChange={setKinds} />
              {save.isError && (
                <Alert color="red" icon={<IconAlertCircle size={16} />} title="Slack was not connected">
                  {rejectionMessage(save.error)}
                </Alert>
              )}
              <Group>
                <Button type="submit" loading={save.isPending}>
                  Connect
                </Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      </Paper>
    </PageContainer>
  );
}
