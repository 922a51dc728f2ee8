import { Checkbox, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import type { LaunchSettings } from '../../../../contracts/alerts.ts';
import { useTeams } from '../api/list-teams.ts';

/** What the launch rule form edits; amounts are strings while typed. */
export interface LaunchRuleDraft {
  teamId: string | null;
  single: boolean;
  singleUsd: number | string;
  rise: boolean;
  riseUsd: number | string;
  windowHours: number | string;
  budgetOverrun: boolean;
  /** The automatic stop: off, a dry run that only records, or on. */
  autoStop: 'off' | 'dry-run' | 'on';
  autoStopMinutes: number | string;
  /** 12-digit account ids, comma or space separated; empty: any account. */
  autoStopAccounts: string;
}

export function launchDraftOf(settings?: Partial<LaunchSettings>): LaunchRuleDraft {
  return {
    teamId: settings?.team_id ?? null,
    single: settings ? settings.single_launch_usd_per_hour != null : true,
    singleUsd: settings?.single_launch_usd_per_hour ?? 50,
    rise: settings?.window_rise_usd_per_hour != null,
    riseUsd: settings?.window_rise_usd_per_hour ?? 100,
    windowHours: settings?.window_hours ?? 6,
    budgetOverrun: settings?.budget_overrun ?? false,
    autoStop: settings?.auto_stop?.mode ?? 'off',
    autoStopMinutes: settings?.auto_stop?.after_minutes ?? 15,
    autoStopAccounts: (settings?.auto_stop?.account_ids ?? []).join(', '),
  };
}

export function launchSettingsOf(draft: LaunchRuleDraft): LaunchSettings {
  return {
    team_id: draft.teamId,
    window_hours: Number(draft.windowHours),
    window_rise_usd_per_hour: draft.rise ? Number(draft.riseUsd) : null,
    single_launch_usd_per_hour: draft.single ? Number(draft.singleUsd) : null,
    budget_overrun: draft.budgetOverrun,
    auto_stop:
      draft.autoStop === 'off'
        ? null
        : {
            mode: draft.autoStop,
            after_minutes: Number(draft.autoStopMinutes),
            account_ids: draft.autoStopAccounts.split(/[\s,]+/).filter((id) => id !== ''),
          },
  };
}

/** The conditions and scope of a launch rule; the server answers which field is wrong. */
export function LaunchRuleFields({
  draft,
  onChange,
}: {
  draft: LaunchRuleDraft;
  onChange: (draft: LaunchRuleDraft) => void;
}) {
  const teams = useTeams();
  const set = (change: Partial<LaunchRuleDraft>) => onChange({ ...draft, ...change });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Judged within seconds of each launch event, on on-demand prices, hours before any bill data. Any
        condition fires; each launch alerts once.
      </Text>
      <Group align="flex-end" wrap="nowrap">
        <Checkbox
          label="One launch adds more than"
          checked={draft.single}
          onChange={(event) => set({ single: event.currentTarget.checked })}
        />
        <NumberInput
          aria-label="One launch adds more than (USD an hour)"
          prefix="$"
          suffix=" an hour"
          min={0.01}
          disabled={!draft.single}
          value={draft.singleUsd}
          onChange={(value) => set({ singleUsd: value })}
        />
      </Group>
      <Group align="flex-end" wrap="nowrap">
        <Checkbox
          label="Launches raise the run-rate by more than"
          checked={draft.rise}
          onChange={(event) => set({ rise: event.currentTarget.checked })}
        />
        <NumberInput
          aria-label="Launches raise the run-rate by more than (USD an hour)"
          prefix="$"
          suffix=" an hour"
          min={0.01}
          disabled={!draft.rise}
          value={draft.riseUsd}
          onChange={(value) => set({ riseUsd: value })}
        />
        <NumberInput
          label="within"
          suffix=" h"
          min={1}
          max={168}
          w={90}
          disabled={!draft.rise}
          value={draft.windowHours}
          onChange={(value) => set({ windowHours: value })}
        />
      </Group>
      <Checkbox
        label="The live run-rate would carry a budget over before its period ends"
        checked={draft.budgetOverrun}
        onChange={(event) => set({ budgetOverrun: event.currentTarget.checked })}
      />
      <Select
        label="Watch"
        allowDeselect={false}
        value={draft.teamId ?? 'organization'}
        onChange={(value) => set({ teamId: !value || value === 'organization' ? null : value })}
        data={[
          { value: 'organization', label: 'The whole organization' },
          ...(teams.data ?? []).map((team) => ({ value: team.id, label: `Team ${team.name}'s accounts` })),
        ]}
        description="Launch events carry accounts, not tags: a team scope of tags only watches every account."
      />
      <Select
        label="Automatic stop"
        allowDeselect={false}
        value={draft.autoStop}
        onChange={(value) => set({ autoStop: (value as LaunchRuleDraft['autoStop']) ?? 'off' })}
        data={[
          { value: 'off', label: 'Off: a person stops them from the alert' },
          { value: 'dry-run', label: 'Dry run: record what it would have stopped' },
          { value: 'on', label: 'On: stop them unless someone keeps them running' },
        ]}
        description="Needs the integration's opt-in action role. Whoever reads the alert can keep the instances running until then."
      />
      {draft.autoStop !== 'off' && (
        <Group align="flex-start" wrap="nowrap">
          <NumberInput
            label="After"
            suffix=" min"
            min={5}
            max={1440}
            w={120}
            value={draft.autoStopMinutes}
            onChange={(value) => set({ autoStopMinutes: value })}
          />
          <TextInput
            label="In these accounts only"
            placeholder="Any account"
            description="12-digit account ids, e.g. your sandbox accounts"
            style={{ flex: 1 }}
            value={draft.autoStopAccounts}
            onChange={(event) => set({ autoStopAccounts: event.currentTarget.value })}
          />
        </Group>
      )}
      <Text size="xs" c="dimmed">
        Sent by mail and to Slack like every alert: each person's preferences under “My preferences” and the
        Slack channel's alert kinds decide who receives it.
      </Text>
    </Stack>
  );
}
