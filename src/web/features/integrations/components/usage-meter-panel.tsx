import { Badge, Divider, Group, Stack, Table, Text } from '@mantine/core';
import type { UsageMeterView } from '../../../../contracts/usage-meter.ts';
import { intervalText } from '../../../lib/interval-text.ts';
import { formatAge } from '../../../lib/launch-format.ts';
import { useIntegrationUsageMeter } from '../api/get-integration-usage-meter.ts';

type MeterView = UsageMeterView['meters'][number];

const SERVICE_NAMES: Record<string, string> = {
  'nat-gateway': 'NAT gateways',
  lambda: 'Lambda',
  logs: 'CloudWatch Logs',
  dynamodb: 'DynamoDB on-demand',
  bedrock: 'Bedrock',
  'ec2-egress': 'EC2 bytes out (estimate)',
};

const STATE_BADGES: Record<MeterView['services'][number]['state'], { label: string; color: string }> = {
  metered: { label: 'Metered', color: 'teal' },
  failing: { label: 'Not read', color: 'red' },
  'not-metered': { label: 'Off', color: 'gray' },
};

const usd = (amount: number) =>
  amount.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/**
 * The live usage meter on the integration card (docs/decisions/094): each service's state, why one is
 * not read, the datapoints left out, what the meter costs a month in the account (GetMetricData), and
 * its error against the bill per service and day (docs/decisions/112).
 */
export function UsageMeterPanel({ integrationId }: { integrationId: string }) {
  const usage = useIntegrationUsageMeter(integrationId);
  const meter = usage.data?.meters.find((entry) => entry.integration_id === integrationId);
  if (!meter) return null;
  return (
    <Stack gap="xs" data-testid="usage-meter-panel">
      <Divider label="Usage meter" labelPosition="left" />
      <Group gap="lg">
        <Text size="sm">
          Costs about <b>{usd(meter.monthly_cost_usd)} a month</b> in this AWS account (CloudWatch
          GetMetricData, $0.01 per 1,000 metrics) at the current settings.
        </Text>
        {meter.left_out > 0 && (
          <Text size="sm" c="orange" data-testid="usage-meter-left-out">
            {meter.left_out.toLocaleString('en-US')} datapoints dated in the future or far in the past were
            left out of the spend.
          </Text>
        )}
      </Group>
      <Table withRowBorders={false} verticalSpacing={2} fz="sm">
        <Table.Tbody>
          {meter.services.map((service) => {
            const badge = STATE_BADGES[service.state];
            return (
              <Table.Tr key={service.service}>
                <Table.Td>{SERVICE_NAMES[service.service] ?? service.service}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={badge.color}>
                    {badge.label}
                  </Badge>
                </Table.Td>
                <Table.Td c="dimmed">every {intervalText(service.read_every_seconds, 'short')}</Table.Td>
                <Table.Td c="dimmed">
                  {service.last_read_at ? `read ${formatAge(service.last_read_at)}` : ''}
                </Table.Td>
                <Table.Td>
                  {service.error && (
                    <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
                      {service.error}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {meter.accuracy.length > 0 && (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            Metered against the bill
          </Text>
          {meter.accuracy.map((check) => (
            <Text
              key={`${check.service}-${check.day}`}
              size="xs"
              c={check.error !== null && Math.abs(check.error) > 0.1 ? 'orange' : undefined}
              data-testid="usage-meter-accuracy"
            >
              {check.reason ? `${check.line}: ${check.reason}` : check.line}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
