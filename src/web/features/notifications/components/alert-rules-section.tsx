import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconDots, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type {
  AlertRuleView,
  CommitmentsSettings,
  CreateAlertRuleInput,
  LaunchSettings,
  LiveSpendSettings,
} from '../../../../contracts/alerts.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useDeleteAlertRule } from '../api/delete-alert-rule.ts';
import { useAlertRules } from '../api/list-alert-rules.ts';
import { useCreateAlertRule, useUpdateAlertRule } from '../api/save-alert-rule.ts';
import { describeFilter, formatUsd, formatWhen, kindLabel } from './alert-format.ts';
import {
  CommitmentsRuleFields,
  commitmentsDraftOf,
  commitmentsSettingsOf,
  describeCommitmentsSettings,
} from './commitments-rule-fields.tsx';
import { LaunchRuleFields, launchDraftOf, launchSettingsOf } from './launch-rule-fields.tsx';
import {
  describeLiveSpendSettings,
  LiveSpendRuleFields,
  liveSpendDraftOf,
  liveSpendSettingsOf,
} from './live-spend-rule-fields.tsx';

function describeSettings(rule: AlertRuleView): string {
  const s = rule.settings as Record<string, unknown>;
  if (rule.kind === 'cost-threshold') {
    return s.mode === 'daily-amount'
      ? `A day above ${formatUsd(Number(s.amount_usd))}`
      : `A day more than ${s.percent}% above the 7-day average`;
  }
  if (rule.kind === 'launch') return describeLaunchSettings(s as Partial<LaunchSettings>);
  if (rule.kind === 'live-spend') return describeLiveSpendSettings(s as Partial<LiveSpendSettings>);
  if (rule.kind === 'commitments') return describeCommitmentsSettings(s as Partial<CommitmentsSettings>);
  if (rule.kind === 'anomaly') {
    return `${String(s.sensitivity)} sensitivity per ${String(s.dimension)}, at least ${formatUsd(Number(s.min_impact_usd))} above expected`;
  }
  return 'Instances idle 4 of the last 14 days; “keep” mutes one for 30 days';
}

function describeLaunchSettings(s: Partial<LaunchSettings>): string {
  const parts = [
    s.single_launch_usd_per_hour != null
      ? `a launch adds more than ${formatUsd(s.single_launch_usd_per_hour)} an hour`
      : '',
    s.window_rise_usd_per_hour != null
      ? `launches within ${s.window_hours ?? 6} h add more than ${formatUsd(s.window_rise_usd_per_hour)} an hour`
      : '',
    s.budget_overrun ? 'the live run-rate would carry a budget over' : '',
  ].filter(Boolean);
  const scope = s.team_id ? ' (one team)' : '';
  return `When ${parts.join(', or ')}${scope}${autoStopWords(s.auto_stop ?? null)}`;
}

function autoStopWords(policy: LaunchSettings['auto_stop']): string {
  if (!policy) return '';
  const where = policy.account_ids.length > 0 ? ` in ${policy.account_ids.join(', ')}` : '';
  return policy.mode === 'on'
    ? `; stops them${where} after ${policy.after_minutes} min unless someone keeps them`
    : `; records what it would stop${where} after ${policy.after_minutes} min (dry run)`;
}

