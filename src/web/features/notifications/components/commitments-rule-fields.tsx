import { Checkbox, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import type { CommitmentsSettings } from '../../../../contracts/alerts.ts';

/** What the commitments rule form edits; numbers are strings while typed. */
export interface CommitmentsRuleDraft {
  expiry: boolean;
  /** "60, 30, 7, 1" as typed. */
  leadDays: string;
  utilization: boolean;
  belowPercent: number | string;
  days: number | string;
  returnWindow: boolean;
  startAnnouncement: boolean;
}

export function commitmentsDraftOf(settings?: Partial<CommitmentsSettings>): CommitmentsRuleDraft {
  const leads = settings?.expiry_lead_days ?? [60, 30, 7, 1];
  return {
    expiry: leads.length > 0,
    leadDays: (leads.length > 0 ? leads : [60, 30, 7, 1]).join(', '),
    utilization: settings ? settings.utilization_below_percent != null : true,
    belowPercent: settings?.utilization_below_percent ?? 80,
    days: settings?.utilization_days ?? 7,
    returnWindow: settings?.return_window ?? true,
    startAnnouncement: settings?.start_announcement ?? true,
  };
}

export function commitmentsSettingsOf(draft: CommitmentsRuleDraft): CommitmentsSettings {
  return {
    expiry_lead_days: draft.expiry
      ? draft.leadDays
          .split(/[\s,]+/)
          .filter(Boolean)
          .map((lead) => Number(lead))
      : [],
    utilization_below_percent: draft.utilization ? Number(draft.belowPercent) : null,
    utilization_days: Number(draft.days),
    return_window: draft.returnWindow,
    start_announcement: draft.startAnnouncement,
  };
}

/** How a commitments rule reads in the list of rules. */
export function describeCommitmentsSettings(s: Partial<CommitmentsSettings>): string {
  const parts = [
    s.expiry_lead_days && s.expiry_lead_days.length > 0
      ? `a commitment ends in ${s.expiry_lead_days.join(', ')} days`
      : '',
    s.utilization_below_percent != null
      ? `it is used below ${s.utilization_below_percent}% for ${s.utilization_days ?? 7} days`
      : '',
    s.return_window ? 'a Savings Plan can still be returned' : '',
    s.start_announcement !== false ? 'a queued purchase starts' : '',
  ].filter(Boolean);
  return `When ${parts.join(', or ')}`;
}

/** The conditions of a commitments rule; the server answers which field is wrong. */
export function CommitmentsRuleFields({
  draft,
  onChange,
}: {
  draft: CommitmentsRuleDraft;
  onChange: (draft: CommitmentsRuleDraft) => void;
}) {
  const set = (change: Partial<CommitmentsRuleDraft>) => onChange({ ...draft, ...change });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Judged on the Savings Plans and Reserved Instances your bills name, after each ingest and on every
        scheduled pass. Each alert is sent once per commitment and condition.
      </Text>
      <Group align="flex-end" wrap="nowrap">
        <Checkbox
          label="A commitment ends in"
          checked={draft.expiry}
          onChange={(event) => set({ expiry: event.currentTarget.checked })}
        />
        <TextInput
          aria-label="Days before the end"
          rightSection={<Text size="xs">days</Text>}
          rightSectionWidth={44}
          w={170}
          disabled={!draft.expiry}
          value={draft.leadDays}
          onChange={(event) => set({ leadDays: event.currentTarget.value })}
        />
      </Group>
      <Text size="xs" c="dimmed">
        Each lead time is announced once, with what the plan covers now and what the same usage costs a month
        at On-Demand prices from its end.
      </Text>
      <Group align="flex-end" wrap="nowrap">
        <Checkbox
          label="Utilization below"
          checked={draft.utilization}
          onChange={(event) => set({ utilization: event.currentTarget.checked })}
        />
        <NumberInput
          aria-label="Utilization below (percent)"
          suffix="%"
          min={1}
          max={100}
          w={90}
          disabled={!draft.utilization}
          value={draft.belowPercent}
          onChange={(value) => set({ belowPercent: value })}
        />
        <NumberInput
          label="on each of the last"
          suffix=" days"
          min={1}
          max={90}
          w={140}
          disabled={!draft.utilization}
          value={draft.days}
          onChange={(value) => set({ days: value })}
        />
      </Group>
      <Checkbox
        label="A Savings Plan bought in the last 7 days can still be returned ($100 an hour or less, same month)"
        checked={draft.returnWindow}
        onChange={(event) => set({ returnWindow: event.currentTarget.checked })}
      />
      <Checkbox
        label="A queued purchase starts (announced once, in the week it starts)"
        checked={draft.startAnnouncement}
        onChange={(event) => set({ startAnnouncement: event.currentTarget.checked })}
      />
    </Stack>
  );
}
