import { Button, Grid, Group, Stack } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { managesOrganization } from '../../../../domain/organization-roles.ts';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { RowsSkeleton, SectionError } from '../../../components/section-states.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useDeleteTeam } from '../api/delete-team.ts';
import { useOrganization } from '../api/get-organization.ts';
import { useTeamUsers } from '../api/list-team-users.ts';
import { describeScope } from './scope-summary.tsx';
import { TeamMembersCard } from './team-members-card.tsx';
import { TeamNameForm } from './team-name-form.tsx';
import { TeamScopeCard } from './team-scope-card.tsx';
import { TeamSpendCard } from './team-spend-card.tsx';

function TeamNotFound() {
  return (
    <EmptyState
      icon={<IconUsersGroup size={28} />}
      title="Team not found"
      action={
        <Button component={Link} to="/organization">
          Back to the organization
        </Button>
      }
    >
      There is no team with this address in your organization.
    </EmptyState>
  );
}

/** /teams/{slug}: the team's members, the spend it owns, and its spend this month once cost data exists. */
export function TeamPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const team = useTeamUsers(slug);
  const organization = useOrganization();
  const deleteTeam = useDeleteTeam();
  const [renaming, setRenaming] = useState(false);
  const manages = organization.isSuccess && managesOrganization(organization.data.my_role);

  if (team.isError && team.error instanceof ApiRequestError && team.error.status === 404) {
    return (
      <PageContainer>
        <TeamNotFound />
      </PageContainer>
    );
  }
  const data = team.data;
  return (
    <PageContainer>
      <ScreenHeader
        title={data?.team.name ?? 'Team'}
        description={
          data
            ? `${data.team.member_count} ${data.team.member_count === 1 ? 'member' : 'members'} · ${describeScope(data.team.scope)}`
            : 'Loading the team…'
        }
        actions={
          manages &&
          data && (
            <Group gap="xs">
              <Button variant="default" onClick={() => setRenaming(true)}>
                Rename
              </Button>
              <ConfirmButton
                color="red"
                variant="light"
                question={`Delete the team ${data.team.name}? Its people stay in the organization.`}
                confirmLabel="Delete team"
                loading={deleteTeam.isPending}
                onConfirm={() =>
                  deleteTeam.mutate(data.team.id, { onSuccess: () => navigate('/organization') })
                }
              >
                Delete
              </ConfirmButton>
            </Group>
          )
        }
      />
      {team.isPending && <RowsSkeleton rows={4} label="the team" />}
      {team.isError && <SectionError what="the team" error={team.error} />}
      {data && (
        <Stack gap="lg">
          {renaming && (
            <TeamNameForm
              team={data.team}
              onDone={(newSlug) => {
                setRenaming(false);
                if (newSlug !== slug) navigate(`/teams/${newSlug}`, { replace: true });
              }}
            />
          )}
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <TeamMembersCard data={data} manages={manages} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="lg">
                <TeamScopeCard team={data.team} manages={manages} />
                <TeamSpendCard slug={data.team.slug} manages={manages} />
              </Stack>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </PageContainer>
  );
}
