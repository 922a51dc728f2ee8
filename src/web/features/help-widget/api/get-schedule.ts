import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduleAnswer } from '../../../../contracts/consultations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET pm-schedule: the booking page, prefilled with the person's name and e-mail. */
export const scheduleQuery = (personKey: string) =>
  queryOptions({
    queryKey: queryKeys.schedule.forPerson(personKey),
    queryFn: () => apiRequest<ScheduleAnswer>('pm-schedule'),
  });

export const useSchedule = (personKey: string) => useQuery(scheduleQuery(personKey));
