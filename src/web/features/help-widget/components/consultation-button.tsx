import { Button, Tooltip } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { consultationButtonState } from '../../../../domain/consultation.ts';
import { useSchedule } from '../api/get-schedule.ts';

/** The booking page's frame and its messages load once there is a page to book on, after the header. */
const BookingModal = lazy(() =>
  import('./booking-modal.tsx').then((module) => ({ default: module.BookingModal })),
);

interface ConsultationButtonProps {
  user: { user_id: string; subscription_plan: string; email_verified: boolean; is_demo: boolean };
  /** In the phone menu the action spans the drawer. */
  fullWidth?: boolean;
}

/** Header: 'Schedule My Free Consultation' for business plans; disabled for the demo account. */
export function ConsultationButton({ user, fullWidth = false }: ConsultationButtonProps) {
  const state = consultationButtonState(user);
  const schedule = useSchedule(user.user_id);
  const [opened, setOpened] = useState(false);
  if (state === 'hidden') return null;
  const bookingUrl = schedule.data?.url;
  const reason =
    state === 'disabled'
      ? 'Not available on the demo account'
      : schedule.data && !schedule.data.configured
        ? 'Booking is not set up on this server yet'
        : null;

  return (
    <>
      <Tooltip
        label={reason}
        disabled={!reason}
        events={{ hover: true, focus: true, touch: true }}
        multiline
        maw={280}
      >
        <span style={fullWidth ? { display: 'block' } : undefined}>
          <Button
            fullWidth={fullWidth}
            // In the narrow phone menu the words wrap rather than being cut.
            h={fullWidth ? 'auto' : undefined}
            py={fullWidth ? 8 : undefined}
            styles={fullWidth ? { label: { whiteSpace: 'normal', textAlign: 'left' } } : undefined}
            size={fullWidth ? 'sm' : 'compact-md'}
            variant="light"
            leftSection={<IconCalendarEvent size={16} />}
            loading={state === 'enabled' && schedule.isPending}
            disabled={state === 'disabled' || !bookingUrl}
            onClick={() => setOpened(true)}
          >
            Schedule My Free Consultation
          </Button>
        </span>
      </Tooltip>
      {bookingUrl && state === 'enabled' && (
        <Suspense fallback={null}>
          <BookingModal
            opened={opened}
            onClose={() => setOpened(false)}
            bookingUrl={bookingUrl}
            recordsBooking
          />
        </Suspense>
      )}
    </>
  );
}
