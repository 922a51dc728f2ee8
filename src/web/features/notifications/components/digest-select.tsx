import { Select } from '@mantine/core';
import type { DIGEST_CHOICES } from '../../../../contracts/alerts.ts';

type DigestChoice = (typeof DIGEST_CHOICES)[number];

/** How often the organization's spend digest goes to a channel or an endpoint. */
export function DigestSelect({
  value,
  onChange,
}: {
  value: DigestChoice;
  onChange: (value: DigestChoice) => void;
}) {
  return (
    <Select
      label="Spend digest"
      description="The whole organization's spend, month to date and forecast, with live usage, commitments and waste."
      value={value}
      onChange={(choice) => onChange((choice ?? 'off') as DigestChoice)}
      data={[
        { value: 'off', label: 'No digest' },
        { value: 'daily', label: 'Daily, at 07:00 UTC' },
        { value: 'weekly', label: 'Weekly, on Mondays' },
      ]}
      allowDeselect={false}
    />
  );
}
