import { Alert, Button, Center, Group, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import type { SupportConversation } from '../../../../contracts/chat.ts';
import { ChatMessageComposer } from '../../../components/chat-message-composer.tsx';
import { ChatMessageList } from '../../../components/chat-message-list.tsx';
import { useConversationMessages } from '../api/get-conversation-messages.ts';
import { useUpdateConversation } from '../api/update-conversation.ts';
import type { InboxConnection } from '../use-inbox-connection.ts';
import { personLabel } from './conversation-list.tsx';

const agentTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

interface ConversationPanelProps {
  conversation: SupportConversation;
  connection: InboxConnection;
}

/** One conversation: its messages, a reply box that answers live, and resolve / reopen. */
export function ConversationPanel({ conversation, connection }: ConversationPanelProps) {
  const messages = useConversationMessages(conversation.id);
  const update = useUpdateConversation();
  const { mutate } = update;
  const { title, subtitle } = personLabel(conversation);

  // Opening a conversation (and every new message while it is open) marks the person's messages read.
  useEffect(() => {
    if (conversation.unread > 0) mutate({ conversationId: conversation.id, patch: { read: true } });
  }, [conversation.id, conversation.unread, mutate]);

  return (
    <Paper withBorder radius="md" h={600} style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Stack gap={0}>
          <Text fw={700}>{title}</Text>
          <Text size="xs" c="dimmed">
            {subtitle}
          </Text>
        </Stack>
        <Button
          variant={conversation.resolved ? 'default' : 'light'}
          color={conversation.resolved ? 'gray' : 'green'}
          loading={update.isPending}
          onClick={() =>
            mutate({ conversationId: conversation.id, patch: { resolved: !conversation.resolved } })
          }
        >
          {conversation.resolved ? 'Reopen' : 'Mark resolved'}
        </Button>
      </Group>
      <ScrollArea style={{ flex: 1 }} p="sm">
        {messages.isPending ? (
          <Center h={400}>
            <Loader size="sm" aria-label="Loading messages" />
          </Center>
        ) : messages.isError ? (
          <Alert color="red" title="The messages could not be loaded">
            {(messages.error as Error).message}
          </Alert>
        ) : (
          <ChatMessageList
            messages={messages.data}
            timeZone={agentTimeZone()}
            mine="agent"
            agentLabel="Support"
            personLabel={title}
          />
        )}
      </ScrollArea>
      <Stack gap={6} p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        {connection.problem && (
          <Alert color="red" py={6} withCloseButton onClose={connection.clearProblem}>
            {connection.problem}
          </Alert>
        )}
        <ChatMessageComposer
          canSend={connection.phase === 'open'}
          onSend={(text) => connection.reply(conversation.id, text)}
        />
      </Stack>
    </Paper>
  );
}
