import { Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { PendingInvitation } from '../../../../contracts/organizations.ts';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { RowsSkeleton, SectionError } from '../../../components/section-states.tsx';
import { formatWhen } from '../../../lib/instant-format.ts';
import { useInviteUsers } from '../api/invite-users.ts';
import { useInvitations } from '../api/list-invitations.ts';
import { useRevokeInvitation } from '../api/revoke-invitation.ts';
import { RoleBadge } from './member-labels.tsx';

function InvitationActions({ invitation }: { invitation: PendingInvitation }) {
  const resend = useInviteUsers();
  const revoke = useRevokeInvitation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Button
        size="xs"
        variant="subtle"
        loading={resend.isPending}
        onClick={() =>
          resend.mutate(
            [{ email: invitation.email, role: invitation.role, team_id: invitation.team?.id ?? null }],
            { onSuccess: () => notifications.show({ message: `A new link went to ${invitation.email}.` }) },
          )
        }
      >
        Resend
      </Button>
      <ConfirmButton
        size="xs"
        variant="subtle"
        color="red"
        question={`Withdraw the invitation of ${invitation.email}? Its link stops working.`}
        confirmLabel="Withdraw"
        loading={revoke.isPending}
        onConfirm={() => revoke.mutate(invitation.id)}
      >
        Withdraw
      </ConfirmButton>
    </Group>
  );
}

const INVITATION_COLUMNS: DataColumn<PendingInvitation>[] = [
  {
    header: 'E-mail',
    cell: (invitation) => (
      <>
        <Text size="sm">{invitation.email}</Text>
        <Text size="xs" c="dimmed">
          Invited by {invitation.invited_by}
        </Text>
      </>
    ),
  },
  { header: 'Role', cell: (invitation) => <RoleBadge role={invitation.role} /> },
  { header: 'Team', cell: (invitation) => <Text size="sm">{invitation.team?.name ?? '—'}</Text> },
  {
    header: 'Link valid until',
    cell: (invitation) =>
      invitation.expired ? (
        <Badge color="orange" variant="light">
          Expired
        </Badge>
      ) : (
        <Text size="sm">{formatWhen(invitation.expires_at)}</Text>
      ),
  },
  { header: null, label: 'Actions', cell: (invitation) => <InvitationActions invitation={invitation} /> },
];

/** Invitations not accepted yet, for owners and admins: who, as what, until when. */
export function PendingInvitations() {
  const invitations = useInvitations(true);
  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4" mb="md">
        Pending invitations
      </Title>
      {invitations.isPending && <RowsSkeleton rows={2} label="pending invitations" />}
      {invitations.isError && <SectionError what="the pending invitations" error={invitations.error} />}
      {invitations.isSuccess && (
        <DataTable
          verticalSpacing="xs"
          phone={{ scroll: 560 }}
          rows={invitations.data}
          rowKey={(invitation) => invitation.id}
          empty="No invitation is waiting for an answer."
          columns={INVITATION_COLUMNS}
        />
      )}
    </Paper>
  );
}
