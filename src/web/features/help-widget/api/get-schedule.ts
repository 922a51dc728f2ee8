import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduleAnswer } from '../../../../contracts/consultations.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const scheduleQueryKey = ['pm-schedule'] as const;

/** Spec §7 GET pm-schedule: the booking page, prefilled with the person's name and e-mail. */
export const scheduleQuery = (personKey: string) =>
  queryOptions({
    queryKey: [...scheduleQueryKey, personKey],
    queryFn: () => apiRequest<ScheduleAnswer>('pm-schedule'),
  });

export const useSchedule = (personKey: string) => useQuery(scheduleQuery(personKey));
