import { INVALID_EMAIL_MESSAGE, isValidEmail } from '../../domain/account-rules.ts';

/**
 * For every field that takes an e-mail, shown as the person leaves the field: the message when
 * something was typed that is not an address; nothing while the field is empty (its submit button stays
 * disabled until the address is valid, see `canSubmitEmail`).
 */
export function emailFieldError(value: string): string | null {
  if (value === '' || isValidEmail(value)) return null;
  return INVALID_EMAIL_MESSAGE;
}

/** Submit stays disabled until the e-mail is non-empty and valid. */
export function canSubmitEmail(value: string): boolean {
  return isValidEmail(value);
}
