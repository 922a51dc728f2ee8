import {
  Alert,
  Avatar,
  Button,
  FileButton,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconUserCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { isValidPhone } from '../../../../domain/account-rules.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import type { CurrentUser } from '../../../lib/current-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';

const PHONE_MESSAGE = 'Use a plus sign and 11 digits, e.g. +1 425 555 0123.';

export function ProfileSection({ user }: { user: CurrentUser }) {
  const update = useUpdateUser();
  const upload = useUploadAvatar();
  // The runtime's list leaves out aliases such as UTC: keep the saved zone selectable whatever it is.
  const timeZones = useMemo(
    () => [...new Set(['UTC', user.default_timezone, ...Intl.supportedValuesOf('timeZone')])],
    [user.default_timezone],
  );
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      fullname: user.fullname,
      default_timezone: user.default_timezone,
      phone: user.phone ?? '',
    },
    validate: {
      fullname: (value) => (value.trim() ? null : 'Enter your full name.'),
      phone: (value) => (value === '' || isValidPhone(value) ? null : PHONE_MESSAGE),
    },
  });

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          Profile
        </Title>
        <Group>
          <Avatar src={user.image.src} size={64} radius="xl" color="blue">
            <IconUserCircle size={40} />
          </Avatar>
          <Stack gap={4}>
            <FileButton
              onChange={(file) => file && upload.mutate(file)}
              accept="image/png,image/jpeg,image/webp,image/gif"
            >
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  size="xs"
                  loading={upload.isPending}
                  disabled={user.is_demo}
                >
                  Upload a picture
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              PNG, JPEG, WebP or GIF, up to 2 MB.
            </Text>
          </Stack>
        </Group>
        {upload.isError && <Alert color="red">{rejectionMessage(upload.error)}</Alert>}
        <form
          onSubmit={form.onSubmit((values) =>
            update.mutate(
              {
                fullname: values.fullname,
                default_timezone: values.default_timezone,
                phone: values.phone || null,
              },
              { onSuccess: () => notifications.show({ color: 'green', message: 'Profile saved.' }) },
            ),
          )}
          noValidate
        >
          <Stack>
            {update.isError && <Alert color="red">{rejectionMessage(update.error)}</Alert>}
            <TextInput
              label="Full name"
              required
              disabled={user.is_demo}
              {...form.getInputProps('fullname')}
            />
            <Select
              label="Time zone"
              description="Used for “today” on the dashboard and for alert times."
              data={timeZones}
              searchable
              allowDeselect={false}
              disabled={user.is_demo}
              {...form.getInputProps('default_timezone')}
            />
            <TextInput
              label="Phone for consultations (optional)"
              placeholder="+1 425 555 0123"
              disabled={user.is_demo}
              {...form.getInputProps('phone')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending} disabled={user.is_demo}>
                Save profile
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
