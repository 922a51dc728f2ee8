import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * True below Mantine's `sm` breakpoint (48em): where a wide table gives way to what fits a phone. The
 * recommendations list, the dashboard's breakdown and its chart's labels ask the same question.
 */
export function usePhoneWidth(): boolean {
  return useMediaQuery(`(max-width: ${em(767)})`);
}
