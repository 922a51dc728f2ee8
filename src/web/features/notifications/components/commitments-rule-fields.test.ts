import { describe, expect, it } from 'vitest';
import { commitmentsSettings } from '../../../../contracts/alerts.ts';
import {
  commitmentsDraftOf,
  commitmentsSettingsOf,
  describeCommitmentsSettings,
} from './commitments-rule-fields.tsx';

describe('the commitments rule form', () => {
  it('starts with the default lead times, 80% over 7 days and the return window, which the contract accepts', () => {
    const settings = commitmentsSettingsOf(commitmentsDraftOf());
    expect(settings).toEqual({
      expiry_lead_days: [60, 30, 7, 1],
      utilization_below_percent: 80,
      utilization_days: 7,
      return_window: true,
      start_announcement: true,
    });
    expect(commitmentsSettings.safeParse(settings).success).toBe(true);
  });

  it('reads typed lead times and round-trips a saved rule', () => {
    const draft = { ...commitmentsDraftOf(), leadDays: '90, 45 14', utilization: false };
    const settings = commitmentsSettingsOf(draft);
    expect(settings).toMatchObject({ expiry_lead_days: [90, 45, 14], utilization_below_percent: null });
    expect(commitmentsSettingsOf(commitmentsDraftOf(settings))).toEqual(settings);
  });

  it('turns the queued purchase start announcement off by itself, and the rule still watches the rest', () => {
    const settings = commitmentsSettingsOf({ ...commitmentsDraftOf(), startAnnouncement: false });
    expect(settings.start_announcement).toBe(false);
    expect(commitmentsSettings.safeParse(settings).success).toBe(true);
    expect(commitmentsDraftOf(settings).startAnnouncement).toBe(false);
    expect(describeCommitmentsSettings(settings)).not.toContain('queued');
    const onlyStarts = { expiry_lead_days: [], utilization_below_percent: null, return_window: false };
    expect(commitmentsSettings.safeParse({ ...onlyStarts, start_announcement: true }).success).toBe(true);
    expect(commitmentsSettings.safeParse({ ...onlyStarts, start_announcement: false }).success).toBe(false);
  });

  it('describes the rule in the list', () => {
    expect(
      describeCommitmentsSettings({
        expiry_lead_days: [60, 30],
        utilization_below_percent: 70,
        utilization_days: 5,
        return_window: true,
      }),
    ).toBe(
      'When a commitment ends in 60, 30 days, or it is used below 70% for 5 days, or a Savings Plan can still be returned, or a queued purchase starts',
    );
  });
});
