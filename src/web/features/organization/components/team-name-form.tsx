import { Alert, Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TeamSummary } from '../../../../contracts/teams.ts';
import { isValidSlug } from '../../../../domain/slugs.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useUpdateTeam } from '../api/update-team.ts';

/** Renames a team and changes its slug; answers the new slug so the page can follow it. */
export function TeamNameForm({ team, onDone }: { team: TeamSummary; onDone: (slug: string) => void }) {
  const updateTeam = useUpdateTeam();
  const form = useForm({
    initialValues: { name: team.name, slug: team.slug },
    validate: {
      name: (value) => (value.trim() ? null : 'Enter a name.'),
      slug: (value) => (isValidSlug(value) ? null : 'Use lower-case letters, digits and single dashes.'),
    },
  });
  return (
    <Paper withBorder p="lg">
      <form
        onSubmit={form.onSubmit((values) =>
          updateTeam.mutate(
            { teamId: team.id, patch: values },
            { onSuccess: (updated) => onDone(updated.slug) },
          ),
        )}
      >
        <Stack>
          <Group grow align="flex-start">
            <TextInput label="Name" maxLength={60} {...form.getInputProps('name')} />
            <TextInput label="Slug" {...form.getInputProps('slug')} />
          </Group>
          {updateTeam.isError && <Alert color="red">{rejectionMessage(updateTeam.error)}</Alert>}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={() => onDone(team.slug)}>
              Cancel
            </Button>
            <Button type="submit" size="xs" loading={updateTeam.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
