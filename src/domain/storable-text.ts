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

/**
 * Where in a parsed request (JSON body, query, params) a string holds NUL, which no text column can
 * store: 'name', 'tags.0.key', or null when there is none.
 */
export function pathOfNul(value: unknown, at = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at || 'value' : null;
  if (!isPlainObjectOrArray(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return at ? `${at}.${key}` : key;
    const found = pathOfNul(item, at ? `${at}.${key}` : key);
    if (found) return found;
  }
  return null;
}

/** JSON values only: a buffer or stream (a raw or multipart body) is not walked byte by byte. */
function isPlainObjectOrArray(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}
