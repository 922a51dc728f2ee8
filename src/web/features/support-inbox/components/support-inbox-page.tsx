import { Badge, Grid, SegmentedControl, Stack } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { type ConversationFilter, useSupportConversations } from '../api/get-support-conversations.ts';
import { useInboxConnection } from '../use-inbox-connection.ts';
import { ConversationList } from './conversation-list.tsx';
import { ConversationPanel } from './conversation-panel.tsx';

const PHASE_LABEL = { open: 'Live', connecting: 'Connecting…', closed: 'Offline' } as const;

/** The support staff's screen: every conversation with unread counts; replies reach the person live. */
export function SupportInboxPage() {
  const [filter, setFilter] = useState<ConversationFilter>('open');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const conversations = useSupportConversations(filter);
  const connection = useInboxConnection();
  const selected = conversations.data?.find((conversation) => conversation.id === selectedId);

  return (
    <PageContainer>
      <ScreenHeader
        title="Support inbox"
        description="Questions from visitors and customers in the help widget."
        actions={
          <Badge color={connection.phase === 'open' ? 'green' : 'gray'} variant="light">
            {PHASE_LABEL[connection.phase]}
          </Badge>
        }
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="sm">
            <SegmentedControl
              fullWidth
              value={filter}
              onChange={(value) => setFilter(value as ConversationFilter)}
              data={[
                { value: 'open', label: 'Open' },
                { value: 'resolved', label: 'Resolved' },
                { value: 'all', label: 'All' },
              ]}
            />
            <ConversationList query={conversations} selectedId={selectedId} onSelect={setSelectedId} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {selected ? (
            <ConversationPanel key={selected.id} conversation={selected} connection={connection} />
          ) : (
            <EmptyState icon={<IconMessages size={28} />} title="Pick a conversation">
              New messages appear on the left as they arrive, with how many wait unread.
            </EmptyState>
          )}
        </Grid.Col>
      </Grid>
    </PageContainer>
  );
}
