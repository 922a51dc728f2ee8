import { Alert, Anchor, Button, Code, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { CreatedApiToken } from '../../../../contracts/api-tokens.ts';
import { managesOrganization } from '../../../../domain/organization-roles.ts';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { useSession } from '../../../lib/session.tsx';
import { ApiTokensTable } from './api-tokens-table.tsx';
import { CreateApiTokenForm } from './create-api-token-form.tsx';
import { NewTokenSecret } from './new-token-secret.tsx';
import { TokenAuditLog } from './token-audit-log.tsx';

function UsageNote() {
  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4" mb="xs">
        Using a token
      </Title>
      <Text size="sm" mb="xs">
        Send it in the Authorization header. Each operation in the{' '}
        <Anchor href="/api/docs" target="_blank">
          API reference
        </Anchor>{' '}
        names the scope a token needs to call it; a token acts for the organization as an admin would.
      </Text>
      <Code block>{`curl -H "Authorization: Bearer sg_…" \\\n  ${window.location.origin}/api/budgets`}</Code>
    </Paper>
  );
}

/** /settings/api-tokens: owners and admins create, list and revoke organization API tokens. */
export function ApiTokensPage() {
  const { viewer } = useSession();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  if (viewer.kind !== 'signed-in') return null;
  const manages = managesOrganization(viewer.role);

  return (
    <PageContainer size="lg">
      <ScreenHeader
        title="API tokens"
        description="Tokens let scripts and CI pipelines read spend and manage budgets for your organization."
        actions={
          manages && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Create token
            </Button>
          )
        }
      />
      {!manages ? (
        <Alert color="gray" icon={<IconLock size={18} />} title="Owners and admins manage API tokens">
          Ask an owner or admin of your organization for a token.
        </Alert>
      ) : (
        <Stack gap="lg">
          {created && <NewTokenSecret created={created} onDismiss={() => setCreated(null)} />}
          <ApiTokensTable />
          <UsageNote />
          {viewer.isOwner && <TokenAuditLog />}
        </Stack>
      )}
      <Modal opened={creating} onClose={() => setCreating(false)} title="New API token" size="lg">
        <CreateApiTokenForm
          onCancel={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
          }}
        />
      </Modal>
    </PageContainer>
  );
}
