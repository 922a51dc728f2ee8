import { Badge, Group, Paper, Select, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import type { OrganizationDetails, OrganizationMember } from '../../../../contracts/organizations.ts';
import { managesOrganization, type OrganizationRole } from '../../../../domain/organization-roles.ts';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useChangeMemberRole } from '../api/change-member-role.ts';
import { useRemoveUser } from '../api/remove-user.ts';
import { LastActive, MemberLink, ROLE_LABELS, RoleBadge } from './member-labels.tsx';

const notifyError = (title: string) => (error: Error) =>
  notifications.show({ color: 'red', title, message: rejectionMessage(error) });

/**
 * Admins manage members and admins; only owners touch owners; the last owner stays one (the server holds the
 * same rules and answers 403 or 409).
 */
function roleOptions(myRole: string, member: OrganizationMember, lastOwner: boolean) {
  const roles: OrganizationRole[] = myRole === 'owner' ? ['owner', 'admin', 'member'] : ['admin', 'member'];
  return {
    data: roles.map((role) => ({ value: role, label: ROLE_LABELS[role] ?? role })),
    disabled: (myRole !== 'owner' && member.role === 'owner') || lastOwner,
  };
}

function RoleCell({
  member,
  myRole,
  lastOwner,
}: {
  member: OrganizationMember;
  myRole: string;
  lastOwner: boolean;
}) {
  const changeRole = useChangeMemberRole();
  if (!managesOrganization(myRole)) return <RoleBadge role={member.role} />;
  const options = roleOptions(myRole, member, lastOwner);
  return (
    <Select
      aria-label={`Role of ${member.fullname}`}
      size="xs"
      w={120}
      allowDeselect={false}
      data={
        options.disabled
          ? [{ value: member.role, label: ROLE_LABELS[member.role] ?? member.role }]
          : options.data
      }
      disabled={options.disabled || changeRole.isPending}
      value={member.role}
      onChange={(role) => {
        if (!role || role === member.role) return;
        changeRole.mutate(
          { userId: member.user_id, role: role as OrganizationRole },
          {
            onSuccess: () =>
              notifications.show({ message: `${member.fullname} is now ${ROLE_LABELS[role]}.` }),
            onError: notifyError('Could not change the role'),
          },
        );
      }}
    />
  );
}

function RemoveCell({ member, organizationName }: { member: OrganizationMember; organizationName: string }) {
  const removeUser = useRemoveUser();
  return (
    <ConfirmButton
      size="xs"
      variant="subtle"
      color="red"
      question={`Remove ${member.fullname} from ${organizationName}? They lose access to its costs and alerts.`}
      confirmLabel="Remove"
      loading={removeUser.isPending}
      onConfirm={() =>
        removeUser.mutate(
          { userId: member.user_id },
          {
            onSuccess: () => notifications.show({ message: `${member.fullname} was removed.` }),
            onError: notifyError('Could not remove this person'),
          },
        )
      }
    >
      Remove
    </ConfirmButton>
  );
}

function TeamBadges({ teams }: { teams: OrganizationMember['teams'] }) {
  return (
    <Group gap={4}>
      {teams.length === 0 && (
        <Text size="sm" c="dimmed">
          —
        </Text>
      )}
      {teams.map((team) => (
        <Badge key={team.id} variant="outline" tt="none" component={Link} to={`/teams/${team.slug}`}>
          {team.name}
        </Badge>
      ))}
    </Group>
  );
}

/** Everyone in the organization: role, teams, last activity; owners and admins change roles and remove. */
export function MembersTable({
  organization,
  myUserId,
}: {
  organization: OrganizationDetails;
  myUserId: string;
}) {
  const manages = managesOrganization(organization.my_role);
  const ownerCount = organization.members.filter((member) => member.role === 'owner').length;
  const isLastOwner = (member: OrganizationMember) => member.role === 'owner' && ownerCount === 1;
  const mayRemove = (member: OrganizationMember) =>
    !isLastOwner(member) && (organization.my_role === 'owner' || member.role !== 'owner');
  return (
    <Paper withBorder p="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          Members
        </Title>
        <Text size="sm" c="dimmed">
          {organization.members.length} {organization.members.length === 1 ? 'person' : 'people'}
        </Text>
      </Group>
      <DataTable
        verticalSpacing="sm"
        highlightOnHover
        phone="stack"
        rows={organization.members}
        rowKey={(member) => member.user_id}
        empty="Nobody is in this organization yet."
        columns={[
          {
            header: 'Member',
            cell: (member) => <MemberLink member={member} you={member.user_id === myUserId} />,
          },
          {
            header: 'Role',
            cell: (member) => (
              <RoleCell member={member} myRole={organization.my_role} lastOwner={isLastOwner(member)} />
            ),
          },
          { header: 'Teams', cell: (member) => <TeamBadges teams={member.teams} /> },
          { header: 'Last active', cell: (member) => <LastActive at={member.last_active_at} /> },
          manages && {
            header: null,
            label: 'Actions',
            align: 'right',
            cell: (member) =>
              mayRemove(member) ? (
                <RemoveCell member={member} organizationName={organization.name} />
              ) : (
                isLastOwner(member) && (
                  <Text size="xs" c="dimmed">
                    Last owner
                  </Text>
                )
              ),
          },
        ]}
      />
    </Paper>
  );
}
