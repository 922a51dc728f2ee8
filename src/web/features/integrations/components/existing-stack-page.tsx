import { Button, Collapse, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AccessCheckView } from '../../../../contracts/integrations.ts';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { useCreateIntegration } from '../api/create-integration.ts';
import { useVerifyRole } from '../api/verify-role.ts';
import { AccessCheckResult } from './access-check-result.tsx';
import { ActionRoleNotes } from './action-role-notes.tsx';
import { LaunchEventsSetupNotes } from './launch-events-setup-notes.tsx';
import { MeterAndCommitmentPermissionsNote } from './meter-and-commitment-permissions-note.tsx';
import { WasteFinderPermissionsNote } from './waste-finder-permissions-note.tsx';

/** Paste a role ARN (and its ExternalId): verify it, then connect it. Editing a field clears the errors. */
export function ExistingStackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [form, setForm] = useState({
    name: 'AWS',
    roleArn: '',
    externalId: params.get('external_id') ?? '',
    bucket: '',
    prefix: '',
  });
  const [check, setCheck] = useState<AccessCheckView | null>(null);
  const [showExport, setShowExport] = useState(false);
  const verify = useVerifyRole();
  const create = useCreateIntegration();
  const edit = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setForm({ ...form, [field]: event.currentTarget.value });
    setCheck(null);
    verify.reset();
    create.reset();
  };
  const roleInput = { role_arn: form.roleArn.trim(), external_id: form.externalId.trim() };
  const connect = () =>
    create.mutate(
      {
        kind: 'aws-role',
        name: form.name,
        ...roleInput,
        export: form.bucket ? { bucket: form.bucket.trim(), prefix: form.prefix.trim() } : undefined,
      },
      { onSuccess: () => navigate('/aws-integration') },
    );
  return (
    <PageContainer>
      <ScreenHeader
        title="Use an existing stack"
        description="Paste the ARN of the role your stack created."
      />
      <Paper withBorder radius="md" p="lg" maw={720}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            verify.mutate(roleInput, { onSuccess: setCheck });
          }}
        >
          <Stack>
            <TextInput
              label="Name"
              description="How this account shows in Spendguard"
              value={form.name}
              onChange={edit('name')}
              required
              maxLength={80}
            />
            <TextInput
              label="Role ARN"
              placeholder="arn:aws:iam::123456789012:role/SpendguardReadOnly"
              value={form.roleArn}
              onChange={edit('roleArn')}
              required
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <TextInput
              label="ExternalId"
              description="The ExternalId the role's trust policy names"
              value={form.externalId}
              onChange={edit('externalId')}
              required
            />
            <Text size="sm">
              <Button variant="subtle" size="compact-sm" onClick={() => setShowExport((shown) => !shown)}>
                {showExport ? 'No billing export' : 'I have a CUR or FOCUS export in S3'}
              </Button>
            </Text>
            <Collapse expanded={showExport}>
              <Group grow>
                <TextInput
                  label="Export bucket"
                  placeholder="my-billing-exports"
                  value={form.bucket}
                  onChange={edit('bucket')}
                />
                <TextInput
                  label="Prefix"
                  placeholder="cur/spendguard"
                  value={form.prefix}
                  onChange={edit('prefix')}
                />
              </Group>
              <Text size="xs" c="dimmed" mt={4}>
                Without an export, Spendguard reads daily costs from the Cost Explorer API ($0.01 per call, at
                most every 6 hours).
              </Text>
            </Collapse>
            {check && <AccessCheckResult check={check} />}
            {(verify.error ?? create.error) && (
              <Text c="red" size="sm" role="alert">
                {(verify.error ?? create.error)?.message}
              </Text>
            )}
            <Group justify="space-between">
              <Button component={Link} to="/aws-integration/setup" variant="subtle">
                Create a new stack instead
              </Button>
              <Group>
                <Button type="submit" variant="default" loading={verify.isPending}>
                  Verify
                </Button>
                <Button onClick={connect} loading={create.isPending} disabled={!check?.ok}>
                  Connect
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Paper>
      <LaunchEventsSetupNotes />
      <MeterAndCommitmentPermissionsNote />
      <WasteFinderPermissionsNote />
      <ActionRoleNotes />
    </PageContainer>
  );
}
