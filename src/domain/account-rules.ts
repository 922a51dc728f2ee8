/** Field rules for people's accounts (and the password rules chosen in docs/decisions). */

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';

/** Text, @, text, a dot, text; no spaces or extra @. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The longest address mail can carry (RFC 5321's 254 characters of a path, less its brackets). */
export const MAX_EMAIL_LENGTH = 254;

export function isValidEmail(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);
}

/** A plus sign and 11 digits, optional single spaces between digits. */
const PHONE_PATTERN = /^\+\d( ?\d){10}$/;

export function isValidPhone(phone: string): boolean {
  return PHONE_PATTERN.test(phone);
}

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

const CHARACTER_CLASSES = [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d]/];

/** At least 10 characters, not all of one kind (lower case, upper case, digits, symbols). Null when fine. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  }
  const classes = CHARACTER_CLASSES.filter((pattern) => pattern.test(password)).length;
  if (classes < 2) {
    return 'Mix at least two kinds of characters: lower case, upper case, digits or symbols.';
  }
  return null;
}

/** Sign-up trims the full name before sending. */
export function normalizeFullName(fullName: string): string {
  return fullName.trim().replace(/\s+/g, ' ');
}
