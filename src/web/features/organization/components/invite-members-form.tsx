import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { InviteUsersAnswer } from '../../../../contracts/organizations.ts';
import { INVITATION_BATCH_LIMIT, INVITATION_VALID_DAYS } from '../../../../domain/invitations.ts';
import type { OrganizationRole } from '../../../../domain/organization-roles.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { canSubmitEmail, emailFieldError } from '../../../lib/email-field.ts';
import { useInviteUsers } from '../api/invite-users.ts';
import { useTeams } from '../api/list-teams.ts';

interface InviteRow {
  email: string;
  role: OrganizationRole;
  team_id: string | null;
}

const emptyRow = (): InviteRow => ({ email: '', role: 'member', team_id: null });

function InviteResults({ answer }: { answer: InviteUsersAnswer }) {
  const sent = answer.results.filter((result) => result.status !== 'already_member').map((r) => r.email);
  const members = answer.results.filter((result) => result.status === 'already_member').map((r) => r.email);
  return (
    <Alert
      color={sent.length > 0 ? 'green' : 'yellow'}
      title={sent.length === 0 ? 'Nobody new' : sent.length === 1 ? 'Invitation sent' : 'Invitations sent'}
    >
      {sent.length > 0 && <Text size="sm">Sent to {sent.join(', ')}.</Text>}
      {members.length > 0 && <Text size="sm">Already members: {members.join(', ')}.</Text>}
    </Alert>
  );
}

/** POST organization-users: several people at once, each with a role and optionally a team. */
export function InviteMembersForm({ myRole }: { myRole: string }) {
  const invite = useInviteUsers();
  const teams = useTeams();
  const [answer, setAnswer] = useState<InviteUsersAnswer | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { users: [emptyRow()] },
    validateInputOnBlur: true,
    validate: { users: { email: (value) => emailFieldError(value.trim()) } },
  });
  // Submit stays disabled until every e-mail is non-empty and valid.
  const allValid = form.values.users.every((user) => canSubmitEmail(user.email.trim()));
  const roles = [
    ...(myRole === 'owner' ? [{ value: 'owner', label: 'Owner' }] : []),
    { value: 'admin', label: 'Admin' },
    { value: 'member', label: 'Member' },
  ];
  const teamOptions = (teams.data ?? []).map((team) => ({ value: team.id, label: team.name }));

  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4">
        Invite people
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Each person gets an e-mail with a link that works once, for {INVITATION_VALID_DAYS} days.
      </Text>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          invite.mutate(
            values.users.map((user) => ({
              email: user.email.trim(),
              role: user.role,
              team_id: user.team_id,
            })),
            {
              onSuccess: (result) => {
                setAnswer(result);
                form.reset();
              },
            },
          ),
        )}
      >
        <Stack gap="sm">
          {form.values.users.map((_user, index) => (
            // On a phone the address takes its own line, role and team share the next one.
            <Group key={form.key(`users.${index}`)} align="flex-start" gap="xs" wrap="wrap">
              <TextInput
                style={{ flex: 1 }}
                miw={{ base: '100%', sm: 0 }}
                aria-label={`E-mail of person ${index + 1}`}
                placeholder="name@company.com"
                type="email"
                {...form.getInputProps(`users.${index}.email`)}
              />
              <Select
                w={{ base: 110, sm: 120 }}
                aria-label={`Role of person ${index + 1}`}
                data={roles}
                allowDeselect={false}
                {...form.getInputProps(`users.${index}.role`)}
              />
              <Select
                w={{ base: 120, sm: 170 }}
                aria-label={`Team of person ${index + 1}`}
                placeholder="No team"
                data={teamOptions}
                clearable
                disabled={teamOptions.length === 0}
                {...form.getInputProps(`users.${index}.team_id`)}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={`Remove person ${index + 1}`}
                disabled={form.values.users.length === 1}
                onClick={() => form.removeListItem('users', index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          {invite.isError && (
            <Alert color="red" title="Could not send the invitations">
              {rejectionMessage(invite.error)}
            </Alert>
          )}
          {answer && <InviteResults answer={answer} />}
          <Group justify="space-between">
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} />}
              disabled={form.values.users.length >= INVITATION_BATCH_LIMIT}
              onClick={() =>
                form.insertListItem('users', { ...emptyRow(), role: roleOfLastRow(form.values.users) })
              }
            >
              Add another person
            </Button>
            <Button type="submit" loading={invite.isPending} disabled={!allValid}>
              Send {form.values.users.length > 1 ? `${form.values.users.length} invitations` : 'invitation'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** A new row takes the role of the row above: people are usually invited in groups of one kind. */
const roleOfLastRow = (users: InviteRow[]): OrganizationRole => users[users.length - 1]?.role ?? 'member';
