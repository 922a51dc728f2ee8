import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '../../../../contracts/alerts.ts';
import { describeFilter, KIND_CHOICES, kindLabel } from './alert-format.ts';

describe('what a budget or rule watches', () => {
  it('names the clouds of a budget scoped to providers as people know them', () => {
    expect(
      describeFilter({
        account_ids: [],
        services: ['Virtual Machines'],
        tag: null,
        providers: ['Microsoft'],
      }),
    ).toBe('Virtual Machines · Microsoft Azure');
    expect(describeFilter({ account_ids: [], services: [], tag: null, providers: [] })).toBe('All spend');
  });
});

describe('alert kinds as people see them', () => {
  it('offers each kind of the contract once, in its order, with a label of its own', () => {
    expect(KIND_CHOICES.map((choice) => choice.value)).toEqual([...NOTIFICATION_KINDS]);
    expect(new Set(KIND_CHOICES.map((choice) => choice.label)).size).toBe(NOTIFICATION_KINDS.length);
  });

  it('names one alert in the singular, and a test message as a test', () => {
    expect(kindLabel('launch')).toBe('Launch');
    expect(kindLabel('test')).toBe('Test');
  });
});
