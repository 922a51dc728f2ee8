import { Alert, Button, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CreatedApiToken } from '../../../../contracts/api-tokens.ts';
import {
  API_TOKEN_LIFETIMES_DAYS,
  API_TOKEN_SCOPE_MEANINGS,
  API_TOKEN_SCOPES,
  type ApiTokenScope,
} from '../../../../domain/api-token-scopes.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useCreateApiToken } from '../api/create-api-token.ts';

const LIFETIME_OPTIONS = API_TOKEN_LIFETIMES_DAYS.map((days) => ({
  value: String(days),
  label: days === 365 ? '1 year' : `${days} days`,
}));

/** Name, scopes and lifetime of a new token; answers the created token (with its secret) to the page. */
export function CreateApiTokenForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: CreatedApiToken) => void;
  onCancel: () => void;
}) {
  const create = useCreateApiToken();
  const form = useForm({
    initialValues: { name: '', scopes: ['costs:read'] as ApiTokenScope[], lifetime: '90' },
    validate: {
      name: (value) => (value.trim() ? null : 'Enter a name, such as the pipeline that will use it.'),
      scopes: (value) => (value.length > 0 ? null : 'Choose at least one scope.'),
    },
  });
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        create.mutate(
          {
            name: values.name,
            scopes: values.scopes,
            expires_in_days: Number(values.lifetime),
          },
          { onSuccess: onCreated },
        ),
      )}
    >
      <Stack>
        <TextInput
          label="Name"
          placeholder="Terraform in CI"
          maxLength={80}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Checkbox.Group label="Scopes" {...form.getInputProps('scopes')}>
          <Stack gap="sm" mt="xs">
            {API_TOKEN_SCOPES.map((scope) => (
              <Checkbox
                key={scope}
                value={scope}
                label={
                  <Text size="sm" fw={500} span>
                    {API_TOKEN_SCOPE_MEANINGS[scope].label}{' '}
                    <Text span size="xs" c="dimmed" ff="monospace">
                      {scope}
                    </Text>
                  </Text>
                }
                description={API_TOKEN_SCOPE_MEANINGS[scope].grants}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Select
          label="Expires after"
          data={LIFETIME_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('lifetime')}
        />
        {create.isError && <Alert color="red">{rejectionMessage(create.error)}</Alert>}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
