import { ActionIcon, Group, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../domain/chat-rules.ts';

const COUNTER_FROM = CHAT_MESSAGE_MAX_LENGTH - 200;

/** 'Type a message' and send, disabled while the message is empty or the connection is not open. */
export function ChatMessageComposer({
  canSend,
  onSend,
}: {
  canSend: boolean;
  onSend(text: string): boolean;
}) {
  const [text, setText] = useState('');
  const tooLong = text.length > CHAT_MESSAGE_MAX_LENGTH;
  const disabled = !canSend || text.trim() === '' || tooLong;
  const send = () => {
    if (!disabled && onSend(text)) setText('');
  };

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Textarea
        aria-label="Message"
        placeholder="Type a message"
        autosize
        minRows={1}
        maxRows={4}
        style={{ flex: 1 }}
        value={text}
        error={tooLong ? `Messages are limited to ${CHAT_MESSAGE_MAX_LENGTH} characters.` : undefined}
        description={
          text.length >= COUNTER_FROM ? (
            <Text span size="xs" c={tooLong ? 'red' : 'dimmed'}>
              {text.length} / {CHAT_MESSAGE_MAX_LENGTH}
            </Text>
          ) : undefined
        }
        inputWrapperOrder={['input', 'description', 'error']}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            send();
          }
        }}
      />
      <ActionIcon size={36} radius="xl" aria-label="Send" disabled={disabled} onClick={send}>
        <IconSend size={18} />
      </ActionIcon>
    </Group>
  );
}
