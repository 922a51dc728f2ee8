import { Code, Paper, Text } from '@mantine/core';
import {
  COMMITMENT_INVENTORY_PERMISSIONS,
  USAGE_METER_PERMISSIONS,
} from '../../../../domain/read-role-additions.ts';

function PermissionList({ permissions }: { permissions: readonly string[] }) {
  return permissions.map((permission, index) => (
    <span key={permission}>
      <Code>{permission}</Code>
      {index < permissions.length - 2 ? ', ' : index === permissions.length - 2 ? ' and ' : ''}
    </span>
  ));
}

/** What a stack made from an older template lacks for the live usage meter and the commitments, and what it costs. */
export function MeterAndCommitmentPermissionsNote() {
  return (
    <Paper withBorder radius="md" p="lg" maw={720} mt="md" data-testid="meter-commitment-permissions">
      <Text fw={600} mb={4}>
        Live usage meter and commitments
      </Text>
      <Text size="sm" c="dimmed">
        The live meter of NAT gateways, Lambda, CloudWatch Logs, DynamoDB, Bedrock and EC2 egress reads{' '}
        <PermissionList permissions={USAGE_METER_PERMISSIONS} /> in the regions you use. Without{' '}
        <Code>tag:GetResources</Code> it still meters, but each row says its owner is not known instead of
        naming the owner from its tags.
      </Text>
      <Text size="sm" c="dimmed" mt="xs">
        The Commitments page lists queued and retired plans and reservations with{' '}
        <PermissionList permissions={Object.values(COMMITMENT_INVENTORY_PERMISSIONS)} />. Without them it
        shows the commitments the bill carries, and the integration card names the permission missing.
      </Text>
      <Text size="sm" c="dimmed" mt="xs">
        A stack made before these lacks them: update it with the latest template, or add them to the
        role&apos;s policy.
      </Text>
    </Paper>
  );
}
