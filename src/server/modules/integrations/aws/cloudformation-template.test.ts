import { describe, expect, it } from 'vitest';
// `yaml` comes with the build tooling; CloudFormation reads the same YAML 1.2.
import { parseDocument, type YAMLSeq } from 'yaml';
import { LAUNCH_EVENT_NAMES } from '../../../../domain/launch-changes.ts';
import { ACTION_ROLE_NAME, actionRolePolicy } from '../../../../domain/resource-actions.ts';
import {
  cloudFormationTemplate,
  LAUNCH_EVENT_ACTIONS,
  LAUNCH_EVENTS_QUEUE_NAME,
  type TemplateInput,
} from './cloudformation-template.ts';

// biome-ignore lint/suspicious/noExplicitAny: a parsed template is walked by key; the assertions check its shapes.
type Json = Record<string, any>;

/** CloudFormation's short forms (!Ref, !Sub...) read as their long forms (Ref, Fn::Sub...). */
const SHORT_FORMS = ['Ref', 'Condition', 'Sub', 'GetAtt', 'If', 'Equals', 'Not', 'And'];
const customTags = SHORT_FORMS.flatMap((name) => {
  const key = name === 'Ref' || name === 'Condition' ? name : `Fn::${name}`;
  return [
    {
      tag: `!${name}`,
      resolve: (value: string) => ({ [key]: name === 'GetAtt' ? value.split('.') : value }),
    },
    { tag: `!${name}`, collection: 'seq' as const, resolve: (value: YAMLSeq) => ({ [key]: value.toJSON() }) },
  ];
});

const INPUT: TemplateInput = {
  externalId: 'ext-123',
  spendguardAccountId: '123456789012',
  withExport: false,
};

function parsedTemplate(input: TemplateInput = INPUT): Json {
  const document = parseDocument(cloudFormationTemplate(input), { customTags });
  expect(document.errors.map(String)).toEqual([]);
  return document.toJS() as Json;
}

function roleStatements(template: Json): Json[] {
  return template.Resources.SpendguardReadOnlyRole.Properties.Policies.flatMap(
    (policy: Json) => policy.PolicyDocument.Statement,
  );
}

const actionsOf = (statement: Json): string[] => [statement.Action].flat();

