import { Code, List, Paper, Stack, Text, Title } from '@mantine/core';

const ONE_MORE_REGION = `aws cloudformation create-stack --region eu-west-1 \\
  --stack-name spendguard-launch-events \\
  --template-body file://spendguard-read-only-role.yaml \\
  --parameters ParameterKey=LaunchEventsOnly,ParameterValue=true \\
  --capabilities CAPABILITY_NAMED_IAM`;

const STACK_SET = `aws cloudformation create-stack-set --stack-set-name spendguard-launch-events \\
  --template-body file://spendguard-read-only-role.yaml \\
  --parameters ParameterKey=LaunchEventsOnly,ParameterValue=true \\
  --capabilities CAPABILITY_NAMED_IAM
aws cloudformation create-stack-instances --stack-set-name spendguard-launch-events \\
  --accounts 123456789012 --regions eu-west-1 us-west-2`;

function Snippet({ children }: { children: string }) {
  return (
    <Code block style={{ overflowX: 'auto', maxWidth: '100%' }}>
      {children}
    </Code>
  );
}

/**
 * Early warning on a stack a person built or updated by hand (decision 046): which regions it hears,
 * how to add the others, and what CloudTrail adds.
 */
export function LaunchEventsSetupNotes() {
  return (
    <Paper withBorder radius="md" p="lg" maw={720} mt="md" data-testid="launch-events-setup">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Launch events: early warning before the bill
        </Title>
        <Text size="sm">
          With <Code>LaunchEvents=Enabled</Code> (the default), the stack creates an SQS queue named{' '}
          <Code>spendguard-launch-events</Code> and two EventBridge rules that send it EC2 state changes and
          launch API calls. The role may only receive and delete messages from that queue. Spendguard reads it
          over HTTPS, so your server needs no open port. A stack created before launch events existed shows
          "Queue missing" on the integration card: update it with the current template.
        </Text>
        <Title order={3} size="h5">
          More than one region
        </Title>
        <Text size="sm">
          EventBridge rules are regional: a stack hears launches in its own region only. For every other
          region where people launch, add the queue and rules there with <Code>LaunchEventsOnly=true</Code>{' '}
          (the IAM role is global and already exists). Use either one stack per region:
        </Text>
        <Snippet>{ONE_MORE_REGION}</Snippet>
        <Text size="sm">or one StackSet over the regions (and accounts) you choose:</Text>
        <Snippet>{STACK_SET}</Snippet>
        <Text size="sm">Spendguard finds and reads each region's queue; the card lists them.</Text>
        <Title order={3} size="h5">
          Who launched it, and which type
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>
            EC2 state changes arrive with no further setup, but name neither the instance type nor the caller.
          </List.Item>
          <List.Item>
            The type, the count and who launched it come from CloudTrail API-call events, which reach
            EventBridge only where a trail logs management events (an organization trail counts).
          </List.Item>
          <List.Item>
            No trail? Set <Code>ManagementEventsTrail=Enabled</Code> in one region only: it creates a
            multi-region trail of write management events with its own private bucket (90-day expiry). The
            first copy of management events is free in CloudTrail; the bucket's storage is not.
          </List.Item>
          <List.Item>
            Without a trail, launches are still listed, as "price unknown" until the next inventory sync names
            their type.
          </List.Item>
        </List>
        <Text size="xs" c="dimmed">
          Servers reachable from AWS over HTTPS can also receive the events directly through an EventBridge
          API destination: create its secret on the integration card once connected.
        </Text>
      </Stack>
    </Paper>
  );
}
