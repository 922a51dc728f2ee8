/**
 * Text that comes from a file or an error (run messages, warnings, integration errors, column names,
 * values of a billing file) before it is stored: PostgreSQL refuses NUL in text and in jsonb, control
 * characters make a message unreadable, and a junk file can make one megabytes long.
 */

/** Long enough for any message a person reads; a junk header cannot make a run's error megabytes. */
export const STORABLE_MESSAGE_LENGTH = 2_000;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const UNSTORABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const UNSTORABLE_ALL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * The text without NUL and other control characters (each becomes U+FFFD, so a person sees where
 * something was), cut to maxLength characters with an ellipsis, never splitting a surrogate pair.
 */
export function storableText(text: string, maxLength: number = STORABLE_MESSAGE_LENGTH): string {
  if (text.length <= maxLength && !UNSTORABLE.test(text)) return text;
  const cleaned = text.replace(UNSTORABLE_ALL, '\uFFFD');
  if (cleaned.length <= maxLength) return cleaned;
  let end = maxLength - 1;
  // A high surrogate at the cut would be half a character: jsonb refuses it.
  if (/[\uD800-\uDBFF]/.test(cleaned.charAt(end - 1))) end -= 1;
  return `${cleaned.slice(0, end)}…`;
}

/** storableText for an optional value. */
export function storableTextOrNull(
  text: string | null | undefined,
  maxLength: number = STORABLE_MESSAGE_LENGTH,
): string | null {
  return text === null || text === undefined ? null : storableText(text, maxLength);
}

/** A failure as runs and integrations store it: where it happened and what a person should read. */
export interface FailureDetails {
  file: string | null;
  column: string | null;
  row: number | null;
  message: string;
}

/** The failure with every text made storable (the row number needs nothing). */
export function storableFailure(failure: FailureDetails): FailureDetails {
  return {
    file: storableTextOrNull(failure.file),
    column: storableTextOrNull(failure.column),
    row: failure.row,
    message: storableText(failure.message) || 'The run failed without a message.',
  };
}

/** The longest text a cost fact's dimension or tag keeps. */
export const STORABLE_FACT_TEXT_LENGTH = 1_024;

/** Tags as the database keeps them: each key and value storable text of a fact's length. */
export function storableTags(tags: Record<string, string>): Record<string, string> {
  const stored: Record<string, string> = {};
  for (const [key, value] of Object.entries(tags))
    stored[storableText(key, STORABLE_FACT_TEXT_LENGTH)] = storableText(value, STORABLE_FACT_TEXT_LENGTH);
  return stored;
}
