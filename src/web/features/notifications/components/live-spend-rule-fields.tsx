import { Checkbox, Group, NumberInput, Stack, Text } from '@mantine/core';
import type { LiveSpendSettings } from '../../../../contracts/alerts.ts';
import { formatUsd } from './alert-format.ts';

/** What the live-spend rule form edits; amounts are strings while typed. */
export interface LiveSpendRuleDraft {
  resource: boolean;
  resourceUsd: number | string;
  service: boolean;
  serviceUsd: number | string;
  usual: boolean;
  usualMultiple: number | string;
  usualMinUsd: number | string;
  budgetOverrun: boolean;
}

export function liveSpendDraftOf(settings?: Partial<LiveSpendSettings>): LiveSpendRuleDraft {
  return {
    resource: settings ? settings.resource_usd_per_hour != null : true,
    resourceUsd: settings?.resource_usd_per_hour ?? 5,
    service: settings?.service_usd_per_hour != null,
    serviceUsd: settings?.service_usd_per_hour ?? 20,
    usual: settings?.usual_multiple != null,
    usualMultiple: settings?.usual_multiple ?? 3,
    usualMinUsd: settings?.usual_min_usd_per_hour ?? 5,
    budgetOverrun: settings?.budget_overrun ?? false,
  };
}

export function liveSpendSettingsOf(draft: LiveSpendRuleDraft): LiveSpendSettings {
  return {
    resource_usd_per_hour: draft.resource ? Number(draft.resourceUsd) : null,
    service_usd_per_hour: draft.service ? Number(draft.serviceUsd) : null,
    usual_multiple: draft.usual ? Number(draft.usualMultiple) : null,
    usual_min_usd_per_hour: Number(draft.usualMinUsd),
    budget_overrun: draft.budgetOverrun,
  };
}

/** How a live-spend rule reads in the list of rules. */
export function describeLiveSpendSettings(s: Partial<LiveSpendSettings>): string {
  const parts = [
    s.resource_usd_per_hour != null
      ? `a metered resource spends more than ${formatUsd(s.resource_usd_per_hour)} an hour`
      : '',
    s.service_usd_per_hour != null
      ? `a metered service spends more than ${formatUsd(s.service_usd_per_hour)} an hour`
      : '',
    s.usual_multiple != null
      ? `a resource runs more than ${s.usual_multiple}× its usual rate (and at least ${formatUsd(s.usual_min_usd_per_hour ?? 5)} an hour)`
      : '',
    s.budget_overrun ? 'metered usage would carry a budget over' : '',
  ].filter(Boolean);
  return `When ${parts.join(', or ')}`;
}

/** The conditions of a live-spend rule; the server answers which field is wrong. */
export function LiveSpendRuleFields({
  draft,
  onChange,
}: {
  draft: LiveSpendRuleDraft;
  onChange: (draft: LiveSpendRuleDraft) => void;
}) {
  const set = (change: Partial<LiveSpendRuleDraft>) => onChange({ ...draft, ...change });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Judged on the usage meter's CloudWatch readings (NAT gateway data processed, and each service as it is
        metered) minutes after the usage, at list prices, long before the bill. Any condition fires; each
        resource alerts once a day per condition.
      </Text>
      <Group align="flex-end" wrap="nowrap">
        <Checkbox
          label="One resource spends more than"
          checked={draft.resource}
          onChange={(event) => set({ resource: event.currentTarget.checked })}
        />
        <NumberInput
          aria-label="One resource spends more than (USD an hour)"
          prefix="$"
          suffix=" an hour"
          min={0.01}
          disabled={!draft.resource}
          value={draft.resourceUsd}
          onChange={(value) => set({ resourceUsd: value })}
        />
      </Group>
      <Group align="flex-end" wrap="nowrap">
        <Checkbox
          label="One service spends more than"
          checked={draft.service}
          onChange={(event) => set({ service: event.currentTarget.checked })}
        />
        <NumberInput
          aria-label="One service spends more than (USD an hour)"
          prefix="$"
          suffix=" an hour"
          min={0.01}
          disabled={!draft.service}
          value={draft.serviceUsd}
          onChange={(value) => set({ serviceUsd: value })}
        />
      </Group>
      <Group align="flex-end" wrap="nowrap">
        <Checkbox
          label="A resource runs more than"
          checked={draft.usual}
          onChange={(event) => set({ usual: event.currentTarget.checked })}
        />
        <NumberInput
          aria-label="Times its usual rate"
          suffix="× its usual rate"
          min={1.1}
          step={0.5}
          w={170}
          disabled={!draft.usual}
          value={draft.usualMultiple}
          onChange={(value) => set({ usualMultiple: value })}
        />
        <NumberInput
          label="and at least"
          prefix="$"
          suffix=" an hour"
          min={0}
          w={140}
          disabled={!draft.usual}
          value={draft.usualMinUsd}
          onChange={(value) => set({ usualMinUsd: value })}
        />
      </Group>
      <Text size="xs" c="dimmed">
        The usual rate is the median of the same hour of the week over the last four weeks (two with readings
        at least); until then, the median hour of the past day.
      </Text>
      <Checkbox
        label="Metered usage above its usual rate would carry a budget over before its period ends"
        checked={draft.budgetOverrun}
        onChange={(event) => set({ budgetOverrun: event.currentTarget.checked })}
      />
      <Text size="xs" c="dimmed">
        Sent by mail, to Slack, Teams and webhooks like every alert: each person's preferences under “My
        preferences” and each channel's alert kinds decide who receives it.
      </Text>
    </Stack>
  );
}
