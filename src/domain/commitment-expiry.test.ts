import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EXPIRY_LEAD_DAYS,
  dueExpiryLead,
  expiryAlertText,
  expiryDedupeKey,
} from './commitment-expiry.ts';

const none = new Set<number>();

describe('when a commitment ending is announced', () => {
  it('announces each lead once, as the days left reach it', () => {
    expect(dueExpiryLead(61, DEFAULT_EXPIRY_LEAD_DAYS, none)).toBe(null);
    expect(dueExpiryLead(60, DEFAULT_EXPIRY_LEAD_DAYS, none)).toBe(60);
    expect(dueExpiryLead(45, DEFAULT_EXPIRY_LEAD_DAYS, new Set([60]))).toBe(null);
    expect(dueExpiryLead(30, DEFAULT_EXPIRY_LEAD_DAYS, new Set([60]))).toBe(30);
    expect(dueExpiryLead(7, DEFAULT_EXPIRY_LEAD_DAYS, new Set([60, 30]))).toBe(7);
    expect(dueExpiryLead(1, DEFAULT_EXPIRY_LEAD_DAYS, new Set([60, 30, 7]))).toBe(1);
    expect(dueExpiryLead(0, DEFAULT_EXPIRY_LEAD_DAYS, new Set([60, 30, 7, 1]))).toBe(null);
  });

  it('announces only the nearest lead reached when first seen late, never the ones passed', () => {
    expect(dueExpiryLead(5, DEFAULT_EXPIRY_LEAD_DAYS, none)).toBe(7);
    expect(dueExpiryLead(4, DEFAULT_EXPIRY_LEAD_DAYS, new Set([7]))).toBe(null);
  });

  it('says nothing once ended, or without an end', () => {
    expect(dueExpiryLead(-1, DEFAULT_EXPIRY_LEAD_DAYS, none)).toBe(null);
    expect(dueExpiryLead(null, DEFAULT_EXPIRY_LEAD_DAYS, none)).toBe(null);
  });

  it('keys each lead of each commitment apart', () => {
    expect(expiryDedupeKey('arn:sp/1', 30)).toBe('commitment-expiry:arn:sp/1:30');
    expect(expiryDedupeKey('arn:sp/1', 30)).not.toBe(expiryDedupeKey('arn:sp/1', 7));
  });
});

describe('the words of an expiry alert', () => {
  const plan = {
    type: 'Compute Savings Plan',
    commitmentId: 'arn:aws:savingsplans::1:savingsplan/x',
    endsAt: '2027-03-03T00:00:00.000Z',
    daysLeft: 30,
  };

  it('names what the same usage costs a month more on On-Demand from the end date', () => {
    const text = expiryAlertText({ ...plan, last30Days: { onDemandEquivalent: 1300, commitmentCost: 900 } });
    expect(text.title).toBe('Compute Savings Plan ends in 30 days (Mar 3, 2027)');
    expect(text.summary).toContain('from Mar 3, 2027 the same usage costs $405.83 a month more');
    expect(text.summary).toContain('usage worth $1,318.96 a month at On-Demand prices');
  });

  it('says the increase is unknown, never $0, when the bill does not carry On-Demand costs', () => {
    const text = expiryAlertText({ ...plan, daysLeft: 1, last30Days: null });
    expect(text.title).toBe('Compute Savings Plan ends in 1 day (Mar 3, 2027)');
    expect(text.summary).toContain('the increase is unknown');
    expect(text.summary).not.toContain('$0');
  });
});
