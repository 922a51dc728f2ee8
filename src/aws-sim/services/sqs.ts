import { jsonBody } from '../protocol/json-body.ts';
import type { CallContext, ServiceHandler, SimRequest, SimResponse } from '../protocol/service-handler.ts';
import {
  EXPIRED_TOKEN_MESSAGE,
  INVALID_TOKEN_MESSAGE,
  notAuthorizedMessage,
  SIGNATURE_MISMATCH_MESSAGE,
  targetedOperation,
} from '../protocol/service-handler.ts';
import { parseAuthorization } from '../protocol/sigv4.ts';
import { deleteMessages, sendMessages } from './sqs-batches.ts';
import type { QueueStore, ReceivedMessage, SimulatedQueue } from './sqs-queues.ts';
import {
  boundedInteger,
  invalidParameter,
  queueDoesNotExist,
  queueSettingsFrom,
  renderSqsError,
  SQS_TARGET_PREFIX,
  sqsAnswer,
  sqsError,
} from './sqs-wire.ts';

/** How often a long poll looks again for messages whose visibility timeout ended on the clock. */
const LONG_POLL_RECHECK_MS = 200;

interface QueueAddress {
  accountId: string;
  name: string;
}

/** `http://host/123456789012/name`: the account and name are in the path, whatever the host. */
function addressOf(queueUrl: unknown): QueueAddress | undefined {
  if (typeof queueUrl !== 'string') return undefined;
  try {
    const [, accountId = '', name = ''] = new URL(queueUrl).pathname.split('/');
    return /^\d{12}$/.test(accountId) && name ? { accountId, name } : undefined;
  } catch {
    return undefined;
  }
}

function queueUrlFor(request: SimRequest, queue: SimulatedQueue): string {
  return `http://${String(request.headers.host ?? 'localhost')}/${queue.accountId}/${queue.name}`;
}

/** The queue the request names; another account's queue is refused as SQS refuses it without a policy. */
function queueOf(store: QueueStore, context: CallContext, action: string): SimulatedQueue {
  const address = addressOf(jsonBody(context.request).QueueUrl);
  if (!address) throw queueDoesNotExist();
  const queue = store.find(context.region, address.accountId, address.name);
  if (!queue) throw queueDoesNotExist();
  if (queue.accountId !== context.identity.accountId) {
    throw sqsError(
      'com.amazon.coral.service#AccessDeniedException',
      'AccessDenied',
      notAuthorizedMessage(context.identity.arn, action, queue.arn),
      403,
    );
  }
  return queue;
}

function createQueue(store: QueueStore, context: CallContext): SimResponse {
  const body = jsonBody<{ QueueName?: unknown; Attributes?: Record<string, string> }>(context.request);
  const name = body.QueueName;
  if (typeof name !== 'string' || !/^[\w-]{1,80}$/.test(name)) {
    throw invalidParameter(
      'Can only include alphanumeric characters, hyphens, or underscores. 1 to 80 in length',
    );
  }
  const settings = queueSettingsFrom(body.Attributes);
  const queue = store.create(context.region, context.identity.accountId, name, settings, context.nowMs);
  if (queue === 'conflict') {
    throw sqsError(
      'QueueNameExists',
      'QueueAlreadyExists',
      'A queue already exists with the same name and a different value for attribute(s).',
    );
  }
  return sqsAnswer({ QueueUrl: queueUrlFor(context.request, queue) });
}

function getQueueUrl(store: QueueStore, context: CallContext): SimResponse {
  const body = jsonBody<{ QueueName?: string; QueueOwnerAWSAccountId?: string }>(context.request);
  const owner = body.QueueOwnerAWSAccountId ?? context.identity.accountId;
  const queue = store.find(context.region, owner, String(body.QueueName ?? ''));
  if (!queue || owner !== context.identity.accountId) throw queueDoesNotExist();
  return sqsAnswer({ QueueUrl: queueUrlFor(context.request, queue) });
}

function getQueueAttributes(store: QueueStore, context: CallContext): SimResponse {
  const queue = queueOf(store, context, 'sqs:GetQueueAttributes');
  const wanted = jsonBody<{ AttributeNames?: string[] }>(context.request).AttributeNames ?? [];
  const counts = queue.counts(context.nowMs);
  const all: Record<string, string> = {
    QueueArn: queue.arn,
    ApproximateNumberOfMessages: String(counts.visible),
    ApproximateNumberOfMessagesNotVisible: String(counts.inFlight),
    ApproximateNumberOfMessagesDelayed: String(counts.delayed),
    CreatedTimestamp: String(Math.floor(queue.createdAt / 1000)),
    ...Object.fromEntries(Object.entries(queue.settings).map(([name, value]) => [name, String(value)])),
  };
  const everything = wanted.includes('All');
  const attributes = Object.fromEntries(
    Object.entries(all).filter(([name]) => everything || wanted.includes(name)),
  );
  return sqsAnswer(Object.keys(attributes).length > 0 ? { Attributes: attributes } : {});
}

