import { AwsError } from '../protocol/aws-error.ts';
import type { SimResponse } from '../protocol/service-handler.ts';
import { DEFAULT_QUEUE_SETTINGS, type QueueSettings } from './sqs-queues.ts';

/**
 * SQS on the wire: AWS JSON 1.0 in query-compatible mode. An error carries its JSON shape in
 * `__type` and its old query code in `x-amzn-query-error`, which the SDK exposes as `Code`.
 */
export const SQS_CONTENT_TYPE = 'application/x-amz-json-1.0';
export const SQS_TARGET_PREFIX = 'AmazonSQS.';

export function sqsError(shape: string, queryCode: string, message: string, status = 400): AwsError {
  const namespace = shape.includes('#') ? '' : 'com.amazonaws.sqs#';
  return new AwsError(queryCode, message, status, 'Sender', { shape: `${namespace}${shape}` });
}

export const queueDoesNotExist = () =>
  sqsError(
    'QueueDoesNotExist',
    'AWS.SimpleQueueService.NonExistentQueue',
    'The specified queue does not exist.',
  );

export const invalidParameter = (message: string) =>
  sqsError('InvalidParameterValueException', 'InvalidParameterValue', message);

export function renderSqsError(error: AwsError, requestId: string): SimResponse {
  const shape = error.details.shape ?? `com.amazonaws.sqs#${error.code}`;
  return {
    status: error.status,
    headers: {
      'content-type': SQS_CONTENT_TYPE,
      'x-amzn-requestid': requestId,
      'x-amzn-query-error': `${error.code};${error.fault}`,
    },
    body: JSON.stringify({ __type: shape, message: error.message }),
  };
}

export function sqsAnswer(body: object): SimResponse {
  return { status: 200, headers: { 'content-type': SQS_CONTENT_TYPE }, body: JSON.stringify(body) };
}

const SETTING_LIMITS: Record<keyof QueueSettings, [number, number]> = {
  VisibilityTimeout: [0, 43_200],
  ReceiveMessageWaitTimeSeconds: [0, 20],
  MessageRetentionPeriod: [60, 1_209_600],
  DelaySeconds: [0, 900],
  MaximumMessageSize: [1024, 262_144],
};

/** CreateQueue's Attributes: the ones the simulator models, each within the limits SQS enforces. */
export function queueSettingsFrom(attributes: Record<string, string> = {}): QueueSettings {
  const settings = { ...DEFAULT_QUEUE_SETTINGS };
  for (const [name, text] of Object.entries(attributes)) {
    if (name === 'Policy' || name === 'SqsManagedSseEnabled') continue;
    const limits = SETTING_LIMITS[name as keyof QueueSettings];
    if (!limits) {
      throw sqsError('InvalidAttributeName', 'InvalidAttributeName', `Unknown Attribute ${name}.`);
    }
    const value = Number(text);
    if (!Number.isInteger(value) || value < limits[0] || value > limits[1]) {
      throw sqsError(
        'InvalidAttributeValue',
        'InvalidAttributeValue',
        `Invalid value for the parameter ${name}.`,
      );
    }
    settings[name as keyof QueueSettings] = value;
  }
  return settings;
}

/** An integer parameter within [min, max], or the fallback when absent. */
export function boundedInteger(
  value: unknown,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalidParameter(
      `Value ${String(value)} for parameter ${name} is invalid. Reason: Must be between ${min} and ${max}, if provided.`,
    );
  }
  return value;
}
