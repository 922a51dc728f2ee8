import { formatUsd, roundToCents } from './money.ts';

/**
 * The cloud a line of spend came from (decision 060). CUR files are AWS's; a FOCUS file names its
 * provider per line (`ProviderName`: 'AWS', 'Microsoft', 'Google Cloud', 'Oracle', ...). The name is
 * stored as the file wrote it and is the provider's key in the API; people read the label.
 */
export const AWS_PROVIDER = 'AWS';

/** The clouds as their FOCUS exports name them (what a budget form offers before any file says more). */
export const KNOWN_PROVIDER_NAMES = ['AWS', 'Microsoft', 'Google Cloud', 'Oracle'] as const;

/** Longest provider name a filter may carry; FOCUS names are short. */
export const MAX_PROVIDER_NAME_LENGTH = 64;

const LABELS: Record<string, string> = {
  aws: 'AWS',
  'amazon web services': 'AWS',
  microsoft: 'Microsoft Azure',
  azure: 'Microsoft Azure',
  'google cloud': 'Google Cloud',
  google: 'Google Cloud',
  oracle: 'Oracle Cloud',
};

/** What a person reads for a stored provider name ('Microsoft' is 'Microsoft Azure'). */
export function providerLabel(name: string): string {
  return LABELS[name.trim().toLowerCase()] ?? name;
}

export function isAwsProvider(name: string): boolean {
  return providerLabel(name) === AWS_PROVIDER;
}

/** AWS first (the product is AWS-first), then the others by name. */
export function compareProviders(a: string, b: string): number {
  const aws = (name: string) => (isAwsProvider(name) ? 0 : 1);
  return aws(a) - aws(b) || a.localeCompare(b);
}

/**
 * The run note naming the providers a file held and what each cost, AWS first ("Providers: AWS
 * $12.00, Microsoft Azure $3.40."). None for a file of AWS alone: that is every CUR file.
 */
export function describeFileProviders(
  costs: ReadonlyArray<{ provider: string; cost: number }>,
): string | null {
  if (costs.every((entry) => isAwsProvider(entry.provider))) return null;
  const parts = [...costs]
    .sort((a, b) => compareProviders(a.provider, b.provider))
    .map((entry) => `${providerLabel(entry.provider)} ${formatUsd(roundToCents(entry.cost))}`);
  return `Providers: ${parts.join(', ')}.`;
}
