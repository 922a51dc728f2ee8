import { Alert, List, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { AccessCheckView } from '../../../../contracts/integrations.ts';

const TITLES: Record<string, string> = {
  AccessDenied: 'Spendguard could not assume the role',
  MissingPermission: 'The role is missing a permission',
  Throttled: 'AWS is throttling requests',
  NotFound: 'Nothing found there',
  Unreachable: 'AWS could not be reached',
};

/** Each verification step with what it found, so a person knows exactly what to fix. */
export function AccessCheckResult({ check }: { check: AccessCheckView }) {
  return (
    <Alert
      color={check.ok ? 'teal' : 'red'}
      title={check.ok ? 'The role works' : (TITLES[check.code ?? ''] ?? 'The check failed')}
      data-testid="access-check"
    >
      <List spacing="xs" size="sm" lh={1.55}>
        {check.checks.map((step) => (
          <List.Item
            key={step.name}
            icon={
              <ThemeIcon color={step.ok ? 'teal' : 'red'} size={20} radius="xl">
                {step.ok ? <IconCheck size={12} /> : <IconX size={12} />}
              </ThemeIcon>
            }
          >
            <b>{step.name}.</b> {step.message}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
