/** An IANA time zone name the runtime knows, such as 'Europe/Paris' or 'UTC'. */
export function isKnownTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
