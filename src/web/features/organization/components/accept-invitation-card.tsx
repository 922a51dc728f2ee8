import { Alert, Button, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailOpened } from '@tabler/icons-react';
import { invitedAs } from '../../../../domain/invitations.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.tsx';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { useInvitation } from '../api/get-invitation.ts';

/**
 * Arriving on /organization?invitation=… signed in: what the invitation offers and a button to join. Joining
 * moves the session to that organization, so the page below shows it.
 */
export function AcceptInvitationCard({ code, onClose }: { code: string; onClose: () => void }) {
  const { user } = useSession();
  const invitation = useInvitation(code);
  const accept = useAcceptInvitation();

  if (invitation.isPending) return <Skeleton height={120} radius="md" />;
  if (invitation.isError) {
    return (
      <Alert color="red" title="This invitation link does not work" withCloseButton onClose={onClose}>
        {rejectionMessage(invitation.error)} Check that the whole link from the e-mail was opened.
      </Alert>
    );
  }
  const preview = invitation.data;
  if (preview.problem) {
    return (
      <Alert
        color="orange"
        title={`Invitation to ${preview.organization_name}`}
        withCloseButton
        onClose={onClose}
      >
        {preview.problem}
      </Alert>
    );
  }
  const otherAddress = user && user.email.toLowerCase() !== preview.email;
  return (
    <Paper withBorder p="lg" bg="blue.0">
      <Group gap="sm" mb="xs">
        <IconMailOpened size={22} color="var(--mantine-color-blue-7)" />
        <Title order={2} size="h4">
          Join {preview.organization_name}
        </Title>
      </Group>
      <Text size="sm">
        {preview.invited_by} invited {preview.email} to join {preview.organization_name}{' '}
        {invitedAs(preview.role, preview.team_name)}.
      </Text>
      {otherAddress && (
        <Text size="sm" c="orange.8" mt="xs">
          You are signed in as {user.email}. Sign in as {preview.email} to accept this invitation.
        </Text>
      )}
      {accept.isError && (
        <Alert color="red" mt="sm">
          {rejectionMessage(accept.error)}
        </Alert>
      )}
      <Group mt="md" gap="xs">
        <Button
          disabled={Boolean(otherAddress)}
          loading={accept.isPending}
          onClick={() =>
            accept.mutate(code, {
              onSuccess: ({ organization }) => {
                notifications.show({ color: 'green', message: `You joined ${organization.name}.` });
                onClose();
              },
            })
          }
        >
          Join {preview.organization_name}
        </Button>
        <Button variant="default" onClick={onClose}>
          Not now
        </Button>
      </Group>
    </Paper>
  );
}
