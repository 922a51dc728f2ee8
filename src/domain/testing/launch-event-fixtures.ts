/** EventBridge envelopes as AWS delivers them, for the launch-event rules' tests. */

export const ACCOUNT = '746251839027';
export const WHO = `arn:aws:iam::${ACCOUNT}:user/maya.chen`;

let sequence = 0;
const nextId = () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;

export function envelope(detailType: string, source: string, time: string, detail: object, id = nextId()) {
  return {
    version: '0',
    id,
    'detail-type': detailType,
    source,
    account: ACCOUNT,
    time,
    region: 'us-east-1',
    resources: [],
    detail,
  };
}

export function stateChange(instanceId: string, state: string, time: string, id?: string) {
  return envelope(
    'EC2 Instance State-change Notification',
    'aws.ec2',
    time,
    { 'instance-id': instanceId, state },
    id,
  );
}

export function cloudTrailCall(
  source: string,
  eventName: string,
  time: string,
  parts: { requestParameters?: object; responseElements?: object | null; errorCode?: string },
  id?: string,
) {
  return envelope(
    'AWS API Call via CloudTrail',
    source,
    time,
    {
      eventVersion: '1.09',
      userIdentity: { type: 'IAMUser', arn: WHO, accountId: ACCOUNT, userName: 'maya.chen' },
      eventTime: time,
      eventSource: `${source.slice(4)}.amazonaws.com`,
      eventName,
      awsRegion: 'us-east-1',
      sourceIPAddress: '203.0.113.7',
      requestParameters: parts.requestParameters ?? null,
      responseElements: parts.responseElements ?? null,
      ...(parts.errorCode ? { errorCode: parts.errorCode, errorMessage: 'refused' } : {}),
      eventType: 'AwsApiCall',
      managementEvent: true,
      recipientAccountId: ACCOUNT,
      eventCategory: 'Management',
    },
    id,
  );
}

export function runInstances(instanceIds: string[], instanceType: string, time: string, id?: string) {
  return cloudTrailCall(
    'aws.ec2',
    'RunInstances',
    time,
    {
      requestParameters: {
        instancesSet: {
          items: [{ imageId: 'ami-0abc', minCount: instanceIds.length, maxCount: instanceIds.length }],
        },
        instanceType,
      },
      responseElements: {
        reservationId: 'r-0123',
        ownerId: ACCOUNT,
        instancesSet: {
          items: instanceIds.map((instanceId) => ({
            instanceId,
            instanceType,
            instanceState: { code: 0, name: 'pending' },
          })),
        },
      },
    },
    id,
  );
}

export function instancesCall(eventName: string, instanceIds: string[], time: string) {
  const set = { items: instanceIds.map((instanceId) => ({ instanceId })) };
  return cloudTrailCall('aws.ec2', eventName, time, {
    requestParameters: { instancesSet: set },
    responseElements: { instancesSet: set },
  });
}
