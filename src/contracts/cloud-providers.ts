import { z } from 'zod';
import { MAX_PROVIDER_NAME_LENGTH } from '../domain/cloud-providers.ts';

/** Most providers one filter names; FOCUS files hold a handful. */
export const MAX_PROVIDERS_IN_FILTER = 20;

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const PRINTABLE_WITHOUT_COMMA = /^[^\u0000-\u001f\u007f,]+$/;

/** A provider as the billing data names it ('AWS', 'Microsoft', 'Google Cloud'; decision 060). */
export const providerName = z
  .string()
  .trim()
  .min(1, 'a provider name cannot be empty')
  .max(MAX_PROVIDER_NAME_LENGTH, `a provider name has at most ${MAX_PROVIDER_NAME_LENGTH} characters`)
  .regex(PRINTABLE_WITHOUT_COMMA, 'a provider name holds no commas or control characters');

/** Providers a budget, a rule or a view is narrowed to; empty means every provider. */
export const providerNames = z
  .array(providerName)
  .max(MAX_PROVIDERS_IN_FILTER, `name at most ${MAX_PROVIDERS_IN_FILTER} providers`);

/** A provider present in the data: its key in filters and series, and the name people read. */
export const providerChoice = z.object({ name: z.string(), label: z.string() });
