import { describe, expect, it } from 'vitest';
import { apiCallEventsGap, launchEventsMessage, rejectedLabel } from './launch-events-wording.ts';

describe('the integration card’s launch-event wording', () => {
  it('says plainly when state changes arrive but CloudTrail API calls never did', () => {
    expect(
      apiCallEventsGap({ last_state_change_at: '2025-03-03T09:00:00Z', last_api_call_at: null }),
    ).toMatch(/^No CloudTrail API-call event has arrived: no trail with management events/);
  });

  it('says nothing of a gap when API calls arrive, or when nothing arrived yet', () => {
    expect(
      apiCallEventsGap({
        last_state_change_at: '2025-03-03T09:00:00Z',
        last_api_call_at: '2025-03-03T09:00:05Z',
      }),
    ).toBeNull();
    expect(apiCallEventsGap({ last_state_change_at: null, last_api_call_at: null })).toBeNull();
  });

  it('keeps the server’s message, and names the fix when it sent none', () => {
    expect(launchEventsMessage('error', 'Throttled: retrying in 40 s')).toBe('Throttled: retrying in 40 s');
    expect(launchEventsMessage('queue-missing', null)).toMatch(/update the stack/);
    expect(launchEventsMessage('access-denied', null)).toMatch(/sqs:ReceiveMessage/);
    expect(launchEventsMessage('arriving', null)).toMatch(/within about a minute/);
  });

  it('counts rejected messages in words', () => {
    expect(rejectedLabel(1)).toBe('1 message rejected');
    expect(rejectedLabel(3)).toBe('3 messages rejected');
  });
});
