import { Alert, Button, Group, MultiSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import type { TeamScope } from '../../../../contracts/teams.ts';
import { isValidSlug, slugify } from '../../../../domain/slugs.ts';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useCreateTeam } from '../api/create-team.ts';
import { useOrganization } from '../api/get-organization.ts';
import { CostScopePicker } from './cost-scope-picker.tsx';
import { TeamsPlanNote, usePlanIncludesTeams } from './teams-plan-note.tsx';

interface NewTeamValues {
  name: string;
  slug: string;
  slugEdited: boolean;
  memberIds: string[];
  scope: TeamScope;
}

/** /new-team: name, slug, members and the spend the team owns (owners and admins; members are sent away). */
export function NewTeamPage() {
  const navigate = useNavigate();
  const organization = useOrganization();
  const createTeam = useCreateTeam();
  const included = usePlanIncludesTeams();
  const form = useForm<NewTeamValues>({
    mode: 'controlled',
    initialValues: {
      name: '',
      slug: '',
      slugEdited: false,
      memberIds: [],
      scope: { account_ids: [], tags: [] },
    },
    validate: {
      name: (value) => (value.trim() ? null : 'Enter a name.'),
      slug: (value) => (isValidSlug(value) ? null : 'Use lower-case letters, digits and single dashes.'),
    },
    onValuesChange: (values, previous) => {
      if (values.name !== previous.name && !values.slugEdited)
        form.setFieldValue('slug', slugify(values.name));
    },
  });
  const memberOptions = (organization.data?.members ?? []).map((member) => ({
    value: member.user_id,
    label: `${member.fullname} (${member.email})`,
  }));

  return (
    <PageContainer size="md">
      <ScreenHeader title="New team" description="A team groups people and owns part of the spend." />
      {!included && (
        <Stack mb="lg">
          <TeamsPlanNote />
        </Stack>
      )}
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          createTeam.mutate(
            { name: values.name, slug: values.slug, member_ids: values.memberIds, scope: values.scope },
            {
              onSuccess: (team) => {
                notifications.show({ color: 'green', message: `The team ${team.name} was created.` });
                navigate(`/teams/${team.slug}`);
              },
            },
          ),
        )}
      >
        <Stack gap="lg">
          <Paper withBorder p="lg">
            <Stack>
              <TextInput
                label="Name"
                placeholder="Payments"
                required
                maxLength={60}
                {...form.getInputProps('name')}
              />
              <TextInput
                label="Slug"
                description={`The team's address: /teams/${form.values.slug || 'payments'}`}
                required
                {...form.getInputProps('slug')}
                onChange={(event) => {
                  form.setFieldValue('slugEdited', true);
                  form.setFieldValue('slug', event.currentTarget.value);
                }}
              />
              <MultiSelect
                label="Members"
                placeholder={organization.isPending ? 'Loading the members…' : 'Choose people'}
                data={memberOptions}
                searchable
                {...form.getInputProps('memberIds')}
              />
            </Stack>
          </Paper>
          <Paper withBorder p="lg">
            <Title order={2} size="h4" mb="md">
              Spend this team owns
            </Title>
            <CostScopePicker
              value={form.values.scope}
              onChange={(scope) => form.setFieldValue('scope', scope)}
            />
          </Paper>
          {createTeam.isError && (
            <Alert color="red" title="Could not create the team">
              {rejectionMessage(createTeam.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button component={Link} to="/organization" variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={createTeam.isPending} disabled={!included}>
              Create team
            </Button>
          </Group>
        </Stack>
      </form>
    </PageContainer>
  );
}
