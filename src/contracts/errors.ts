import { z } from 'zod';

/** The error body of every non-OK API answer (spec §7: "Code and Message fields"). */
export const apiErrorBody = z.object({ Code: z.string(), Message: z.string() });
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
