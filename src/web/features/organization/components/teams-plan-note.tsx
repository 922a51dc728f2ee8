import { Alert, Anchor, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { planAllows } from '../../../../domain/plans.ts';
import { useSession } from '../../../lib/session.tsx';

/** Whether the organization's plan in force includes teams and their scoped views (src/domain/plans.ts). */
export function usePlanIncludesTeams(): boolean {
  const { user } = useSession();
  return user ? planAllows(user.subscription_plan, 'teams') : false;
}

/** Why there is no "New team" on Free, and where the owner changes it; the server refuses it the same way. */
export function TeamsPlanNote() {
  const { viewer } = useSession();
  const owner = viewer.kind === 'signed-in' && viewer.isOwner;
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={16} />} title="Teams are part of Business">
      <Text size="sm">
        Teams and the scoped views they give their members come with the Business plan.{' '}
        {owner ? (
          <Anchor component={Link} to="/subscription" size="sm">
            Start a trial or upgrade
          </Anchor>
        ) : (
          'The owner can start a trial or upgrade.'
        )}
      </Text>
    </Alert>
  );
}
