import { Alert, Badge, Group, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import type { SupportConversation } from '../../../../contracts/chat.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';

export function personLabel(conversation: SupportConversation): { title: string; subtitle: string } {
  const { person } = conversation;
  if (person.kind === 'user') return { title: person.name || person.email, subtitle: person.email };
  return { title: person.email ?? 'Visitor', subtitle: 'Visitor' };
}

interface ConversationListProps {
  query: { isPending: boolean; isError: boolean; error: Error | null; data?: SupportConversation[] };
  selectedId: string | null;
  onSelect(id: string): void;
}

/** The inbox column: who wrote, their last message, how many messages wait unread. */
export function ConversationList({ query, selectedId, onSelect }: ConversationListProps) {
  if (query.isPending) {
    return (
      <Stack gap="xs" aria-label="Loading conversations">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} h={64} radius="md" />
        ))}
      </Stack>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Alert color="red" title="The conversations could not be loaded">
        {query.isError ? rejectionMessage(query.error) : 'Try again in a moment.'}
      </Alert>
    );
  }
  if (query.data.length === 0) {
    return (
      <Text c="dimmed" size="sm" ta="center" mt="lg">
        No conversations here.
      </Text>
    );
  }
  return (
    <Stack gap={6} component="nav" aria-label="Conversations">
      {query.data.map((conversation) => {
        const { title, subtitle } = personLabel(conversation);
        const selected = conversation.id === selectedId;
        return (
          <UnstyledButton
            key={conversation.id}
            onClick={() => onSelect(conversation.id)}
            aria-current={selected || undefined}
          >
            <Paper withBorder radius="md" p="sm" bg={selected ? 'blue.0' : undefined}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600} size="sm" truncate>
                  {title}
                </Text>
                <Group gap={4} wrap="nowrap">
                  {conversation.resolved && (
                    <Badge size="xs" color="gray" variant="light">
                      Resolved
                    </Badge>
                  )}
                  {conversation.unread > 0 && (
                    <Badge size="sm" circle aria-label={`${conversation.unread} unread`}>
                      {conversation.unread}
                    </Badge>
                  )}
                </Group>
              </Group>
              <Text size="xs" c="dimmed" truncate>
                {subtitle}
              </Text>
              <Text size="sm" c="dark.4" lineClamp={1}>
                {conversation.lastMessage
                  ? `${conversation.lastMessage.agent ? 'You: ' : ''}${conversation.lastMessage.comment}`
                  : ''}
              </Text>
            </Paper>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}
