import { Alert, Button, Group, Modal, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { rejectionMessage } from '../../../lib/api-client.ts';
import type { CurrentUser } from '../../../lib/current-user.ts';
import { useDeleteAccount } from '../api/account-security.ts';

export function DeleteAccountSection({ user }: { user: CurrentUser }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [password, setPassword] = useState('');
  const remove = useDeleteAccount();
  const navigate = useNavigate();

  return (
    <Paper withBorder radius="md" p="lg" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
      <Stack gap="sm">
        <Title order={2} size="h4" c="red.8">
          Delete account
        </Title>
        <Text size="sm" c="dimmed">
          Removes your account, your sessions and every organization where you are the only member, with its
          integrations and cost data. This cannot be undone.
        </Text>
        <Group>
          <Button color="red" variant="light" onClick={open} disabled={user.is_demo}>
            Delete my account
          </Button>
        </Group>
      </Stack>
      <Modal opened={opened} onClose={close} title="Delete your account?" centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            remove.mutate(
              { userId: user.user_id, password },
              { onSuccess: () => navigate('/', { replace: true }) },
            );
          }}
        >
          <Stack>
            <Text size="sm">Enter your password to confirm.</Text>
            {remove.isError && <Alert color="red">{rejectionMessage(remove.error)}</Alert>}
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Keep my account
              </Button>
              <Button type="submit" color="red" loading={remove.isPending} disabled={!password}>
                Delete permanently
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
