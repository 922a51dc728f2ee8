import { Button, Group, Paper, Select, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { OrganizationMember } from '../../../../contracts/organizations.ts';
import type { TeamUsers } from '../../../../contracts/teams.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useAddTeamMember } from '../api/add-team-member.ts';
import { useOrganization } from '../api/get-organization.ts';
import { useRemoveUser } from '../api/remove-user.ts';
import { LastActive, MemberLink, RoleBadge } from './member-labels.tsx';

function AddMember({ teamId, current }: { teamId: string; current: OrganizationMember[] }) {
  const organization = useOrganization();
  const addMember = useAddTeamMember();
  const [userId, setUserId] = useState<string | null>(null);
  const inTeam = new Set(current.map((member) => member.user_id));
  const candidates = (organization.data?.members ?? [])
    .filter((member) => !inTeam.has(member.user_id))
    .map((member) => ({ value: member.user_id, label: `${member.fullname} (${member.email})` }));
  return (
    <Group gap="xs" mt="md" wrap="nowrap">
      <Select
        style={{ flex: 1 }}
        aria-label="Person to add"
        placeholder={candidates.length === 0 ? 'Everyone is in this team' : 'Add someone of the organization'}
        data={candidates}
        searchable
        disabled={candidates.length === 0}
        value={userId}
        onChange={setUserId}
      />
      <Button
        disabled={!userId}
        loading={addMember.isPending}
        onClick={() =>
          userId &&
          addMember.mutate(
            { teamId, userId },
            {
              onSuccess: () => setUserId(null),
              onError: (error) => notifications.show({ color: 'red', message: rejectionMessage(error) }),
            },
          )
        }
      >
        Add to team
      </Button>
    </Group>
  );
}

function RemoveFromTeam({ teamId, member }: { teamId: string; member: OrganizationMember }) {
  const removeUser = useRemoveUser();
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      loading={removeUser.isPending}
      onClick={() =>
        removeUser.mutate(
          { userId: member.user_id, teamId },
          { onError: (error) => notifications.show({ color: 'red', message: rejectionMessage(error) }) },
        )
      }
    >
      Remove from team
    </Button>
  );
}

/** The team's people (GET list_users); owners and admins add and remove them (remove-user with team_id). */
export function TeamMembersCard({ data, manages }: { data: TeamUsers; manages: boolean }) {
  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4" mb="md">
        Members
      </Title>
      <DataTable
        verticalSpacing="sm"
        phone={{ scroll: 520 }}
        withHeader={false}
        rows={data.users}
        rowKey={(member) => member.user_id}
        empty="Nobody is in this team yet."
        columns={[
          {
            header: 'Member',
            cell: (member) => <MemberLink member={member} />,
          },
          { header: 'Role', cell: (member) => <RoleBadge role={member.role} /> },
          { header: 'Last active', cell: (member) => <LastActive at={member.last_active_at} /> },
          manages && {
            header: null,
            label: 'Actions',
            align: 'right',
            cell: (member) => <RemoveFromTeam teamId={data.team.id} member={member} />,
          },
        ]}
      />
      {manages && <AddMember teamId={data.team.id} current={data.users} />}
    </Paper>
  );
}