interface ReceiveRequest {
  MaxNumberOfMessages?: number;
  VisibilityTimeout?: number;
  WaitTimeSeconds?: number;
  AttributeNames?: string[];
  MessageSystemAttributeNames?: string[];
}

function systemAttributes(message: ReceivedMessage, wanted: string[]): Record<string, string> | undefined {
  const all: Record<string, string> = {
    ApproximateReceiveCount: String(message.receiveCount),
    SentTimestamp: String(message.sentAt),
    ApproximateFirstReceiveTimestamp: String(message.firstReceivedAt),
  };
  const picked = Object.entries(all).filter(([name]) => wanted.includes('All') || wanted.includes(name));
  return picked.length > 0 ? Object.fromEntries(picked) : undefined;
}

async function receiveMessage(store: QueueStore, context: CallContext, now: () => Date) {
  const queue = queueOf(store, context, 'sqs:ReceiveMessage');
  const body = jsonBody<ReceiveRequest>(context.request);
  const max = boundedInteger(body.MaxNumberOfMessages, 'MaxNumberOfMessages', 1, 10, 1);
  const visibility = boundedInteger(
    body.VisibilityTimeout,
    'VisibilityTimeout',
    0,
    43_200,
    queue.settings.VisibilityTimeout,
  );
  const waitSeconds = boundedInteger(
    body.WaitTimeSeconds,
    'WaitTimeSeconds',
    0,
    20,
    queue.settings.ReceiveMessageWaitTimeSeconds,
  );
  const deadline = performance.now() + waitSeconds * 1000;
  let messages = queue.receive(max, visibility, now().getTime());
  while (messages.length === 0 && !store.isClosed && performance.now() < deadline) {
    await store.waitForMessage(queue, Math.min(LONG_POLL_RECHECK_MS, deadline - performance.now()));
    messages = queue.receive(max, visibility, now().getTime());
  }
  const wanted = [...(body.AttributeNames ?? []), ...(body.MessageSystemAttributeNames ?? [])];
  if (messages.length === 0) return sqsAnswer({});
  return sqsAnswer({
    Messages: messages.map((message) => ({
      MessageId: message.messageId,
      ReceiptHandle: message.receiptHandle,
      MD5OfBody: message.md5OfBody,
      Body: message.body,
      Attributes: systemAttributes(message, wanted),
    })),
  });
}

function sendMessage(store: QueueStore, context: CallContext): SimResponse {
  const queue = queueOf(store, context, 'sqs:SendMessage');
  const body = jsonBody<{ MessageBody?: unknown; DelaySeconds?: number }>(context.request);
  const [sent] = sendMessages(queue, [{ Id: 'single', ...body }], context.nowMs);
  if (!sent || 'Code' in sent) throw invalidParameter(sent?.Message ?? 'The message is not valid.');
  return sqsAnswer({ MessageId: sent.MessageId, MD5OfMessageBody: sent.MD5OfMessageBody });
}

function deleteMessage(store: QueueStore, context: CallContext): SimResponse {
  const queue = queueOf(store, context, 'sqs:DeleteMessage');
  const body = jsonBody<{ ReceiptHandle?: unknown }>(context.request);
  const [deleted] = deleteMessages(queue, [{ Id: 'single', ReceiptHandle: body.ReceiptHandle }]);
  if (!deleted || 'Code' in deleted) {
    throw sqsError(
      'ReceiptHandleIsInvalid',
      'ReceiptHandleIsInvalid',
      `The input receipt handle "${String(body.ReceiptHandle)}" is not a valid receipt handle.`,
      404,
    );
  }
  return sqsAnswer({});
}

