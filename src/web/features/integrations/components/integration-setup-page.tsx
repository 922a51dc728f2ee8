import {
  Anchor,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconBrandAws, IconCopy, IconDownload, IconExternalLink } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { SectionError } from '../../../components/section-states.tsx';
import { useSetupKit } from '../api/get-setup-kit.ts';
import { AwsNotSetUp } from './aws-not-set-up.tsx';
import { ConnectDemoButton } from './connect-demo-button.tsx';
import { LocalCredentialsNote } from './local-credentials-note.tsx';

function downloadYaml(yaml: string) {
  const url = URL.createObjectURL(new Blob([yaml], { type: 'application/x-yaml' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'spendguard-read-only-role.yaml';
  link.click();
  URL.revokeObjectURL(url);
}

function Step({ number, title, children }: { number: number; title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {number}. {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The template and the quick-create link; the ExternalId stays in the URL so a reload keeps it. */
export function IntegrationSetupPage() {
  const [params, setParams] = useSearchParams();
  const withExport = params.get('with_export') === 'true';
  const kit = useSetupKit({ externalId: params.get('external_id') ?? undefined, withExport });
  const externalId = kit.data?.external_id;
  const template = kit.data?.template;
  const quickCreateUrl = kit.data?.quick_create_url;
  if (externalId && params.get('external_id') !== externalId) {
    setParams((current) => ({ ...Object.fromEntries(current), external_id: externalId }), { replace: true });
  }
  return (
    <PageContainer>
      <ScreenHeader
        title="Connect an AWS account"
        description="A CloudFormation stack creates a read-only role that Spendguard assumes with your ExternalId."
        actions={kit.data?.demo_available && template && <ConnectDemoButton variant="light" />}
      />
      {kit.isPending ? (
        <Stack aria-label="Loading the template">
          <Skeleton h={140} radius="md" />
          <Skeleton h={300} radius="md" />
        </Stack>
      ) : kit.isError ? (
        <SectionError what="the template" error={kit.error} onRetry={() => kit.refetch()} />
      ) : !template || !quickCreateUrl ? (
        <AwsNotSetUp demoAvailable={kit.data.demo_available} />
      ) : (
        <Stack>
          <Step number={1} title="Create the stack in your AWS account">
            <Text size="sm">
              Sign in to the AWS console of your management (payer) account, then open the quick-create link:
              the template and your ExternalId are filled in. The role can read Cost Explorer, your billing
              export bucket, CloudWatch metrics, EC2 inventory, Organizations and the Price List — and change
              nothing.
            </Text>
            <Group gap="xs">
              <Text size="sm" fw={500}>
                ExternalId
              </Text>
              <Code data-testid="external-id">{kit.data.external_id}</Code>
              <CopyButton value={kit.data.external_id}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    leftSection={<IconCopy size={12} />}
                    onClick={copy}
                  >
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Switch
              label="Also create a CUR 2.0 export (hourly, Parquet, with resource ids) into a new bucket"
              checked={withExport}
              onChange={(event) =>
                setParams((current) => ({
                  ...Object.fromEntries(current),
                  with_export: String(event.currentTarget.checked),
                }))
              }
            />
            <Group>
              <Button
                component="a"
                href={quickCreateUrl}
                target="_blank"
                rel="noreferrer"
                leftSection={<IconBrandAws size={18} />}
                rightSection={<IconExternalLink size={14} />}
                data-testid="quick-create-link"
              >
                Open quick-create in the AWS console
              </Button>
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                onClick={() => downloadYaml(template)}
              >
                Download the template
              </Button>
            </Group>
          </Step>
          <Step number={2} title="Paste the role ARN">
            <Text size="sm">
              When the stack is complete, copy its <b>RoleArn</b> output. Spendguard assumes the role with
              your ExternalId and makes one read call to prove it works.
            </Text>
            <Group>
              <Button
                component={Link}
                to={`/aws-integration/existing-stack?external_id=${encodeURIComponent(kit.data.external_id)}`}
              >
                Paste the role ARN
              </Button>
            </Group>
          </Step>
          <Paper withBorder radius="md" p="lg">
            <Stack gap="xs">
              <Group justify="space-between">
                <Title order={3} size="h5">
                  The template
                </Title>
                <Anchor size="sm" component="button" onClick={() => downloadYaml(template)}>
                  spendguard-read-only-role.yaml
                </Anchor>
              </Group>
              <ScrollArea h={320}>
                <Code block data-testid="template-preview">
                  {template}
                </Code>
              </ScrollArea>
            </Stack>
          </Paper>
        </Stack>
      )}
      {kit.data && <LocalCredentialsNote allowed={kit.data.local_credentials} />}
    </PageContainer>
  );
}
