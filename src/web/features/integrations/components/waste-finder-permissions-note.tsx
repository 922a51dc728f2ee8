import { Code, Paper, Text } from '@mantine/core';
import { COMPUTE_OPTIMIZER_PERMISSIONS } from '../../../../domain/imported-recommendations.ts';
import { COST_OPTIMIZATION_HUB_PERMISSIONS } from '../../../../domain/read-role-additions.ts';
import { ALL_WASTE_FINDER_PERMISSIONS } from '../../../../domain/waste-findings.ts';

/** `a`, `a and b`, `a, b and c`, each as code. */
function CodeList({ items }: { items: readonly string[] }) {
  return items.map((permission, index, all) => (
    <span key={permission}>
      <Code>{permission}</Code>
      {index < all.length - 2 ? ', ' : index === all.length - 2 ? ' and ' : ''}
    </span>
  ));
}

/** What a stack made from an older template lacks for the waste findings, and how to add it. */
export function WasteFinderPermissionsNote() {
  return (
    <Paper withBorder radius="md" p="lg" maw={720} mt="md">
      <Text fw={600} mb={4}>
        Waste findings (volumes, snapshots, public IPv4 addresses, NAT gateways, load balancers, databases)
      </Text>
      <Text size="sm" c="dimmed">
        They read{' '}
        {ALL_WASTE_FINDER_PERMISSIONS.map((permission, index, all) => (
          <span key={permission}>
            <Code>{permission}</Code>
            {index < all.length - 1 ? ', ' : ''}
          </span>
        ))}{' '}
        in every region, and CloudWatch metrics the role already reads. A stack made before these finders
        lacks them: update it with the latest template, or add them to the role&apos;s policy. Until then the
        Recommendations screen names the one missing, and the other finders still run.
      </Text>
      <Text size="sm" c="dimmed" mt="xs">
        Where an account has AWS Compute Optimizer turned on, its recommendations (instances, volumes, and the
        idle resources it finds) are imported with <CodeList items={COMPUTE_OPTIMIZER_PERMISSIONS} />; where
        it has Cost Optimization Hub turned on, the hub&apos;s with{' '}
        <CodeList items={COST_OPTIMIZATION_HUB_PERMISSIONS} />, each resource counted once. An account without
        them is simply said to have them off, here on its card and on the Recommendations screen.
      </Text>
    </Paper>
  );
}
