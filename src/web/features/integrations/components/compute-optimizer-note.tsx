import { Alert, Code, List, Text } from '@mantine/core';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import type { IntegrationView } from '../../../../contracts/integrations.ts';

type OptimizerAccount = NonNullable<IntegrationView['compute_optimizer']>['accounts'][number];

/**
 * Where the last sync could not import Compute Optimizer's recommendations (decisions 124 and 131), said
 * on the card as on the Recommendations screen: accounts that never turned it on, in one calm note (no
 * failure: Spendguard's own findings are complete without it), and a refused call with its permission.
 */
export function ComputeOptimizerNote({ integration }: { integration: IntegrationView }) {
  const accounts = integration.compute_optimizer?.accounts ?? [];
  const off = accounts.filter((account) => account.state === 'not-enrolled');
  const blocked = accounts.filter((account) => account.state !== 'ok' && account.state !== 'not-enrolled');
  if (off.length === 0 && blocked.length === 0) return null;
  return (
    <>
      {off.length > 0 && (
        <Alert
          color="blue"
          icon={<IconInfoCircle size={18} />}
          title="Compute Optimizer is not turned on"
          data-testid="compute-optimizer-off-note"
        >
          <Text size="sm">
            Account{off.length === 1 ? '' : 's'} {off.map((account) => account.account_id).join(', ')}{' '}
            {off.length === 1 ? 'has' : 'have'} AWS Compute Optimizer off, so only Spendguard&apos;s own
            findings are listed for {off.length === 1 ? 'it' : 'them'}. Opt in from the Compute Optimizer
            console to have its recommendations imported, each resource counted once.
          </Text>
        </Alert>
      )}
      {blocked.length > 0 && (
        <Alert
          color="yellow"
          icon={<IconLock size={18} />}
          title="Compute Optimizer: its recommendations were not imported"
          data-testid="compute-optimizer-blocked-note"
        >
          <List size="sm" spacing={2}>
            {blocked.map((account) => (
              <List.Item key={account.account_id}>
                <BlockedLine account={account} />
              </List.Item>
            ))}
          </List>
          <Text size="sm" mt={6}>
            What the last complete import brought stays listed until then.
          </Text>
        </Alert>
      )}
    </>
  );
}

function BlockedLine({ account }: { account: OptimizerAccount }) {
  if (account.state !== 'missing-permission')
    return (
      <>
        Account {account.account_id}: {account.message ?? 'the last import could not finish.'}
      </>
    );
  return (
    <>
      Account {account.account_id}: the role lacks <Code>{account.permission}</Code>. Update the stack from
      the latest template, or add it to the role&apos;s policy.
    </>
  );
}
