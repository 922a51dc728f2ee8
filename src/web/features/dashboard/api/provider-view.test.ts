import { describe, expect, it } from 'vitest';
import type { BillingData } from '../../../../contracts/billing-data.ts';
import {
  EVERY_PROVIDER,
  providerQuery,
  providerViewFromUrl,
  providerViewParams,
  showsProviderControl,
} from './provider-view.ts';

const withProviders = (...names: string[]) =>
  ({ providers: names.map((name) => ({ name, label: name })) }) as unknown as BillingData;

describe('the provider control of the dashboard', () => {
  it('shows only when the data holds more than one cloud, or a choice still narrows the view', () => {
    expect(showsProviderControl(withProviders('AWS'), EVERY_PROVIDER)).toBe(false);
    expect(showsProviderControl(undefined, EVERY_PROVIDER)).toBe(false);
    expect(showsProviderControl(withProviders('AWS', 'Microsoft'), EVERY_PROVIDER)).toBe(true);
    expect(
      showsProviderControl(withProviders('AWS'), { providers: ['Microsoft'], groupByProvider: false }),
    ).toBe(true);
  });

  it('keeps the choice in the link, and asks the spec query unchanged when there is none', () => {
    const view = { providers: ['Microsoft', 'AWS'], groupByProvider: true };
    const params = new URLSearchParams(providerViewParams(view));
    expect(providerViewFromUrl(params)).toEqual(view);
    expect(providerQuery(view)).toEqual({ provider: 'Microsoft,AWS', group_by: 'provider' });
    expect(providerViewParams(EVERY_PROVIDER)).toEqual({});
    expect(providerQuery(EVERY_PROVIDER)).toEqual({});
    expect(providerViewFromUrl(new URLSearchParams('providers=, AWS,AWS&group=tag'))).toEqual({
      providers: ['AWS'],
      groupByProvider: false,
    });
  });
});
