import {
  Alert,
  Button,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  TagsInput,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { NotificationKind, NotificationPreferences } from '../../../../contracts/alerts.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '../api/notification-preferences.ts';
import { AlertKindsInput } from './alert-kinds-input.tsx';
import { DigestPreview } from './digest-preview.tsx';

function PreferencesForm({ initial, manages }: { initial: NotificationPreferences; manages: boolean }) {
  const save = useSaveNotificationPreferences();
  const [email, setEmail] = useState(initial.email);
  const slack = initial.slack;
  const [digest, setDigest] = useState<string>(initial.digest);
  const [kinds, setKinds] = useState<NotificationKind[]>(initial.kinds);
  const [recipients, setRecipients] = useState<string[]>(initial.extra_recipients.map((r) => r.email));
  useEffect(() => setRecipients(initial.extra_recipients.map((r) => r.email)), [initial.extra_recipients]);

  return (
    <Stack gap="md">
      <Switch
        label="E-mail me alerts"
        description="Slack alerts go to the channel chosen under Slack setup."
        checked={email}
        onChange={(e) => setEmail(e.currentTarget.checked)}
      />
      <AlertKindsInput label="Alert kinds I receive" value={kinds} onChange={setKinds} />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Digest
        </Text>
        <SegmentedControl
          w="fit-content"
          value={digest}
          onChange={setDigest}
          data={[
            { value: 'off', label: 'Off' },
            { value: 'daily', label: 'Daily' },
            { value: 'weekly', label: 'Weekly' },
          ]}
        />
        <Text size="xs" c="dimmed">
          Yesterday's spend, month to date against the same point last month, the forecast and the top movers;
          live metered spend, Savings Plans and reservations to watch, and the waste your team owns.
        </Text>
        <DigestPreview period={digest === 'weekly' ? 'weekly' : 'daily'} />
      </Stack>
      {manages && (
        <Stack gap={4}>
          <TagsInput
            label="Extra recipients for the organization"
            description="Each address confirms by e-mail before it receives anything."
            placeholder="finance@example.com"
            value={recipients}
            onChange={setRecipients}
          />
          {initial.extra_recipients.length > 0 && (
            <Text size="xs" c="dimmed">
              {initial.extra_recipients
                .map(
                  (r) =>
                    `${r.email}: ${r.unsubscribed ? 'unsubscribed' : r.confirmed ? 'confirmed' : 'waiting for confirmation'}`,
                )
                .join(' · ')}
            </Text>
          )}
        </Stack>
      )}
      {save.isError && (
        <Alert color="red" icon={<IconAlertCircle size={16} />} title="Not saved">
          {rejectionMessage(save.error)}
        </Alert>
      )}
      {save.isSuccess && (
        <Text size="sm" c="teal">
          Saved.
        </Text>
      )}
      <Button
        w="fit-content"
        loading={save.isPending}
        onClick={() =>
          save.mutate({
            email,
            slack,
            digest: digest as NotificationPreferences['digest'],
            kinds,
            ...(manages ? { extra_recipients: recipients } : {}),
          })
        }
      >
        Save preferences
      </Button>
    </Stack>
  );
}

/** Each person's channels, alert kinds and digest. */
export function PreferencesCard({ manages }: { manages: boolean }) {
  const preferences = useNotificationPreferences();
  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4" mb="sm">
        My notifications
      </Title>
      {preferences.isPending && <Skeleton height={160} aria-label="Loading your preferences" />}
      {preferences.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Could not load your preferences">
          {rejectionMessage(preferences.error)}
        </Alert>
      )}
      {preferences.isSuccess && <PreferencesForm initial={preferences.data} manages={manages} />}
    </Paper>
  );
}
