import { Code, Paper, Stack, Text, Title } from '@mantine/core';
import { ACTION_ROLE_NAME, actionRolePolicy, PROTECT_TAG } from '../../../../domain/resource-actions.ts';

/**
 * The opt-in action role for a stack made without it: the policy to add by hand to a second role
 * (never to the read-only one), which trusts Spendguard with the same ExternalId.
 */
export function ActionRoleNotes() {
  return (
    <Paper withBorder radius="md" p="lg" maw={720} mt="md" data-testid="action-role-notes">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Optional: let Spendguard stop what you approve
        </Title>
        <Text size="sm">
          Off by default. To stop launched instances from an alert, create a second role named{' '}
          {ACTION_ROLE_NAME} with the same trust policy as the read-only role (Spendguard’s account and your
          ExternalId) and this permission policy, then paste its ARN on the integration. Spendguard assumes it
          only when a person in your organization confirms an action, after a dry run. Anything tagged{' '}
          {PROTECT_TAG.key}={PROTECT_TAG.value} is refused by the policy itself.
        </Text>
        <Code block style={{ maxHeight: 320, overflow: 'auto' }}>
          {JSON.stringify(actionRolePolicy(), null, 2)}
        </Code>
      </Stack>
    </Paper>
  );
}
