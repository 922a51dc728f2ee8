import { ActionIcon, Button, Group, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { TeamScope } from '../../../../contracts/teams.ts';

const ACCOUNT_ID = /^\d{12}$/;

/** Usage account ids typed or pasted (12 digits each); anything else is refused with a message. */
function AccountIdsInput({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <TagsInput
      label="AWS accounts"
      description="Usage account ids this team owns. Type or paste 12-digit ids, Enter after each."
      placeholder="123456789012"
      splitChars={[',', ' ', '|']}
      value={value}
      error={error}
      onChange={(ids) => {
        const cleaned = ids.map((id) => id.replaceAll('-', '').trim());
        const rejected = cleaned.filter((id) => !ACCOUNT_ID.test(id));
        setError(rejected.length > 0 ? `${rejected.join(', ')}: an AWS account id is 12 digits.` : null);
        onChange([...new Set(cleaned.filter((id) => ACCOUNT_ID.test(id)))]);
      }}
    />
  );
}

function TagPairsInput({
  value,
  onChange,
}: {
  value: TeamScope['tags'];
  onChange: (tags: TeamScope['tags']) => void;
}) {
  const [draft, setDraft] = useState({ key: '', value: '' });
  const complete = draft.key.trim() !== '' && draft.value.trim() !== '';
  const add = () => {
    if (!complete) return;
    const tag = { key: draft.key.trim(), value: draft.value.trim() };
    if (!value.some((t) => t.key === tag.key && t.value === tag.value)) onChange([...value, tag]);
    setDraft({ key: tag.key, value: '' });
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Tag values
      </Text>
      <Text size="xs" c="dimmed">
        Costs carrying one of these tag pairs belong to the team, in any account (e.g. team = payments).
      </Text>
      {value.map((tag, index) => (
        <Group key={`${tag.key}=${tag.value}`} gap="xs">
          <Text size="sm" ff="monospace">
            {tag.key} = {tag.value}
          </Text>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Remove tag ${tag.key} = ${tag.value}`}
            onClick={() => onChange(value.filter((_, i) => i !== index))}
          >
            <IconX size={14} />
          </ActionIcon>
        </Group>
      ))}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          aria-label="Tag key"
          placeholder="Tag key, e.g. team"
          value={draft.key}
          onChange={(event) => setDraft({ ...draft, key: event.currentTarget.value })}
        />
        <Text>=</Text>
        <TextInput
          aria-label="Tag value"
          placeholder="Value, e.g. payments"
          value={draft.value}
          onChange={(event) => setDraft({ ...draft, value: event.currentTarget.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="light" leftSection={<IconPlus size={14} />} disabled={!complete} onClick={add}>
          Add tag
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The spend a team owns. Account ids and tags are typed by hand until integrations list them; a team with
 * neither restricts nothing.
 */
export function CostScopePicker({
  value,
  onChange,
}: {
  value: TeamScope;
  onChange: (scope: TeamScope) => void;
}) {
  return (
    <Stack gap="md">
      <AccountIdsInput
        value={value.account_ids}
        onChange={(account_ids) => onChange({ ...value, account_ids })}
      />
      <TagPairsInput value={value.tags} onChange={(tags) => onChange({ ...value, tags })} />
    </Stack>
  );
}
