import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE, isValidEmail, isValidPhone } from '../domain/account-rules.ts';
import { isKnownTimeZone } from '../domain/time-zones.ts';

export const subscriptionPlan = z.enum(['free', 'business_monthly', 'business_yearly']);
export type SubscriptionPlan = z.infer<typeof subscriptionPlan>;

const timeZone = z.string().refine(isKnownTimeZone, 'must be an IANA time zone such as Europe/Paris or UTC');

/** `view_customs`: the saved billing view (integration; tag with tag_name and tag_values). */
export const viewCustoms = z.object({
  integration: z.string().max(100).optional(),
  tag: z
    .object({
      tag_name: z.string().max(128),
      tag_values: z.array(z.object({ value: z.string().max(256) })).max(200),
    })
    .optional(),
  view_mode: z.enum(['day', 'month', 'year']).optional(),
  is_amortized: z.boolean().optional(),
});
export type ViewCustoms = z.infer<typeof viewCustoms>;

/** The user record, plus what the settings screen needs. */
export const userRecord = z.object({
  item_id: z.string(),
  user_id: z.string(),
  fullname: z.string(),
  email: z.string(),
  image: z.object({ src: z.string().nullable() }),
  subscription_plan: subscriptionPlan,
  stripe_customer_id: z.string().nullable(),
  view_customs: viewCustoms,
  default_timezone: z.string(),
  role: z.string(),
  phone: z.string().nullable(),
  email_verified: z.boolean(),
  is_demo: z.boolean(),
  /** 'support' for Spendguard's support staff (the support inbox); null for everyone else. */
  platform_role: z.string().nullable(),
  organization: z.object({ id: z.string(), name: z.string() }),
});
export type UserRecord = z.infer<typeof userRecord>;

const fullname = z
  .string()
  .transform((name) => name.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1, 'enter your full name').max(100));

/** The payload that creates the user record. */
export const createUserInput = z.object({
  fullname,
  email: z.string().refine(isValidEmail, INVALID_EMAIL_MESSAGE),
  user_id: z.string().min(1),
  subscription_plan: subscriptionPlan.default('free'),
  default_timezone: timeZone.default('UTC'),
});

export const updateUserInput = z
  .object({
    fullname: fullname.optional(),
    default_timezone: timeZone.optional(),
    view_customs: viewCustoms.optional(),
    phone: z
      .string()
      .refine(isValidPhone, 'use a plus sign and 11 digits, e.g. +1 425 555 0123')
      .nullable()
      .optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, 'send at least one field to change');

export const userIdQuery = z.object({ user_id: z.string().min(1) });
export const deleteUserInput = z.object({ password: z.string().min(1, 'enter your password to confirm') });