describe('the integration template with launch events', () => {
  it('parses as YAML with launch events on and the trail off by default', () => {
    const template = parsedTemplate();
    expect(template.Parameters.LaunchEvents).toMatchObject({
      Default: 'Enabled',
      AllowedValues: ['Enabled', 'Disabled'],
    });
    expect(template.Parameters.ManagementEventsTrail).toMatchObject({ Default: 'Disabled' });
    expect(
      parsedTemplate({ ...INPUT, launchEvents: false, managementEventsTrail: true }).Parameters,
    ).toMatchObject({
      LaunchEvents: { Default: 'Disabled' },
      ManagementEventsTrail: { Default: 'Enabled' },
    });
  });

  it('wires each resource to its condition', () => {
    const { Conditions, Resources, Outputs } = parsedTemplate();
    expect(Conditions.LaunchEventsOn).toEqual({ 'Fn::Equals': [{ Ref: 'LaunchEvents' }, 'Enabled'] });
    expect(Conditions.CreateTrail).toEqual({ 'Fn::Equals': [{ Ref: 'ManagementEventsTrail' }, 'Enabled'] });
    const conditionOf = (name: string) => Resources[name].Condition;
    for (const name of [
      'LaunchEventsQueue',
      'LaunchStateChangeRule',
      'LaunchApiCallRule',
      'LaunchEventsQueuePolicy',
    ]) {
      expect(conditionOf(name), name).toBe('LaunchEventsOn');
    }
    for (const name of ['ManagementEventsBucket', 'ManagementEventsBucketPolicy', 'ManagementEventsTrail']) {
      expect(conditionOf(name), name).toBe('CreateTrail');
    }
    expect(Resources.ManagementEventsTrail.Properties).toMatchObject({
      IsLogging: true,
      IsMultiRegionTrail: true,
      EventSelectors: [{ ReadWriteType: 'WriteOnly', IncludeManagementEvents: true }],
    });
    expect(Outputs.LaunchEventsQueueUrl).toMatchObject({
      Condition: 'LaunchEventsOn',
      Value: { Ref: 'LaunchEventsQueue' },
    });
    expect(conditionOf('SpendguardReadOnlyRole')).toBe('CreateRole');
  });

  it('lets the role receive, delete and count on the launch-events queue, and nothing more on SQS', () => {
    const template = parsedTemplate();
    const statements = roleStatements(template);
    const touchingSqs = statements.filter((statement) => JSON.stringify(statement).includes('"sqs:'));
    expect(touchingSqs).toEqual([
      {
        'Fn::If': [
          'LaunchEventsOn',
          {
            Sid: 'ReceiveLaunchEvents',
            Effect: 'Allow',
            Action: LAUNCH_EVENT_ACTIONS,
            Resource: {
              'Fn::Sub': `arn:\${AWS::Partition}:sqs:*:\${AWS::AccountId}:${LAUNCH_EVENTS_QUEUE_NAME}`,
            },
          },
          { Ref: 'AWS::NoValue' },
        ],
      },
    ]);
    expect(LAUNCH_EVENT_ACTIONS).toEqual([
      'sqs:ReceiveMessage',
      'sqs:DeleteMessage',
      'sqs:GetQueueAttributes',
    ]);
    for (const statement of statements.filter((candidate) => !('Fn::If' in candidate))) {
      expect(actionsOf(statement).filter((action) => action.startsWith('sqs:') || action === '*')).toEqual(
        [],
      );
    }
    expect(template.Resources.LaunchEventsQueue.Properties.QueueName).toBe(LAUNCH_EVENTS_QUEUE_NAME);
  });

  it("reads Cost Optimization Hub's enrollment and recommendations, and nothing more of it", () => {
    const statements = roleStatements(parsedTemplate()).filter((candidate) => !('Fn::If' in candidate));
    const hub = statements.flatMap(actionsOf).filter((action) => action.startsWith('cost-optimization-hub:'));
    expect(hub.sort()).toEqual([
      'cost-optimization-hub:ListEnrollmentStatuses',
      'cost-optimization-hub:ListRecommendations',
    ]);
  });

  it('lets only the two launch rules send to the queue', () => {
    const { Resources } = parsedTemplate();
    expect(Resources.LaunchEventsQueuePolicy.Properties.PolicyDocument.Statement).toEqual([
      expect.objectContaining({
        Effect: 'Allow',
        Principal: { Service: 'events.amazonaws.com' },
        Action: 'sqs:SendMessage',
        Resource: { 'Fn::GetAtt': ['LaunchEventsQueue', 'Arn'] },
        Condition: {
          ArnEquals: {
            'aws:SourceArn': [
              { 'Fn::GetAtt': ['LaunchStateChangeRule', 'Arn'] },
              { 'Fn::GetAtt': ['LaunchApiCallRule', 'Arn'] },
            ],
          },
        },
      }),
    ]);
    for (const rule of ['LaunchStateChangeRule', 'LaunchApiCallRule']) {
      expect(Resources[rule].Properties.Targets).toEqual([
        { Id: 'spendguard-launch-events', Arn: { 'Fn::GetAtt': ['LaunchEventsQueue', 'Arn'] } },
      ]);
    }
  });

  it('forwards state changes and exactly the CloudTrail calls the ledger reads', () => {
    const { Resources } = parsedTemplate();
    expect(Resources.LaunchStateChangeRule.Properties.EventPattern).toEqual({
      source: ['aws.ec2'],
      'detail-type': ['EC2 Instance State-change Notification'],
    });
    const apiCalls = Resources.LaunchApiCallRule.Properties.EventPattern;
    expect(apiCalls['detail-type']).toEqual(['AWS API Call via CloudTrail']);
    expect(apiCalls.source).toEqual(['aws.ec2', 'aws.rds', 'aws.autoscaling']);
    expect([...apiCalls.detail.eventName].sort()).toEqual([...LAUNCH_EVENT_NAMES].sort());
  });

  it('says that rules are regional and how to cover more regions', () => {
    const template = parsedTemplate();
    expect(template.Description).toContain('EventBridge rules are regional');
    expect(template.Description).toContain('StackSet');
    expect(template.Metadata.SpendguardLaunchEvents.CloudTrail).toContain('organization trail');
    expect(template.Parameters.LaunchEventsOnly.Default).toBe('false');
    expect(template.Conditions.CreateExport).toEqual({
      'Fn::And': [{ 'Fn::Equals': [{ Ref: 'CreateCurExport' }, 'true'] }, { Condition: 'CreateRole' }],
    });
  });
});

describe('the opt-in action role', () => {
  it('is off by default, a separate role, and leaves the read-only role without any write action', () => {
    const template = parsedTemplate();
    expect(template.Parameters.ActionRole).toMatchObject({
      Default: 'Disabled',
      AllowedValues: ['Enabled', 'Disabled'],
    });
    expect(template.Resources.SpendguardActionsRole.Condition).toBe('CreateActionRole');
    expect(template.Conditions.CreateActionRole).toEqual({
      'Fn::And': [{ 'Fn::Equals': [{ Ref: 'ActionRole' }, 'Enabled'] }, { Condition: 'CreateRole' }],
    });
    const readOnly = roleStatements(template).flatMap(actionsOf);
    expect(readOnly.filter((action) => /Stop|Start|Update|CreateTags/.test(action))).toEqual([]);
    expect(template.Outputs.ActionRoleArn.Condition).toBe('CreateActionRole');
  });

  it('grants exactly the policy the existing-stack page shows, trusting only the ExternalId', () => {
    const role = parsedTemplate().Resources.SpendguardActionsRole.Properties;
    expect(role.RoleName).toBe(ACTION_ROLE_NAME);
    expect(role.AssumeRolePolicyDocument.Statement[0].Condition).toEqual({
      StringEquals: { 'sts:ExternalId': { Ref: 'ExternalId' } },
    });
    expect(role.Policies[0].PolicyDocument.Statement).toEqual(actionRolePolicy().Statement);
  });
});
