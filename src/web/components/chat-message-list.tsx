import { Box, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { ChatMessage } from '../../contracts/chat.ts';
import { chatTimeline } from '../../domain/chat-times.ts';

interface ChatMessageListProps {
  messages: readonly ChatMessage[];
  timeZone: string;
  /** Whose messages sit on the right: the person's (help widget) or the agent's (support inbox). */
  mine: 'person' | 'agent';
  agentLabel?: string;
  personLabel?: string;
}

/**
 * A conversation: day lines when the day changes, each message with its short time. Text is
 * shown as text — React escapes it — so markup in a message is never rendered.
 */
export function ChatMessageList({
  messages,
  timeZone,
  mine,
  agentLabel = 'Spendguard support',
  personLabel = 'You',
}: ChatMessageListProps) {
  const end = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a message arrives
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  return (
    <Stack gap={6} role="log" aria-live="polite" aria-label="Messages">
      {chatTimeline(messages, new Date(), timeZone).map((entry) => {
        if (entry.kind === 'day') {
          return <Divider key={`day-${entry.key}`} label={entry.label} labelPosition="center" my={4} />;
        }
        const { message } = entry;
        const own = message.agent === (mine === 'agent');
        return (
          <Group key={message.m_id} justify={own ? 'flex-end' : 'flex-start'} wrap="nowrap">
            <Paper
              px="sm"
              py={6}
              radius="lg"
              maw="85%"
              bg={own ? 'blue.6' : 'gray.1'}
              c={own ? 'white' : 'dark.7'}
              data-agent={message.agent}
            >
              <Text size="xs" fw={600} opacity={0.8}>
                {message.agent ? agentLabel : personLabel}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.comment}
              </Text>
              <Text size="xs" ta="right" opacity={0.7}>
                {entry.time}
              </Text>
            </Paper>
          </Group>
        );
      })}
      <Box ref={end} />
    </Stack>
  );
}
