import { ActionIcon, Box, Group, Stack, Tooltip } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePhoneWidth } from '../../../lib/phone-width.ts';
import type { ChatIdentity } from '../api/chat-identity.ts';
import { useSchedule } from '../api/get-schedule.ts';
import { useChatConnection } from '../use-chat-connection.ts';
import { useWelcomeBubble } from '../use-welcome-bubble.ts';
import { BookingModal } from './booking-modal.tsx';
import { ChatView } from './chat-view.tsx';
import { HelpMenu } from './help-menu.tsx';
import { WelcomeBubble } from './welcome-bubble.tsx';

/** Who is looking at the widget, as the layout knows it. */
export type HelpWidgetPerson =
  | { kind: 'visitor' }
  | { kind: 'signed-in'; userId: string; isDemo: boolean; timeZone: string };

type View = 'closed' | 'menu' | 'chat';

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Help widget: the round 'Contact us' button on every screen, its pop-up, chat and booking. */
export function HelpWidget({ person }: { person: HelpWidgetPerson }) {
  const signedIn = person.kind === 'signed-in';
  // The demo account is shared by strangers: its sessions chat as visitors (docs/decisions/001).
  const identity: ChatIdentity =
    signedIn && !person.isDemo ? { kind: 'user', userId: person.userId } : { kind: 'visitor' };
  const [view, setView] = useState<View>('closed');
  const [booking, setBooking] = useState(false);
  const bubble = useWelcomeBubble(!signedIn);
  const schedule = useSchedule(signedIn ? person.userId : 'visitor');
  const connection = useChatConnection(identity);
  const [searchParams] = useSearchParams();

  const openChat = useCallback(() => {
    bubble.dismiss();
    setView('chat');
    connection.open();
  }, [bubble.dismiss, connection.open]);
  const leaveChat = (next: View) => {
    connection.close();
    setView(next);
  };

  // A reminder mail links to `?chat=open`.
  const chatRequested = searchParams.get('chat') === 'open';
  useEffect(() => {
    if (chatRequested) openChat();
  }, [chatRequested, openChat]);

  // On a phone the bubble sits beside the button, not above it, so it covers the button's band of the page
  // and not a third of the screen's width above it too.
  const phone = usePhoneWidth();
  const welcome =
    view === 'closed' && bubble.shown ? (
      <WelcomeBubble onOpen={() => setView('menu')} onDismiss={bubble.dismiss} />
    ) : null;

  return (
    <Box pos="fixed" bottom={24} right={24} style={{ zIndex: 300 }}>
      <Stack align="flex-end" gap="sm">
        {view === 'menu' && (
          <HelpMenu
            schedule={schedule}
            onChat={openChat}
            onSchedule={() => {
              setView('closed');
              setBooking(true);
            }}
            onClose={() => setView('closed')}
          />
        )}
        {view === 'chat' && (
          <ChatView
            identity={identity}
            timeZone={signedIn ? person.timeZone : browserTimeZone()}
            connection={connection}
            onBack={() => leaveChat('menu')}
            onClose={() => leaveChat('closed')}
          />
        )}
        {welcome && !phone && welcome}
        <Group gap="xs" wrap="nowrap">
          {welcome && phone && welcome}
          <Tooltip label="Contact us" position="left">
            <ActionIcon
              size={56}
              radius="xl"
              aria-label="Contact us"
              onClick={() => {
                bubble.dismiss();
                if (view === 'chat') connection.close();
                setView(view === 'closed' ? 'menu' : 'closed');
              }}
              style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
            >
              <IconMessageCircle size={28} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Stack>
      {schedule.data?.url && (
        <BookingModal
          opened={booking}
          onClose={() => setBooking(false)}
          bookingUrl={schedule.data.url}
          recordsBooking={signedIn && !person.isDemo}
        />
      )}
    </Box>
  );
}
