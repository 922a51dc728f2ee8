import { Modal } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useRecordBooking } from '../api/record-booking.ts';
import { recordSchedulingEvent } from '../api/record-scheduling-event.ts';
import { embeddedBookingUrl, readSchedulingMessage } from '../scheduling-events.ts';

interface BookingModalProps {
  opened: boolean;
  onClose(): void;
  /** The booking page from GET pm-schedule, prefilled with name and e-mail. */
  bookingUrl: string;
  /** Whether a booking can be recorded for this person (signed in, not the shared demo account). */
  recordsBooking: boolean;
}

/**
 * The embedded scheduling page. Its steps are analytics events; once an event is
 * scheduled the app records it (PATCH pm-schedule), refreshes the schedule and opens /aws-integration.
 */
export function BookingModal({ opened, onClose, bookingUrl, recordsBooking }: BookingModalProps) {
  const navigate = useNavigate();
  const recordBooking = useRecordBooking();
  const { mutate } = recordBooking;

  useEffect(() => {
    if (!opened) return;
    const origin = new URL(bookingUrl).origin;
    const listen = (event: MessageEvent) => {
      const message = readSchedulingMessage({ origin: event.origin, data: event.data }, origin);
      if (!message) return;
      recordSchedulingEvent(message.event);
      if (message.event !== 'event_scheduled') return;
      if (recordsBooking && message.eventUrl) mutate(message.eventUrl);
      onClose();
      navigate('/aws-integration');
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [opened, bookingUrl, recordsBooking, mutate, onClose, navigate]);

  return (
    <Modal opened={opened} onClose={onClose} title="Book your free consultation" size="xl" centered>
      <iframe
        title="Booking page"
        src={embeddedBookingUrl(bookingUrl, window.location.host)}
        style={{ width: '100%', height: '70vh', border: 0 }}
      />
    </Modal>
  );
}
