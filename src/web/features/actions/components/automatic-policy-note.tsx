import { Alert } from '@mantine/core';
import type { ResourceActionView } from '../../../../contracts/actions.ts';
import { formatWhen } from '../../../lib/instant-format.ts';

/** What the alert rule's automatic policy does with this proposal, and how a person stops it (decision 121). */
export function AutomaticPolicyNote({ action }: { action: ResourceActionView }) {
  const policy = action.automatic;
  if (!policy) return null;
  const when = formatWhen(policy.at, 'minutes');
  if (action.status === 'kept')
    return (
      <Alert color="gray" title="Kept running">
        Someone kept these running: the automatic policy of rule “{policy.rule}” will not act.
      </Alert>
    );
  if (action.status !== 'proposed') return null;
  return policy.mode === 'on' ? (
    <Alert color="orange" title="Automatic stop" data-testid="automatic-policy">
      Rule “{policy.rule}” stops these at {when} unless someone keeps them running here first.
    </Alert>
  ) : (
    <Alert color="blue" title="Automatic stop: dry run" data-testid="automatic-policy">
      Rule “{policy.rule}” records at {when} what it would have stopped, and stops nothing.
    </Alert>
  );
}
