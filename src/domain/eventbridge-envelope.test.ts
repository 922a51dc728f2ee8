import { describe, expect, it } from 'vitest';
import { parseEventBridgeEnvelope } from './eventbridge-envelope.ts';
import { ACCOUNT, stateChange } from './testing/launch-event-fixtures.ts';

describe('reading an EventBridge envelope', () => {
  it('reads the documented fields from the raw SQS body', () => {
    const body = JSON.stringify(stateChange('i-0abc', 'running', '2026-11-25T09:00:00Z'));
    const parsed = parseEventBridgeEnvelope(body, { accountIds: [ACCOUNT] });
    expect(parsed).toEqual({
      ok: true,
      value: expect.objectContaining({
        detailType: 'EC2 Instance State-change Notification',
        source: 'aws.ec2',
        account: ACCOUNT,
        region: 'us-east-1',
        time: '2026-11-25T09:00:00Z',
        timeMs: Date.parse('2026-11-25T09:00:00Z'),
        detail: { 'instance-id': 'i-0abc', state: 'running' },
      }),
    });
  });

  it('rejects, with a reason and without throwing, what is not a launch-event envelope', () => {
    const event = stateChange('i-0abc', 'running', '2026-11-25T09:00:00Z');
    const cases: Array<[unknown, string]> = [
      ['{"truncated', 'not-json'],
      ['"just a string"', 'not-an-envelope'],
      [{ Records: [{ eventName: 'RunInstances' }] }, 'not-an-envelope'],
      [{ ...event, account: undefined }, 'missing-field'],
      [{ ...event, detail: 'running' }, 'missing-field'],
      [{ ...event, time: 'yesterday' }, 'bad-time'],
      [{ ...event, account: '111122223333' }, 'foreign-account'],
      [{ ...event, region: 'zz-nowhere-1' }, 'unknown-region'],
      [{ ...event, region: 'us-east-1.evil.example' }, 'unknown-region'],
      [null, 'not-an-envelope'],
    ];
    for (const [body, reason] of cases) {
      const parsed = parseEventBridgeEnvelope(body, { accountIds: [ACCOUNT] });
      expect(parsed, String(reason)).toEqual({
        ok: false,
        rejection: { reason, message: expect.any(String) },
      });
    }
  });

  it('accepts any account when the integration does not list its accounts', () => {
    const event = {
      ...stateChange('i-0abc', 'stopped', '2026-11-25T09:00:00.123Z'),
      account: '111122223333',
    };
    expect(parseEventBridgeEnvelope(event).ok).toBe(true);
  });
});
