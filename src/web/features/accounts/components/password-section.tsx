import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { passwordProblem } from '../../../../domain/account-rules.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import type { CurrentUser } from '../../../lib/current-user.ts';
import { useChangePassword } from '../api/account-security.ts';

export function PasswordSection({ user }: { user: CurrentUser }) {
  const change = useChangePassword();
  const form = useForm({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '' },
    validate: {
      currentPassword: (value) => (value ? null : 'Enter your current password.'),
      newPassword: (value) => passwordProblem(value),
    },
  });

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          Password
        </Title>
        {user.is_demo ? (
          <Text size="sm" c="dimmed">
            The demo account’s password cannot be changed.
          </Text>
        ) : (
          <form
            onSubmit={form.onSubmit((values) => change.mutate(values, { onSuccess: () => form.reset() }))}
            noValidate
          >
            <Stack>
              {change.isSuccess && (
                <Alert color="green">Password changed. Your other sessions were signed out.</Alert>
              )}
              {change.isError && <Alert color="red">{rejectionMessage(change.error)}</Alert>}
              <PasswordInput
                label="Current password"
                autoComplete="current-password"
                {...form.getInputProps('currentPassword')}
              />
              <PasswordInput
                label="New password"
                description="At least 10 characters, mixing letters with digits, capitals or symbols."
                autoComplete="new-password"
                {...form.getInputProps('newPassword')}
              />
              <Group justify="flex-end">
                <Button type="submit" variant="default" loading={change.isPending}>
                  Change password
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
