import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconFlame } from '@tabler/icons-react';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.tsx';
import { useIntegrations } from '../api/get-integrations.ts';
import { type UsageScenario, useStartUsageScenario } from '../api/start-usage-scenario.ts';

const SCENARIOS: Array<{ scenario: UsageScenario; label: string; what: string }> = [
  {
    scenario: 'nat-egress-leak',
    label: 'NAT egress leak',
    what: 'A NAT gateway processes 182 GB an hour more',
  },
  { scenario: 'lambda-loop', label: 'Lambda loop', what: 'A function is invoked 60,000 times a minute more' },
  { scenario: 'logging-flood', label: 'Logging flood', what: 'A log group ingests 40 GB an hour more' },
  { scenario: 'token-spike', label: 'Token spike', what: 'A Bedrock model is called in a loop' },
];

/**
 * The demo's usage surprises beside "Launch a GPU burst": nothing is launched, the live meter sees
 * the usage at its next read. Shown where the GPU burst is (the demo, or the demo account connected).
 */
export function UsageScenarioMenu() {
  const { user } = useSession();
  const integrations = useIntegrations();
  const start = useStartUsageScenario();
  const hasSimulator = user?.is_demo || (integrations.data ?? []).some((integration) => integration.is_demo);
  if (!hasSimulator) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="light"
          color="grape"
          leftSection={<IconFlame size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={start.isPending}
        >
          Start a usage surprise
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {SCENARIOS.map((entry) => (
          <Menu.Item
            key={entry.scenario}
            onClick={() =>
              start.mutate(entry.scenario, {
                onSuccess: (answer) =>
                  notifications.show({
                    color: 'grape',
                    title: `${entry.label} started in the demo account`,
                    message: `${entry.what} (${answer.resource_id ?? answer.nat_gateway_id}, ${answer.region}). The live meter shows it within a few minutes.`,
                    autoClose: 10_000,
                  }),
                onError: (error) =>
                  notifications.show({
                    color: 'red',
                    title: 'Nothing was started',
                    message: rejectionMessage(error),
                  }),
              })
            }
          >
            {entry.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
