import { Badge, Divider, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { LaunchEventsStatusView } from '../../../../contracts/launch-events.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { formatAge, formatEventTime } from '../../../lib/launch-format.ts';
import { useSession } from '../../../lib/session.tsx';
import { useLaunchEventsStatus } from '../api/get-launch-events-status.ts';
import { apiCallEventsGap, LAUNCH_EVENTS_BADGES, launchEventsMessage } from '../launch-events-wording.ts';
import { ApiDestinationSecret } from './api-destination-secret.tsx';
import { RejectedMessages } from './rejected-messages.tsx';

function LastEvent({ label, at, timeZone }: { label: string; at: string | null; timeZone: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{at ? `${formatEventTime(at, timeZone)} (${formatAge(at)})` : 'None yet'}</Text>
    </Stack>
  );
}

function QueueLines({ queues }: { queues: LaunchEventsStatusView['queues'] }) {
  if (queues.length === 0) return null;
  return (
    <Stack gap={4} data-testid="launch-events-queues">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        Queues
      </Text>
      {queues.map((queue) => {
        const badge = LAUNCH_EVENTS_BADGES[queue.state];
        const message = launchEventsMessage(queue.state, queue.message);
        return (
          <Stack key={queue.queue_url} gap={0}>
            <Group gap={8}>
              <Text size="sm" ff="monospace">
                {queue.region}
              </Text>
              <Badge size="sm" color={badge.color} variant="light">
                {badge.label}
              </Badge>
              {queue.last_polled_at && (
                <Text size="xs" c="dimmed">
                  read {formatAge(queue.last_polled_at)}
                </Text>
              )}
            </Group>
            {message && queue.state !== 'arriving' && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {message}
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

function StatusBody({ status, timeZone }: { status: LaunchEventsStatusView; timeZone: string }) {
  const badge = LAUNCH_EVENTS_BADGES[status.state];
  const message = launchEventsMessage(status.state, status.message);
  const gap = apiCallEventsGap(status);
  if (status.state === 'not-applicable') {
    return (
      <Group gap="xs">
        <Badge color={badge.color} variant="light" data-testid="launch-events-state">
          {badge.label}
        </Badge>
        {message && (
          <Text size="sm" c="dimmed">
            {message}
          </Text>
        )}
      </Group>
    );
  }
  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Badge
          color={badge.color}
          variant="light"
          style={{ flexShrink: 0 }}
          data-testid="launch-events-state"
        >
          {badge.label}
        </Badge>
        {message && (
          <Text size="sm" c={status.state === 'arriving' ? 'dimmed' : undefined}>
            {message}
          </Text>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <LastEvent label="Last state change" at={status.last_state_change_at} timeZone={timeZone} />
        <LastEvent label="Last API call (CloudTrail)" at={status.last_api_call_at} timeZone={timeZone} />
      </SimpleGrid>
      {gap && (
        <Text size="sm" c="orange.8" data-testid="launch-events-no-trail">
          {gap}
        </Text>
      )}
      <QueueLines queues={status.queues} />
      <RejectedMessages integrationId={status.integration_id} count={status.rejected_count} />
      <ApiDestinationSecret integrationId={status.integration_id} exists={status.api_destination} />
    </Stack>
  );
}

/** The integration card's "Launch events" part: whether early warning works for this account. */
export function LaunchEventsPanel({ integrationId }: { integrationId: string }) {
  const { user } = useSession();
  const timeZone = user?.default_timezone ?? 'UTC';
  const statuses = useLaunchEventsStatus();
  const status = statuses.data?.integrations.find((entry) => entry.integration_id === integrationId);
  return (
    <Stack gap="sm" data-testid="launch-events-panel">
      <Divider />
      <Text size="sm" fw={600}>
        Launch events
      </Text>
      {statuses.isPending ? (
        <Skeleton h={40} />
      ) : statuses.isError && !statuses.data ? (
        <Text size="sm" c="red">
          Whether launch events arrive could not be loaded: {rejectionMessage(statuses.error)}
        </Text>
      ) : status ? (
        <StatusBody status={status} timeZone={timeZone} />
      ) : (
        <Text size="sm" c="dimmed">
          No launch-event status yet for this integration.
        </Text>
      )}
    </Stack>
  );
}
