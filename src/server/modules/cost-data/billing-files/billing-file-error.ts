export interface BillingFileErrorDetails {
  file: string;
  column?: string;
  /** 1-based line of the offending row in the file (the header of a CSV is line 1). */
  row?: number;
  cause?: unknown;
}

/** A billing file that cannot be turned into cost facts, with the place to look. */
export class BillingFileError extends Error {
  override readonly name = 'BillingFileError';
  readonly file: string;
  readonly column: string | undefined;
  readonly row: number | undefined;

  constructor(message: string, details: BillingFileErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.file = details.file;
    this.column = details.column;
    this.row = details.row;
  }
}
