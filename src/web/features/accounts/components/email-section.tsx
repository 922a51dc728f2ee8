import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { rejectionMessage } from '../../../lib/api-client.ts';
import type { CurrentUser } from '../../../lib/current-user.ts';
import { canSubmitEmail, emailFieldError } from '../../../lib/email-field.ts';
import { useChangeEmail, useResendVerification } from '../api/account-security.ts';

export function EmailSection({ user }: { user: CurrentUser }) {
  const resend = useResendVerification();
  const change = useChangeEmail();
  const form = useForm({
    mode: 'controlled',
    initialValues: { newEmail: '' },
    validateInputOnBlur: true,
    validate: { newEmail: emailFieldError },
  });
  // The demo account's e-mail is shown as not verified here.
  const verified = user.email_verified && !user.is_demo;

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          E-mail
        </Title>
        <Group gap="sm">
          <Text fw={500}>{user.email}</Text>
          <Badge color={verified ? 'green' : 'yellow'} variant="light">
            {verified ? 'Verified' : 'Not verified'}
          </Badge>
        </Group>
        {!user.email_verified && (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              Follow the link we sent to this address to open the rest of Spendguard.
            </Text>
            <Group>
              <Button variant="light" onClick={() => resend.mutate(user.email)} loading={resend.isPending}>
                Send the link again
              </Button>
            </Group>
            {resend.isSuccess && <Alert color="green">A new verification link is on its way.</Alert>}
            {resend.isError && <Alert color="red">{rejectionMessage(resend.error)}</Alert>}
          </Stack>
        )}
        {user.is_demo ? (
          <Text size="sm" c="dimmed">
            The demo account’s e-mail cannot be changed.
          </Text>
        ) : (
          <form onSubmit={form.onSubmit((values) => change.mutate(values.newEmail))} noValidate>
            <Group align="flex-end">
              <TextInput
                label="New e-mail"
                type="email"
                style={{ flex: 1 }}
                {...form.getInputProps('newEmail')}
              />
              <Button
                type="submit"
                variant="default"
                loading={change.isPending}
                disabled={!canSubmitEmail(form.values.newEmail)}
              >
                Change e-mail
              </Button>
            </Group>
            {change.isSuccess && (
              <Alert color="green" mt="sm">
                {user.email_verified
                  ? `Confirm the change from the link we sent to ${user.email}; then verify ${form.values.newEmail}.`
                  : 'Your e-mail was changed. Verify the new address from the link we sent.'}
              </Alert>
            )}
            {change.isError && (
              <Alert color="red" mt="sm">
                {rejectionMessage(change.error)}
              </Alert>
            )}
          </form>
        )}
      </Stack>
    </Paper>
  );
}
