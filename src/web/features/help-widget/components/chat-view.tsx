import { ActionIcon, Alert, Box, Center, Group, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { ChatMessage } from '../../../../contracts/chat.ts';
import { ChatMessageComposer } from '../../../components/chat-message-composer.tsx';
import { ChatMessageList } from '../../../components/chat-message-list.tsx';
import { isSubscriptionExpired } from '../../../lib/query-client.ts';
import type { ChatIdentity } from '../api/chat-identity.ts';
import { useChatMessages } from '../api/get-messages.ts';
import { markMessagesRead } from '../api/mark-messages-read.ts';
import type { ChatConnection } from '../use-chat-connection.ts';
import { useVisitorEmail } from '../use-visitor-email.ts';
import { ChatPausedNotice } from './chat-paused-notice.tsx';
import { VisitorEmailForm } from './visitor-email-form.tsx';

interface ChatViewProps {
  identity: ChatIdentity;
  timeZone: string;
  connection: ChatConnection;
  onBack(): void;
  onClose(): void;
}

/** Tells the server which support replies the person has seen while the chat is open. */
function useMarkRepliesRead(identity: ChatIdentity, messages: readonly ChatMessage[] | undefined) {
  const lastMarked = useRef(0);
  useEffect(() => {
    const latestReply = messages?.filter((message) => message.agent).at(-1);
    if (!latestReply || Number(latestReply.m_id) <= lastMarked.current) return;
    lastMarked.current = Number(latestReply.m_id);
    void markMessagesRead(identity, latestReply.m_id).catch(() => {});
  }, [identity, messages]);
}

/** Chat view: back, 'Conversation', close; a spinner, then the messages, then the text box. */
export function ChatView({ identity, timeZone, connection, onBack, onClose }: ChatViewProps) {
  const messages = useChatMessages(identity, true);
  const visitorEmail = useVisitorEmail();
  const needsEmail = identity.kind === 'visitor' && !visitorEmail.email;
  const open = connection.phase === 'open';
  const paused = messages.isError && isSubscriptionExpired(messages.error);
  useMarkRepliesRead(identity, messages.data);

  const { problem } = connection;
  const { forget } = visitorEmail;
  useEffect(() => {
    // The server has no e-mail for this conversation (a new token, another browser): ask again.
    if (problem?.code === 'EmailRequired') forget();
  }, [problem, forget]);

  return (
    <Paper
      shadow="xl"
      radius="lg"
      withBorder
      w={360}
      maw="calc(100vw - 48px)"
      h={520}
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Group
        justify="space-between"
        px="xs"
        py={8}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <ActionIcon variant="subtle" color="gray" aria-label="Back" onClick={onBack}>
          <IconArrowLeft size={18} />
        </ActionIcon>
        <Text fw={700}>Conversation</Text>
        <ActionIcon variant="subtle" color="gray" aria-label="Close" onClick={onClose}>
          <IconX size={18} />
        </ActionIcon>
      </Group>
      <ScrollArea style={{ flex: 1 }} px="sm" py="xs">
        {messages.isPending ? (
          <Center h={380}>
            <Loader size="sm" aria-label="Loading messages" />
          </Center>
        ) : paused ? (
          <ChatPausedNotice />
        ) : messages.isError ? (
          <Alert color="red" title="The conversation could not be loaded">
            {(messages.error as Error).message}
          </Alert>
        ) : messages.data.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" mt="xl">
            Ask us anything about Spendguard or your AWS bill. We usually answer within minutes.
          </Text>
        ) : (
          <ChatMessageList messages={messages.data} timeZone={timeZone} mine="person" />
        )}
      </ScrollArea>
      <Box
        px="sm"
        pb="sm"
        pt={6}
        display={paused ? 'none' : undefined}
        style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Stack gap={6}>
          {problem && problem.code !== 'EmailRequired' && (
            <Alert color="red" py={6} withCloseButton onClose={connection.clearProblem}>
              {problem.message}
            </Alert>
          )}
          {!open && (
            <Text size="xs" c="dimmed">
              Connecting…
            </Text>
          )}
          {needsEmail ? (
            <VisitorEmailForm
              canSend={open}
              onSubmit={(email) => {
                // The visitor's first message is the e-mail itself.
                if (connection.send(email)) visitorEmail.remember(email);
              }}
            />
          ) : (
            <ChatMessageComposer canSend={open} onSend={connection.send} />
          )}
        </Stack>
      </Box>
    </Paper>
  );
}
