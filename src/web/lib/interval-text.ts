/**
 * How often something runs, in words: seconds under a minute, minutes under an hour, then hours
 * ("every 5 seconds", "every 5 minutes", "every 1 hour"; short: "5 s", "5 min", "1 h").
 */
export function intervalText(seconds: number, style: 'long' | 'short' = 'long'): string {
  const [amount, long, short] =
    seconds >= 3600
      ? [seconds / 3600, 'hour', 'h']
      : seconds >= 60
        ? [seconds / 60, 'minute', 'min']
        : [seconds, 'second', 's'];
  const rounded = Math.round(amount * 10) / 10;
  if (style === 'short') return `${rounded} ${short}`;
  return `${rounded} ${long}${rounded === 1 ? '' : 's'}`;
}
