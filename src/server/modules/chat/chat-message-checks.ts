import { chatMessageProblem } from '../../../domain/chat-rules.ts';
import { ApiError } from '../../plugins/errors.ts';

/** A message that cannot be sent as typed: empty, or longer than the cap (the answer says how long). */
export function assertSendable(text: string): void {
  const problem = chatMessageProblem(text);
  if (problem) throw new ApiError(400, text.trim() === '' ? 'EmptyMessage' : 'MessageTooLong', problem);
}

export function rateLimited(retryAfterSeconds: number): ApiError {
  return new ApiError(
    429,
    'RateLimited',
    `You are sending messages too fast. Try again in ${retryAfterSeconds} seconds.`,
    { 'retry-after': String(retryAfterSeconds) },
  );
}
