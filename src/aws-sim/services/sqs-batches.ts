import type { SimulatedQueue } from './sqs-queues.ts';

/** One entry's outcome in the shape of SendMessageBatch / DeleteMessageBatch results. */
export type BatchEntryResult =
  | { Id: string; MessageId?: string; MD5OfMessageBody?: string }
  | { Id: string; SenderFault: true; Code: string; Message: string };

function failed(id: string, code: string, message: string): BatchEntryResult {
  return { Id: id, SenderFault: true, Code: code, Message: message };
}

/** Each entry succeeds or fails on its own, as in SQS: a bad body does not sink the batch. */
export function sendMessages(
  queue: SimulatedQueue,
  entries: Array<Record<string, unknown>>,
  nowMs: number,
): BatchEntryResult[] {
  return entries.map((entry) => {
    const id = String(entry.Id ?? '');
    const body = entry.MessageBody;
    if (typeof body !== 'string' || body.length === 0) {
      return failed(id, 'MissingParameter', 'The request must contain the parameter MessageBody.');
    }
    if (Buffer.byteLength(body, 'utf8') > queue.settings.MaximumMessageSize) {
      return failed(
        id,
        'InvalidParameterValue',
        `One or more parameters are invalid. Reason: Message must be shorter than ${queue.settings.MaximumMessageSize} bytes.`,
      );
    }
    const delay = typeof entry.DelaySeconds === 'number' ? entry.DelaySeconds : undefined;
    const message = queue.send(body, nowMs, delay);
    return { Id: id, MessageId: message.messageId, MD5OfMessageBody: message.md5OfBody };
  });
}

export function deleteMessages(
  queue: SimulatedQueue,
  entries: Array<Record<string, unknown>>,
): BatchEntryResult[] {
  return entries.map((entry) => {
    const id = String(entry.Id ?? '');
    const handle = entry.ReceiptHandle;
    if (typeof handle === 'string' && queue.delete(handle) === 'deleted') return { Id: id };
    return failed(id, 'ReceiptHandleIsInvalid', `The input receipt handle "${String(handle)}" is not valid.`);
  });
}
