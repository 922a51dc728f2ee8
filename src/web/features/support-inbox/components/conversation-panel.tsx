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
  // Two mutations: marking messages read happens on its own whenever one arrives, and must never turn the
  // resolve button into a spinner (a click landing then was lost: the button was disabled under it).
  const resolve = useUpdateConversation();
  const { mutate: markRead } = useUpdateConversation();
  const { title, subtitle } = personLabel(conversation);

  // Opening a conversation (and every new message while it is open) marks the person's messages read.
  useEffect(() => {
    if (conversation.unread > 0) markRead({ conversationId: conversation.id, patch: { read: true } });
  }, [conversation.id, conversation.unread, markRead]);

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
          loading={resolve.isPending}
          onClick={() =>
            resolve.mutate({ conversationId: conversation.id, patch: { resolved: !conversation.resolved } })
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
