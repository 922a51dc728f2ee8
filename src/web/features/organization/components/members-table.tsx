import { Anchor, Badge, Group, Paper, Select, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import type { OrganizationDetails, OrganizationMember } from '../../../../contracts/organizations.ts';
import { managesOrganization, type OrganizationRole } from '../../../../domain/organization-roles.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useChangeMemberRole } from '../api/change-member-role.ts';
import { useRemoveUser } from '../api/remove-user.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { LastActive, MemberIdentity, ROLE_LABELS, RoleBadge } from './member-labels.tsx';

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
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Member</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Teams</Table.Th>
              <Table.Th>Last active</Table.Th>
              {manages && <Table.Th aria-label="Actions" />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {organization.members.map((member) => (
              <Table.Tr key={member.user_id}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/organization-member/${member.slug}`}
                    underline="never"
                    c="inherit"
                  >
                    <MemberIdentity member={member} you={member.user_id === myUserId} />
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <RoleCell member={member} myRole={organization.my_role} lastOwner={isLastOwner(member)} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {member.teams.length === 0 && (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    )}
                    {member.teams.map((team) => (
                      <Badge
                        key={team.id}
                        variant="outline"
                        tt="none"
                        component={Link}
                        to={`/teams/${team.slug}`}
                      >
                        {team.name}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <LastActive at={member.last_active_at} />
                </Table.Td>
                {manages && (
                  <Table.Td ta="right">
                    {mayRemove(member) ? (
                      <RemoveCell member={member} organizationName={organization.name} />
                    ) : (
                      isLastOwner(member) && (
                        <Text size="xs" c="dimmed">
                          Last owner
                        </Text>
                      )
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
