import { Anchor, Badge, Code, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { LaunchEventRejectionView } from '../../../../contracts/launch-events.ts';
import { RegionName } from '../../../components/region-name.tsx';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { formatEventTime } from '../../../lib/launch-format.ts';
import { useSession } from '../../../lib/session.tsx';
import { useLaunchEventRejections } from '../api/get-launch-event-rejections.ts';
import { rejectedLabel } from '../launch-events-wording.ts';

const EXPLANATION =
  'not launch events or unreadable; counted, kept for inspection and deleted from the queue.';

function RejectedMessage({ rejection, timeZone }: { rejection: LaunchEventRejectionView; timeZone: string }) {
  const cut = rejection.body_length > rejection.body.length;
  return (
    <Stack gap={4} data-testid="launch-event-rejection">
      <Group gap="xs">
        <Badge size="sm" color="orange" variant="light">
          {rejection.reason}
        </Badge>
        <Text size="xs" c="dimmed">
          {formatEventTime(rejection.received_at, timeZone)} · <RegionName region={rejection.region} />
        </Text>
      </Group>
      <Text size="sm">{rejection.message}</Text>
      <Code
        block
        style={{ maxHeight: 160, overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {rejection.body || '(empty body)'}
      </Code>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        Message {rejection.message_id}
        {cut &&
          ` · the first ${rejection.body.length.toLocaleString('en-US')} of ${rejection.body_length.toLocaleString('en-US')} characters`}
      </Text>
    </Stack>
  );
}

function RejectedList({ integrationId, timeZone }: { integrationId: string; timeZone: string }) {
  const list = useLaunchEventRejections(integrationId, true);
  if (list.isPending) return <Loader size="sm" />;
  if (list.isError)
    return (
      <Text size="sm" c="red">
        The rejected messages could not be loaded: {rejectionMessage(list.error)}
      </Text>
    );
  const { rejections, total } = list.data;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {rejections.length < total ? `The newest ${rejections.length} of ${total}` : rejectedLabel(total)}:{' '}
        {EXPLANATION} A message from another account or of an event Spendguard does not read is usually a
        rule's pattern, a queue shared with something else, or a test message.
      </Text>
      {rejections.map((rejection) => (
        <RejectedMessage
          key={`${rejection.region}/${rejection.message_id}`}
          rejection={rejection}
          timeZone={timeZone}
        />
      ))}
    </Stack>
  );
}

/**
 * "3 messages rejected" on the integration card: owners and admins open the list (reason and the
 * body's start of each), members see the count (the list is for those who manage integrations).
 */
export function RejectedMessages({ integrationId, count }: { integrationId: string; count: number }) {
  const { user } = useSession();
  const timeZone = user?.default_timezone ?? 'UTC';
  const [opened, setOpened] = useState(false);
  if (count === 0) return null;
  if (user?.role === 'member')
    return (
      <Text size="sm" c="dimmed">
        {rejectedLabel(count)}: {EXPLANATION}
      </Text>
    );
  return (
    <>
      <Text size="sm" c="dimmed">
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => setOpened(true)}
          data-testid="launch-events-rejected"
        >
          {rejectedLabel(count)}
        </Anchor>
        : {EXPLANATION}
      </Text>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Rejected messages" size="lg">
        {opened && <RejectedList integrationId={integrationId} timeZone={timeZone} />}
      </Modal>
    </>
  );
}
