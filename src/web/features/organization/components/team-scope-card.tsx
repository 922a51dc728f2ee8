import { Alert, Button, Group, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { TeamScope, TeamSummary } from '../../../../contracts/teams.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useUpdateTeam } from '../api/update-team.ts';
import { CostScopePicker } from './cost-scope-picker.tsx';
import { ScopeBadges } from './scope-summary.tsx';

function ScopeEditor({ team, onDone }: { team: TeamSummary; onDone: () => void }) {
  const updateTeam = useUpdateTeam();
  const [scope, setScope] = useState<TeamScope>(team.scope);
  return (
    <>
      <CostScopePicker value={scope} onChange={setScope} />
      {updateTeam.isError && (
        <Alert color="red" mt="sm">
          {rejectionMessage(updateTeam.error)}
        </Alert>
      )}
      <Group justify="flex-end" mt="md" gap="xs">
        <Button variant="default" size="xs" onClick={onDone}>
          Cancel
        </Button>
        <Button
          size="xs"
          loading={updateTeam.isPending}
          onClick={() => updateTeam.mutate({ teamId: team.id, patch: { scope } }, { onSuccess: onDone })}
        >
          Save scope
        </Button>
      </Group>
    </>
  );
}

/** The accounts and tag values the team owns: its members' dashboards and alerts are limited to them. */
export function TeamScopeCard({ team, manages }: { team: TeamSummary; manages: boolean }) {
  const [editing, setEditing] = useState(false);
  return (
    <Paper withBorder p="lg">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Spend this team owns
        </Title>
        {manages && !editing && (
          <Button size="xs" variant="subtle" onClick={() => setEditing(true)}>
            Edit scope
          </Button>
        )}
      </Group>
      {editing ? (
        <ScopeEditor team={team} onDone={() => setEditing(false)} />
      ) : (
        <>
          <ScopeBadges scope={team.scope} />
          <Text size="xs" c="dimmed" mt="sm">
            Members of this team see costs of these accounts or carrying these tags; owners and admins see
            everything.
          </Text>
        </>
      )}
    </Paper>
  );
}
