import { describe, expect, it } from 'vitest';
import { embeddedBookingUrl, readSchedulingMessage } from './scheduling-events.ts';

const origin = 'https://calendly.example';

describe('messages from the embedded scheduling page', () => {
  it.each([
    ['calendly.profile_page_viewed', 'profile_page_viewed'],
    ['calendly.event_type_viewed', 'event_type_viewed'],
    ['calendly.date_and_time_selected', 'date_and_time_selected'],
  ])('reads %s as the step %s', (name, event) => {
    expect(readSchedulingMessage({ origin, data: { event: name, payload: {} } }, origin)).toEqual({ event });
  });

  it('reads a scheduled event with the address of the booking', () => {
    const data = {
      event: 'calendly.event_scheduled',
      payload: { event: { uri: 'https://api.calendly.example/e/1' } },
    };
    expect(readSchedulingMessage({ origin, data }, origin)).toEqual({
      event: 'event_scheduled',
      eventUrl: 'https://api.calendly.example/e/1',
    });
  });

  it('ignores messages from any other origin, and messages that are not scheduling events', () => {
    const data = { event: 'calendly.event_scheduled', payload: { event: { uri: 'https://evil.example/' } } };
    expect(readSchedulingMessage({ origin: 'https://evil.example', data }, origin)).toBeNull();
    expect(readSchedulingMessage({ origin, data: { event: 'calendly.page_height' } }, origin)).toBeNull();
    expect(readSchedulingMessage({ origin, data: 'hello' }, origin)).toBeNull();
    expect(readSchedulingMessage({ origin, data: null }, origin)).toBeNull();
  });
});

describe('the embedded booking page address', () => {
  it('keeps the prefilled name and e-mail and names the embedding site', () => {
    const url = embeddedBookingUrl(
      `${origin}/team/30min?name=Bea+Booker&email=bea%40example.com`,
      'app.example:8080',
    );
    expect(new URL(url).searchParams.get('name')).toBe('Bea Booker');
    expect(new URL(url).searchParams.get('email')).toBe('bea@example.com');
    expect(new URL(url).searchParams.get('embed_domain')).toBe('app.example:8080');
  });
});
