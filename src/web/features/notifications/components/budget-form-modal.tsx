import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { BudgetView } from '../../../../contracts/alerts.ts';
import { DEFAULT_BUDGET_THRESHOLDS } from '../../../../domain/budgets.ts';
import { KNOWN_PROVIDER_NAMES, providerLabel } from '../../../../domain/cloud-providers.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useSaveBudget } from '../api/save-budget.ts';

interface ThresholdDraft {
  id?: string;
  percent: number | string;
  basis: 'actual' | 'forecast';
}

/** A new budget starts from the domain's defaults; their ids are given by the server when it is saved. */
const DEFAULT_THRESHOLDS: ThresholdDraft[] = DEFAULT_BUDGET_THRESHOLDS.map(({ percent, basis }) => ({
  percent,
  basis,
}));

/** Create or edit a budget: amount per period, what it watches, and its thresholds. */
export function BudgetFormModal({
  opened,
  onClose,
  budget,
}: {
  opened: boolean;
  onClose: () => void;
  budget?: BudgetView;
}) {
  const save = useSaveBudget();
  const [name, setName] = useState(budget?.name ?? '');
  const [amount, setAmount] = useState<number | string>(budget?.amount_usd ?? '');
  const [period, setPeriod] = useState<string>(budget?.period ?? 'monthly');
  const [basis, setBasis] = useState<string>(budget?.cost_basis ?? 'unblended');
  const [accounts, setAccounts] = useState<string[]>(budget?.filter.account_ids ?? []);
  const [services, setServices] = useState<string[]>(budget?.filter.services ?? []);
  const [tagKey, setTagKey] = useState(budget?.filter.tag?.key ?? '');
  const [tagValue, setTagValue] = useState(budget?.filter.tag?.value ?? '');
  const [providers, setProviders] = useState<string[]>(budget?.filter.providers ?? []);
  const [thresholds, setThresholds] = useState<ThresholdDraft[]>(
    budget?.status.thresholds.map(({ id, percent, basis: b }) => ({ id, percent, basis: b })) ??
      DEFAULT_THRESHOLDS,
  );

  const submit = () =>
    save.mutate(
      {
        id: budget?.id,
        name,
        amount_usd: Number(amount),
        period: period as 'monthly',
        cost_basis: basis as 'unblended',
        filter: {
          account_ids: accounts,
          services,
          tag: tagKey.trim() ? { key: tagKey.trim(), value: tagValue.trim() } : null,
          providers,
        },
        thresholds: thresholds.map((t) => ({ id: t.id, percent: Number(t.percent), basis: t.basis })),
      },
      { onSuccess: onClose },
    );

  const setThreshold = (index: number, change: Partial<ThresholdDraft>) =>
    setThresholds((current) => current.map((t, i) => (i === index ? { ...t, ...change } : t)));

  return (
    <Modal opened={opened} onClose={onClose} title={budget ? 'Edit budget' : 'New budget'} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Name"
            placeholder="Production AWS"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Group grow align="flex-start">
            <NumberInput
              label="Amount (USD)"
              required
              min={1}
              prefix="$"
              thousandSeparator=","
              value={amount}
              onChange={setAmount}
            />
            <Select
              label="Period"
              data={[
                { value: 'monthly', label: 'Monthly' },
                { value: 'quarterly', label: 'Quarterly' },
                { value: 'yearly', label: 'Yearly' },
              ]}
              value={period}
              onChange={(value) => setPeriod(value ?? 'monthly')}
              allowDeselect={false}
            />
            <Select
              label="Cost"
              data={[
                { value: 'unblended', label: 'Unblended' },
                { value: 'amortized', label: 'Amortized' },
              ]}
              value={basis}
              onChange={(value) => setBasis(value ?? 'unblended')}
              allowDeselect={false}
            />
          </Group>
          <Text size="sm" fw={600}>
            What it watches{' '}
            <Text span c="dimmed" size="sm" fw={400}>
              (leave empty for all spend)
            </Text>
          </Text>
          <TagsInput
            label="AWS accounts"
            placeholder="12-digit account ids"
            value={accounts}
            onChange={setAccounts}
          />
          <TagsInput
            label="Services"
            placeholder="e.g. Amazon Elastic Compute Cloud"
            value={services}
            onChange={setServices}
          />
          <MultiSelect
            label="Clouds"
            description="For FOCUS files that hold more than AWS"
            placeholder={providers.length === 0 ? 'All clouds' : undefined}
            data={[...new Set([...KNOWN_PROVIDER_NAMES, ...providers])].map((value) => ({
              value,
              label: providerLabel(value),
            }))}
            value={providers}
            onChange={setProviders}
            clearable
          />
          <Group grow>
            <TextInput
              label="Tag key"
              placeholder="team"
              value={tagKey}
              onChange={(e) => setTagKey(e.currentTarget.value)}
            />
            <TextInput
              label="Tag value"
              placeholder="payments"
              value={tagValue}
              onChange={(e) => setTagValue(e.currentTarget.value)}
            />
          </Group>
          <Text size="sm" fw={600}>
            Thresholds{' '}
            <Text span c="dimmed" size="sm" fw={400}>
              (each alerts once per period)
            </Text>
          </Text>
          <Stack gap="xs">
            {thresholds.map((threshold, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows being edited have no identity yet
              <Group key={index} gap="sm" wrap="nowrap">
                <NumberInput
                  aria-label={`Threshold ${index + 1} percent`}
                  suffix="%"
                  min={1}
                  max={1000}
                  w={110}
                  value={threshold.percent}
                  onChange={(value) => setThreshold(index, { percent: value })}
                />
                <Text size="sm" c="dimmed">
                  of
                </Text>
                <SegmentedControl
                  size="xs"
                  data={[
                    { value: 'actual', label: 'Actual spend' },
                    { value: 'forecast', label: 'Forecast' },
                  ]}
                  value={threshold.basis}
                  onChange={(value) => setThreshold(index, { basis: value as 'actual' | 'forecast' })}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Remove threshold ${index + 1}`}
                  onClick={() => setThresholds((current) => current.filter((_, i) => i !== index))}
                  disabled={thresholds.length === 1}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="subtle"
              size="xs"
              w="fit-content"
              leftSection={<IconPlus size={14} />}
              onClick={() => setThresholds((current) => [...current, { percent: 90, basis: 'actual' }])}
            >
              Add threshold
            </Button>
          </Stack>
          {save.isError && (
            <Alert color="red" title="The budget was not saved">
              {rejectionMessage(save.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {budget ? 'Save budget' : 'Create budget'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
