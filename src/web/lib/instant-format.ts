/**
 * How the app writes a moment, in the browser's time zone: "Nov 28, 2026, 9:04 AM", with seconds where
 * an audit log needs them ("Nov 28, 2026, 9:04:37 AM"). One form on every screen.
 */
const minutes = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const seconds = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
const dayOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function formatWhen(instant: string | Date, precision: 'minutes' | 'seconds' = 'minutes'): string {
  return (precision === 'seconds' ? seconds : minutes).format(new Date(instant));
}

/** The day of a moment, where the time does not matter: "Nov 28, 2026". */
export function formatWhenDay(instant: string | Date): string {
  return dayOnly.format(new Date(instant));
}