function batch(store: QueueStore, context: CallContext, kind: 'send' | 'delete'): SimResponse {
  const queue = queueOf(store, context, kind === 'send' ? 'sqs:SendMessage' : 'sqs:DeleteMessage');
  const entries = jsonBody<{ Entries?: Array<Record<string, unknown>> }>(context.request).Entries ?? [];
  if (entries.length === 0) {
    throw sqsError(
      'EmptyBatchRequest',
      'AWS.SimpleQueueService.EmptyBatchRequest',
      'There should be at least one entry in the request.',
    );
  }
  if (entries.length > 10) {
    throw sqsError(
      'TooManyEntriesInBatchRequest',
      'AWS.SimpleQueueService.TooManyEntriesInBatchRequest',
      `Maximum number of entries per request are 10. You have sent ${entries.length}.`,
    );
  }
  if (new Set(entries.map((entry) => entry.Id)).size !== entries.length) {
    throw sqsError(
      'BatchEntryIdsNotDistinct',
      'AWS.SimpleQueueService.BatchEntryIdsNotDistinct',
      'Two or more batch entries in the request have the same Id.',
    );
  }
  const results =
    kind === 'send' ? sendMessages(queue, entries, context.nowMs) : deleteMessages(queue, entries);
  return sqsAnswer({
    Successful: results.filter((result) => !('Code' in result)),
    Failed: results.filter((result) => 'Code' in result),
  });
}

/** SQS as the installed `@aws-sdk/client-sqs` speaks it; the simulator's clock drives visibility. */
export function sqsService(store: QueueStore, now: () => Date): ServiceHandler {
  const operations = new Map<string, (context: CallContext) => SimResponse | Promise<SimResponse>>([
    ['CreateQueue', (context) => createQueue(store, context)],
    ['GetQueueUrl', (context) => getQueueUrl(store, context)],
    ['GetQueueAttributes', (context) => getQueueAttributes(store, context)],
    ['SendMessage', (context) => sendMessage(store, context)],
    ['SendMessageBatch', (context) => batch(store, context, 'send')],
    ['ReceiveMessage', (context) => receiveMessage(store, context, now)],
    ['DeleteMessage', (context) => deleteMessage(store, context)],
    ['DeleteMessageBatch', (context) => batch(store, context, 'delete')],
    [
      'PurgeQueue',
      (context) => {
        queueOf(store, context, 'sqs:PurgeQueue').purge();
        return sqsAnswer({});
      },
    ],
  ]);
  return {
    name: 'sqs',
    signingName: 'sqs',
    operationOf: (request) => targetedOperation(request, SQS_TARGET_PREFIX),
    permissionFor(operation, request) {
      const region = parseAuthorization(request.headers.authorization as string | undefined)?.region;
      const body = jsonBody<{ QueueUrl?: string; QueueName?: string }>(request);
      const address = addressOf(body.QueueUrl);
      const resource = address
        ? `arn:aws:sqs:${region}:${address.accountId}:${address.name}`
        : `arn:aws:sqs:${region}::${String(body.QueueName ?? '')}`;
      // IAM has no batch actions: a batch needs the action of its single form.
      return { action: `sqs:${operation.replace(/Batch$/, '')}`, resource };
    },
    async handle(context) {
      const operation = operations.get(context.operation);
      if (!operation) {
        throw sqsError(
          'UnsupportedOperation',
          'AWS.SimpleQueueService.UnsupportedOperation',
          `The simulator does not offer ${context.operation}.`,
        );
      }
      return operation(context);
    },
    renderError: (error, requestId) => renderSqsError(error, requestId),
    errors: {
      missingAuthentication: () =>
        sqsError(
          'com.amazon.coral.service#MissingAuthenticationTokenException',
          'MissingAuthenticationToken',
          'Request is missing Authentication Token',
          403,
        ),
      unknownAccessKey: () =>
        sqsError(
          'com.amazon.coral.service#UnrecognizedClientException',
          'InvalidClientTokenId',
          INVALID_TOKEN_MESSAGE,
          403,
        ),
      signatureMismatch: () =>
        sqsError(
          'com.amazon.coral.service#InvalidSignatureException',
          'SignatureDoesNotMatch',
          SIGNATURE_MISMATCH_MESSAGE,
          403,
        ),
      expiredToken: () =>
        sqsError(
          'com.amazon.coral.service#ExpiredTokenException',
          'ExpiredToken',
          EXPIRED_TOKEN_MESSAGE,
          403,
        ),
      throttled: () => sqsError('RequestThrottled', 'RequestThrottled', 'Rate exceeded', 403),
      accessDenied: (callerArn, action, resource) =>
        sqsError(
          'com.amazon.coral.service#AccessDeniedException',
          'AccessDenied',
          notAuthorizedMessage(callerArn, action, resource),
          403,
        ),
    },
  };
}
