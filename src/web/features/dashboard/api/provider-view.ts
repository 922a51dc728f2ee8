import type { BillingData } from '../../../../contracts/billing-data.ts';

/**
 * The dashboard's provider choices (decision 060): which clouds of a FOCUS file to show, and whether
 * the series are providers. Kept in the URL only; the spec's view_customs stay as they are.
 */
export interface ProviderView {
  /** Provider names as the data names them; empty: every provider. */
  providers: string[];
  groupByProvider: boolean;
}

export const EVERY_PROVIDER: ProviderView = { providers: [], groupByProvider: false };

const PROVIDERS_PARAM = 'providers';
const GROUP_PARAM = 'group';

export function providerViewFromUrl(params: URLSearchParams): ProviderView {
  const providers = (params.get(PROVIDERS_PARAM) ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return { providers: [...new Set(providers)], groupByProvider: params.get(GROUP_PARAM) === 'provider' };
}

/** The URL parameters of a choice; none for every provider split as the spec says. */
export function providerViewParams(view: ProviderView): Record<string, string> {
  return {
    ...(view.providers.length > 0 ? { [PROVIDERS_PARAM]: view.providers.join(',') } : {}),
    ...(view.groupByProvider ? { [GROUP_PARAM]: 'provider' } : {}),
  };
}

/** The billing query's parameters beyond the spec's: none unless a provider is chosen or split on. */
export function providerQuery(view: ProviderView): Record<string, string> {
  return {
    ...(view.providers.length > 0 ? { provider: view.providers.join(',') } : {}),
    ...(view.groupByProvider ? { group_by: 'provider' } : {}),
  };
}

/**
 * A FOCUS file can hold more than one cloud: the dashboard offers the provider control only then, or
 * while a choice made earlier still narrows the view (so it can be let go).
 */
export function showsProviderControl(data: BillingData | undefined, view: ProviderView): boolean {
  return (data?.providers.length ?? 0) > 1 || view.providers.length > 0;
}
