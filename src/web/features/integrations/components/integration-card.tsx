import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { IntegrationView } from '../../../../contracts/integrations.ts';
import { billDataExtent } from '../../../lib/data-through.ts';
import { formatWhen } from '../../../lib/instant-format.ts';
import { usePersonToday } from '../../../lib/person-today.ts';
import { upperFirst } from '../../../lib/sentence.ts';
import { isBusy } from '../api/get-integrations.ts';
import { useSetActionRole } from '../api/set-action-role.ts';
import { asksAddOrReplace, useUploadBillingFile } from '../api/upload-billing-file.ts';
import { uploadRefusalMessage } from '../upload-refusal.ts';
import { CommitmentReadsNote } from './commitment-reads-note.tsx';
import { ComputeOptimizerNote, CostOptimizationHubNote } from './compute-optimizer-note.tsx';
import { IntegrationActions } from './integration-actions.tsx';
import { LaunchEventsPanel } from './launch-events-panel.tsx';
import { RunOutcomeAlerts } from './run-outcome-alerts.tsx';
import { AddOrReplaceQuestion, UploadedMonthParts } from './uploaded-month-parts.tsx';
import { UsageMeterPanel } from './usage-meter-panel.tsx';

const SOURCE_LABELS: Record<IntegrationView['source'], string> = {
  'cur-export': 'CUR export in S3',
  'cost-explorer': 'Cost Explorer API',
  upload: 'Uploaded files',
};

const STATE_BADGES: Record<IntegrationView['state'], { color: string; label: string }> = {
  pending: { color: 'gray', label: 'Waiting for first sync' },
  syncing: { color: 'blue', label: 'Syncing' },
  ready: { color: 'teal', label: 'Up to date' },
  error: { color: 'red', label: 'Needs attention' },
};

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

function RunProgress({ integration }: { integration: IntegrationView }) {
  const run = integration.latest_run;
  if (!isBusy(integration)) return null;
  const percent = run && (run.state === 'running' || run.state === 'queued') ? run.percent : 0;
  const detail =
    run && run.state === 'running'
      ? `Reading ${Math.min(run.files_done + 1, run.files_total)} of ${run.files_total} files · ${run.rows_read.toLocaleString('en-US')} line items`
      : integration.state === 'pending'
        ? 'Waiting for the first sync…'
        : 'Contacting AWS…';
  return (
    <Stack gap={4} data-testid="sync-progress">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {detail}
        </Text>
        <Text size="sm" c="dimmed">
          {Math.round(percent)}%
        </Text>
      </Group>
      <Progress value={Math.max(percent, 3)} animated aria-label="Sync progress" />
    </Stack>
  );
}

/** Whether Spendguard may act in this account (the opt-in action role) and what it may do. */
function ActionsLine({ integration }: { integration: IntegrationView }) {
  const { actions } = integration;
  const [roleArn, setRoleArn] = useState('');
  const change = useSetActionRole();
  if (integration.kind !== 'aws-role') return null;
  return (
    <Stack gap={6}>
      <Text size="sm" data-testid="integration-actions">
        {actions.enabled ? (
          <>
            <Badge color="orange" variant="light" mr={6}>
              Actions on
            </Badge>
            Spendguard may, once a person confirms: {actions.may.join(', ').toLowerCase()}; never on resources
            tagged {actions.never_on_tag}.{' '}
            <Anchor component={Link} to="/actions-log" size="sm">
              Actions log
            </Anchor>
          </>
        ) : (
          <>
            <Badge color="gray" variant="light" mr={6}>
              Read only
            </Badge>
            Actions are off: Spendguard can read this account, never change it. Deploy the stack with
            ActionRole=Enabled (or add the policy by hand) to stop instances from an alert.
          </>
        )}
      </Text>
      <Group gap="xs" align="flex-end">
        {actions.enabled ? (
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            loading={change.isPending}
            onClick={() => change.mutate({ id: integration.id, roleArn: null })}
          >
            Turn actions off
          </Button>
        ) : (
          <>
            <TextInput
              size="xs"
              aria-label="Action role ARN"
              placeholder="arn:aws:iam::123456789012:role/SpendguardActions"
              value={roleArn}
              onChange={(event) => setRoleArn(event.currentTarget.value)}
              style={{ flex: 1, maxWidth: 420 }}
            />
            <Button
              size="compact-sm"
              variant="light"
              disabled={!roleArn.trim()}
              loading={change.isPending}
              onClick={() => change.mutate({ id: integration.id, roleArn: roleArn.trim() })}
            >
              Turn actions on
            </Button>
          </>
        )}
      </Group>
      {change.error && (
        <Text c="red" size="xs" role="alert">
          {change.error.message}
        </Text>
      )}
    </Stack>
  );
}

