import { Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { OrganizationDetails } from '../../../../contracts/organizations.ts';
import { managesOrganization } from '../../../../domain/organization-roles.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useRenameOrganization } from '../api/rename-organization.ts';
import { RoleBadge } from './member-labels.tsx';

function RenameForm({ name, onDone }: { name: string; onDone: () => void }) {
  const rename = useRenameOrganization();
  const form = useForm({
    initialValues: { name },
    validate: { name: (value) => (value.trim() ? null : 'Enter a name.') },
  });
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        rename.mutate(values.name, {
          onSuccess: () => {
            notifications.show({ message: 'The organization was renamed.' });
            onDone();
          },
        }),
      )}
    >
      <TextInput
        label="Organization name"
        maxLength={80}
        error={rename.isError ? rejectionMessage(rename.error) : undefined}
        {...form.getInputProps('name')}
      />
      <Group justify="flex-end" mt="sm" gap="xs">
        <Button variant="default" size="xs" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="xs" loading={rename.isPending}>
          Save
        </Button>
      </Group>
    </form>
  );
}

/** The organization's name (owners and admins rename it) and the viewer's role in it. */
export function OrganizationNameCard({ organization }: { organization: OrganizationDetails }) {
  const [editing, setEditing] = useState(false);
  const manages = managesOrganization(organization.my_role);
  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4" mb="xs">
        Organization
      </Title>
      {editing ? (
        <RenameForm name={organization.name} onDone={() => setEditing(false)} />
      ) : (
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{organization.name}</Text>
          {manages && (
            <Button size="xs" variant="subtle" onClick={() => setEditing(true)}>
              Rename
            </Button>
          )}
        </Group>
      )}
      <Group gap="xs" mt="sm">
        <Text size="sm" c="dimmed">
          Your role
        </Text>
        <RoleBadge role={organization.my_role} />
      </Group>
      {!manages && (
        <Text size="xs" c="dimmed" mt="xs">
          Owners and admins invite people, manage teams, integrations, budgets and alerts; members read.
        </Text>
      )}
    </Paper>
  );
}
