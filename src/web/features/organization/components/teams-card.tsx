import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RowsSkeleton, SectionError } from '../../../components/section-states.tsx';
import { useTeams } from '../api/list-teams.ts';
import { describeScope } from './scope-summary.tsx';
import { TeamsPlanNote, usePlanIncludesTeams } from './teams-plan-note.tsx';

/** The organization's teams: each owns a scope of spend; owners and admins create them. */
export function TeamsCard({ manages }: { manages: boolean }) {
  const teams = useTeams();
  const included = usePlanIncludesTeams();
  return (
    <Paper withBorder p="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          Teams
        </Title>
        {manages && included && (
          <Button
            component={Link}
            to="/new-team"
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
          >
            New team
          </Button>
        )}
      </Group>
      {!included && (
        <Stack mb="sm">
          <TeamsPlanNote />
        </Stack>
      )}
      {teams.isPending && <RowsSkeleton rows={2} label="teams" />}
      {teams.isError && <SectionError what="the teams" error={teams.error} />}
      {teams.isSuccess && teams.data.length === 0 && (
        <Text size="sm" c="dimmed">
          No teams yet. A team groups people and owns part of the spend (AWS accounts or tag values), so its
          members see and are alerted about just that part.
        </Text>
      )}
      {teams.isSuccess && teams.data.length > 0 && (
        <Stack gap="sm">
          {teams.data.map((team) => (
            <Group key={team.id} justify="space-between" wrap="nowrap">
              <Stack gap={0}>
                <Anchor component={Link} to={`/teams/${team.slug}`} fw={600} size="sm">
                  {team.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {describeScope(team.scope)}
                </Text>
              </Stack>
              <Text size="sm" c="dimmed">
                {team.member_count} {team.member_count === 1 ? 'member' : 'members'}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
