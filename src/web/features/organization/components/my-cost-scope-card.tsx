import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { RowsSkeleton, SectionError } from '../../../components/section-states.tsx';
import { useCostScope } from '../api/get-cost-scope.ts';
import { ScopeBadges } from './scope-summary.tsx';

/** Which part of the spend the viewer's dashboard and alerts cover, and why. */
export function MyCostScopeCard() {
  const scope = useCostScope();
  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4" mb="xs">
        Your view of spend
      </Title>
      {scope.isPending && <RowsSkeleton rows={1} label="your view of spend" />}
      {scope.isError && <SectionError what="your view of spend" error={scope.error} />}
      {scope.isSuccess && (
        <Stack gap="xs">
          <Text size="sm">
            {scope.data.restricted
              ? 'Your dashboard and alerts cover what your teams own:'
              : 'You see the whole organization’s spend.'}
          </Text>
          {scope.data.restricted && (
            <ScopeBadges scope={{ account_ids: scope.data.account_ids, tags: scope.data.tags }} />
          )}
          {scope.data.teams.length > 0 && (
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                Your teams:
              </Text>
              {scope.data.teams.map((team) => (
                <Anchor key={team.id} component={Link} to={`/teams/${team.slug}`} size="xs">
                  {team.name}
                </Anchor>
              ))}
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
}
