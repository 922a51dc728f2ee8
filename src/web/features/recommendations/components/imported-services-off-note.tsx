import { Alert, List, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** Each of AWS's recommendation services: its name, where it is turned on, and what turning it on brings. */
export const IMPORTED_SERVICES = {
  computeOptimizer: {
    name: 'Compute Optimizer',
    console: 'the Compute Optimizer console',
    brings:
      'its rightsizing, Graviton and idle recommendations for instances, volumes, databases and NAT gateways, at On-Demand prices',
  },
  costOptimizationHub: {
    name: 'Cost Optimization Hub',
    console: 'the Billing and Cost Management console',
    brings:
      'its recommendations for instances, volumes and databases gathered across accounts and regions, priced by its savings preference',
  },
} as const;
export type ImportFinder = keyof typeof IMPORTED_SERVICES;

const accountsPhrase = (accounts: string[]) =>
  `Account${accounts.length === 1 ? '' : 's'} ${accounts.join(', ')}`;

/** One service off: which accounts, that Spendguard's own findings cover them, and where to turn it on. */
function OneServiceOff({ finder, accounts }: { finder: ImportFinder; accounts: string[] }) {
  const { name, console } = IMPORTED_SERVICES[finder];
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title={`${name} is off`}>
      {accountsPhrase(accounts)} {accounts.length === 1 ? 'has' : 'have'} AWS {name} turned off, so its
      recommendations are not imported there; Spendguard&apos;s own findings are listed. Turn it on from{' '}
      {console} to import them too; a resource both flag is counted once.
    </Alert>
  );
}

/** Both services off: one note naming each, where it is off, what turning it on would bring and where. */
function BothServicesOff({ off }: { off: Record<ImportFinder, string[]> }) {
  const finders = Object.keys(IMPORTED_SERVICES) as ImportFinder[];
  const [first, ...others] = finders.map((finder) => [...off[finder]].sort().join(', '));
  const sameAccounts = others.every((accounts) => accounts === first);
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconInfoCircle size={18} />}
      title="Compute Optimizer and Cost Optimization Hub are off"
    >
      <Text size="sm">
        {sameAccounts
          ? `${accountsPhrase(off.computeOptimizer)} ${off.computeOptimizer.length === 1 ? 'has' : 'have'} both turned off, so only Spendguard's own findings are listed there.`
          : "Spendguard's own findings are listed in every account; where a service is off, its recommendations are not imported."}{' '}
        Turning each on would import (a resource flagged twice is counted once):
      </Text>
      <List size="sm" spacing={2} mt={6}>
        {finders.map((finder) => {
          const { name, console, brings } = IMPORTED_SERVICES[finder];
          return (
            <List.Item key={finder}>
              <Text span size="sm" fw={600}>
                {name}
              </Text>
              {sameAccounts ? '' : ` (off in ${off[finder].join(', ')})`}
              {`: ${brings}. Turn it on from ${console}.`}
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}

/**
 * Accounts without AWS's recommendation services, said once and calmly (Spendguard's own findings cover
 * them): one note when both are off somewhere, else the note of the one that is.
 */
export function ImportedServicesOffNote({ off }: { off: Record<ImportFinder, string[]> }) {
  const finders = (Object.keys(IMPORTED_SERVICES) as ImportFinder[]).filter(
    (finder) => off[finder].length > 0,
  );
  if (finders.length === 0) return null;
  if (finders.length > 1) return <BothServicesOff off={off} />;
  const [finder] = finders as [ImportFinder];
  return <OneServiceOff finder={finder} accounts={off[finder]} />;
}
