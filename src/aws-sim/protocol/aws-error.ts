/** An error answered to the SDK in the wire shape of the service that raised it. */
export class AwsError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
    readonly fault: 'Sender' | 'Receiver' = 'Sender',
    /** Extra elements some errors carry (S3's BucketName or Key). */
    readonly details: Record<string, string> = {},
  ) {
    super(message);
    this.name = code;
  }
}

export function validationError(message: string): AwsError {
  return new AwsError('ValidationError', message);
}