const ACCOUNTS_SHOWN = 3;

/** A file can name hundreds of accounts: the card names a few and counts the rest. */
function describeAccounts(names: string[]): string {
  if (names.length <= ACCOUNTS_SHOWN) return names.join(', ');
  return `${names.slice(0, ACCOUNTS_SHOWN).join(', ')} and ${names.length - ACCOUNTS_SHOWN} more`;
}

/** One integration: where its data comes from, how fresh it is, what went wrong, and what to do. */
export function IntegrationCard({ integration }: { integration: IntegrationView }) {
  // The card owns the upload so a refused file (an empty one answers 400, no run) is said right here.
  const upload = useUploadBillingFile();
  const asking = upload.isError && asksAddOrReplace(upload.error);
  const today = usePersonToday();
  const badge = STATE_BADGES[integration.state];
  const accounts = describeAccounts(integration.accounts.map((account) => account.name ?? account.id));
  return (
    <Paper withBorder radius="md" p="lg" data-testid="integration-card" aria-label={integration.name}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={3} size="h4">
                {integration.name}
              </Title>
              <Badge color={badge.color} variant="light">
                {badge.label}
              </Badge>
              {integration.backfill && (
                <Badge color="blue" variant="outline" data-testid="integration-backfill">
                  {`Older months: ${integration.backfill.done} of ${integration.backfill.total} in`}
                </Badge>
              )}
              {integration.latest_run?.state === 'held' && (
                <Badge color="orange" variant="light">
                  Replacement on hold
                </Badge>
              )}
              {integration.is_demo && (
                <Badge color="grape" variant="light">
                  Demo
                </Badge>
              )}
            </Group>
            {integration.role_arn && (
              <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {integration.role_arn}
              </Text>
            )}
          </Stack>
          <IntegrationActions integration={integration} upload={upload} />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Fact
            label="Source"
            value={
              integration.source === 'cost-explorer' && integration.cost_explorer_calls > 0
                ? `${SOURCE_LABELS[integration.source]} (${integration.cost_explorer_calls} paid calls)`
                : SOURCE_LABELS[integration.source]
            }
          />
          <Fact label="Accounts" value={accounts || '—'} />
          <Fact
            label="Last sync"
            value={integration.last_synced_at ? formatWhen(integration.last_synced_at) : 'Never'}
          />
          <Fact
            label="Bill data"
            testId="fresh-through"
            value={
              integration.fresh_through ? upperFirst(billDataExtent(integration.fresh_through, today)) : '—'
            }
          />
        </SimpleGrid>
        <ActionsLine integration={integration} />
        <RunProgress integration={integration} />
        {asking && upload.variables && <AddOrReplaceQuestion upload={upload} asked={upload.variables} />}
        <RunOutcomeAlerts
          integration={integration}
          uploadRefusal={upload.isError && !asking ? uploadRefusalMessage(upload.error) : null}
        />
        <CommitmentReadsNote integration={integration} />
        <ComputeOptimizerNote integration={integration} />
        <CostOptimizationHubNote integration={integration} />
        {integration.kind === 'upload' && (
          <UploadedMonthParts
            integrationId={integration.id}
            runState={`${integration.latest_run?.id}:${integration.latest_run?.state}`}
          />
        )}
        {integration.kind !== 'upload' && <LaunchEventsPanel integrationId={integration.id} />}
        {integration.kind !== 'upload' && <UsageMeterPanel integrationId={integration.id} />}
      </Stack>
    </Paper>
  );
}
