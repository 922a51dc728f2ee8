import { MultiSelect } from '@mantine/core';
import type { BillingData } from '../../../../contracts/billing-data.ts';
import { providerLabel } from '../../../../domain/cloud-providers.ts';
import type { ProviderView } from '../api/provider-view.ts';

/** Which clouds the dashboard adds up; none chosen is every one. */
export function ProviderFilter({
  data,
  providers,
  onChange,
}: {
  data: BillingData | undefined;
  providers: ProviderView;
  onChange: (names: string[]) => void;
}) {
  const present = data?.providers ?? [];
  const options = [
    ...present.map((provider) => ({ value: provider.name, label: provider.label })),
    ...providers.providers
      .filter((name) => !present.some((provider) => provider.name === name))
      .map((name) => ({ value: name, label: providerLabel(name) })),
  ];
  return (
    <MultiSelect
      aria-label="Providers"
      data={options}
      value={providers.providers}
      onChange={onChange}
      placeholder={providers.providers.length === 0 ? 'All providers' : undefined}
      clearable
      w={{ base: '100%', xs: 230 }}
      size="sm"
    />
  );
}
