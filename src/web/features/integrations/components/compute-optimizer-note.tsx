import { Alert, Code, List, Text } from '@mantine/core';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import type { IntegrationView } from '../../../../contracts/integrations.ts';

type ImportReads = IntegrationView['compute_optimizer'];
type ImportAccount = NonNullable<ImportReads>['accounts'][number];

/** One of AWS's recommendation services as the card names it. */
interface ImportedService {
  name: string;
  testId: string;
  /** What happens to an account that has it off, and how to turn it on. */
  whenOff: (them: string) => string;
}

const COMPUTE_OPTIMIZER: ImportedService = {
  name: 'Compute Optimizer',
  testId: 'compute-optimizer',
  whenOff: (them) =>
    `AWS Compute Optimizer off, so only Spendguard's own findings are listed for ${them}. Opt in from the Compute Optimizer console to have its recommendations imported, each resource counted once.`,
};

const COST_OPTIMIZATION_HUB: ImportedService = {
  name: 'Cost Optimization Hub',
  testId: 'cost-optimization-hub',
  whenOff: (them) =>
    `AWS Cost Optimization Hub off, so its recommendations are not imported for ${them}; what an earlier import brought stays listed. Enable it from the Billing and Cost Management console to have them imported, each resource counted once.`,
};

/** Where the last sync could not import Compute Optimizer's recommendations (decisions 124 and 131). */
export function ComputeOptimizerNote({ integration }: { integration: IntegrationView }) {
  return <RecommendationImportNote reads={integration.compute_optimizer} service={COMPUTE_OPTIMIZER} />;
}

/** Where the last sync could not import Cost Optimization Hub's recommendations (decision 133). */
export function CostOptimizationHubNote({ integration }: { integration: IntegrationView }) {
  return (
    <RecommendationImportNote reads={integration.cost_optimization_hub} service={COST_OPTIMIZATION_HUB} />
  );
}

/**
 * Said on the card as on the Recommendations screen: accounts that never turned the service on, in one
 * calm note (no failure: Spendguard's own findings are complete without it), and a refused call with its
 * permission.
 */
function RecommendationImportNote({ reads, service }: { reads: ImportReads; service: ImportedService }) {
  const accounts = reads?.accounts ?? [];
  const off = accounts.filter((account) => account.state === 'not-enrolled');
  const blocked = accounts.filter((account) => account.state !== 'ok' && account.state !== 'not-enrolled');
  if (off.length === 0 && blocked.length === 0) return null;
  return (
    <>
      {off.length > 0 && (
        <Alert
          color="blue"
          icon={<IconInfoCircle size={18} />}
          title={`${service.name} is not turned on`}
          data-testid={`${service.testId}-off-note`}
        >
          <Text size="sm">
            Account{off.length === 1 ? '' : 's'} {off.map((account) => account.account_id).join(', ')}{' '}
            {off.length === 1 ? 'has' : 'have'} {service.whenOff(off.length === 1 ? 'it' : 'them')}
          </Text>
        </Alert>
      )}
      {blocked.length > 0 && (
        <Alert
          color="yellow"
          icon={<IconLock size={18} />}
          title={`${service.name}: its recommendations were not imported`}
          data-testid={`${service.testId}-blocked-note`}
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

function BlockedLine({ account }: { account: ImportAccount }) {
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