/** Change the conditions and scope of a launch rule, or the conditions of a live-spend or commitments rule. */
function EditLaunchRuleModal({ rule, onClose }: { rule: AlertRuleView; onClose: () => void }) {
  const update = useUpdateAlertRule();
  const [draft, setDraft] = useState(() => launchDraftOf(rule.settings as Partial<LaunchSettings>));
  const [live, setLive] = useState(() => liveSpendDraftOf(rule.settings as Partial<LiveSpendSettings>));
  const [commitments, setCommitments] = useState(() =>
    commitmentsDraftOf(rule.settings as Partial<CommitmentsSettings>),
  );
  const settings = () => {
    if (rule.kind === 'commitments') return { ...commitmentsSettingsOf(commitments) };
    return rule.kind === 'live-spend' ? { ...liveSpendSettingsOf(live) } : { ...launchSettingsOf(draft) };
  };
  return (
    <Modal opened onClose={onClose} title={`Edit ${rule.name}`}>
      <Stack gap="md">
        {rule.kind === 'commitments' && (
          <CommitmentsRuleFields draft={commitments} onChange={setCommitments} />
        )}
        {rule.kind === 'live-spend' && <LiveSpendRuleFields draft={live} onChange={setLive} />}
        {rule.kind === 'launch' && <LaunchRuleFields draft={draft} onChange={setDraft} />}
        {update.isError && (
          <Alert color="red" title="The alert was not changed">
            {rejectionMessage(update.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={update.isPending}
            onClick={() => update.mutate({ id: rule.id, settings: settings() }, { onSuccess: onClose })}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function NewRuleModal({ onClose }: { onClose: () => void }) {
  const create = useCreateAlertRule();
  const [kind, setKind] = useState<string>('cost-threshold');
  const [mode, setMode] = useState<string>('daily-amount');
  const [amount, setAmount] = useState<number | string>(100);
  const [percent, setPercent] = useState<number | string>(50);
  const [sensitivity, setSensitivity] = useState<string>('medium');
  const [minImpact, setMinImpact] = useState<number | string>(25);
  const [launch, setLaunch] = useState(() => launchDraftOf());
  const [live, setLive] = useState(() => liveSpendDraftOf());
  const [commitments, setCommitments] = useState(() => commitmentsDraftOf());

  const input = (): CreateAlertRuleInput => {
    if (kind === 'launch') return { kind: 'launch', settings: launchSettingsOf(launch) };
    if (kind === 'live-spend') return { kind: 'live-spend', settings: liveSpendSettingsOf(live) };
    if (kind === 'commitments') return { kind: 'commitments', settings: commitmentsSettingsOf(commitments) };
    if (kind === 'anomaly') {
      return {
        kind: 'anomaly',
        settings: {
          sensitivity: sensitivity as 'medium',
          min_impact_usd: Number(minImpact),
          dimension: 'service',
        },
      };
    }
    if (kind === 'idle-ec2') return { kind: 'idle-ec2', settings: {} };
    return {
      kind: 'cost-threshold',
      settings:
        mode === 'daily-amount'
          ? { mode: 'daily-amount', amount_usd: Number(amount) }
          : { mode: 'above-trailing-average', percent: Number(percent) },
    };
  };

  return (
    <Modal opened onClose={onClose} title="New alert">
      <Stack gap="md">
        <Select
          label="Alert on"
          allowDeselect={false}
          value={kind}
          onChange={(value) => setKind(value ?? 'cost-threshold')}
          data={[
            { value: 'cost-threshold', label: 'Daily cost threshold' },
            { value: 'anomaly', label: 'Cost anomalies' },
            { value: 'idle-ec2', label: 'Idle EC2 instances' },
            { value: 'launch', label: 'Costly launches (live, before the bill)' },
            { value: 'live-spend', label: 'Live spend of metered usage (NAT gateways…)' },
            { value: 'commitments', label: 'Savings Plans and reservations (end, utilization, return)' },
          ]}
        />
        {kind === 'launch' && <LaunchRuleFields draft={launch} onChange={setLaunch} />}
        {kind === 'live-spend' && <LiveSpendRuleFields draft={live} onChange={setLive} />}
        {kind === 'commitments' && <CommitmentsRuleFields draft={commitments} onChange={setCommitments} />}
        {kind === 'cost-threshold' && (
          <>
            <SegmentedControl
              value={mode}
              onChange={setMode}
              data={[
                { value: 'daily-amount', label: 'Above an amount' },
                { value: 'above-trailing-average', label: 'Above the 7-day average' },
              ]}
            />
            {mode === 'daily-amount' ? (
              <NumberInput label="Daily spend above" prefix="$" min={1} value={amount} onChange={setAmount} />
            ) : (
              <NumberInput
                label="More than this above the average"
                suffix="%"
                min={1}
                value={percent}
                onChange={setPercent}
              />
            )}
          </>
        )}
        {kind === 'anomaly' && (
          <>
            <Text size="sm" fw={500}>
              Sensitivity
            </Text>
            <SegmentedControl
              value={sensitivity}
              onChange={setSensitivity}
              data={[
                { value: 'low', label: 'Low' },
                { value: 'medium', label: 'Medium' },
                { value: 'high', label: 'High' },
              ]}
            />
            <NumberInput
              label="Only when at least this much above expected"
              prefix="$"
              min={0}
              value={minImpact}
              onChange={setMinImpact}
            />
          </>
        )}
        {create.isError && (
          <Alert color="red" title="The alert was not created">
            {rejectionMessage(create.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={create.isPending} onClick={() => create.mutate(input(), { onSuccess: onClose })}>
            Create alert
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RuleRow({ rule, manages }: { rule: AlertRuleView; manages: boolean }) {
  const update = useUpdateAlertRule();
  const remove = useDeleteAlertRule();
  const [editing, setEditing] = useState(false);
  return (
    <Group justify="space-between" wrap="nowrap" py="xs" data-testid="alert-rule">
      {editing && <EditLaunchRuleModal rule={rule} onClose={() => setEditing(false)} />}
      <Stack gap={2}>
        <Group gap="xs">
          <Badge variant="light">{kindLabel(rule.kind)}</Badge>
          <Text fw={600} size="sm">
            {rule.name}
          </Text>
          {rule.paused && <Badge color="gray">Paused</Badge>}
        </Group>
        <Text size="xs" c="dimmed">
          {describeSettings(rule)} · {describeFilter(rule.filter)} ·{' '}
          {rule.last_fired_at ? `last alerted ${formatWhen(rule.last_fired_at)}` : 'not alerted yet'}
        </Text>
        {(update.isError || remove.isError) && (
          <Text size="xs" c="red">
            {(update.error ?? remove.error)?.message}
          </Text>
        )}
      </Stack>
      {manages && (
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${rule.name}`}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {rule.kind === 'anomaly' &&
              (['low', 'medium', 'high'] as const).map((level) => (
                <Menu.Item
                  key={level}
                  onClick={() =>
                    update.mutate({ id: rule.id, settings: { ...rule.settings, sensitivity: level } })
                  }
                >
                  Sensitivity: {level}
                </Menu.Item>
              ))}
            {(rule.kind === 'launch' || rule.kind === 'live-spend' || rule.kind === 'commitments') && (
              <Menu.Item onClick={() => setEditing(true)}>Edit conditions</Menu.Item>
            )}
            <Menu.Item onClick={() => update.mutate({ id: rule.id, paused: !rule.paused })}>
              {rule.paused ? 'Resume' : 'Pause'}
            </Menu.Item>
            <Menu.Item color="red" onClick={() => remove.mutate(rule.id)}>
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}

/** Cost thresholds, anomaly detection and idle-instance alerts. */
export function AlertRulesSection({ manages }: { manages: boolean }) {
  const rules = useAlertRules();
  const [creating, setCreating] = useState(false);
  return (
    <Paper withBorder p="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Alerts
        </Title>
        {manages && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setCreating(true)}
          >
            New alert
          </Button>
        )}
      </Group>
      {rules.isPending && <Skeleton height={80} aria-label="Loading alerts" />}
      {rules.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Could not load the alerts">
          {rejectionMessage(rules.error)}
        </Alert>
      )}
      {rules.isSuccess && rules.data.length === 0 && (
        <Text size="sm" c="dimmed">
          No alerts yet. Add a daily cost threshold, anomaly detection (a day far above its usual, per
          service), idle EC2 instance alerts, costly-launch alerts, live-spend alerts on metered usage or
          alerts on Savings Plans and reservations.
        </Text>
      )}
      {rules.isSuccess && (
        <Stack gap={0}>
          {rules.data.map((rule) => (
            <RuleRow key={rule.id} rule={rule} manages={manages} />
          ))}
        </Stack>
      )}
      {creating && <NewRuleModal onClose={() => setCreating(false)} />}
    </Paper>
  );
}
