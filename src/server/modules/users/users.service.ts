import type { IncomingHttpHeaders } from 'node:http';
import { fromNodeHeaders } from 'better-auth/node';
import type { Kysely } from 'kysely';
import {
  type UserRecord,
  type ViewCustoms,
  viewCustoms as viewCustomsSchema,
} from '../../../contracts/users.ts';
import { isKnownTimeZone } from '../../../domain/time-zones.ts';
import { type CachedReads, UNCACHED_READS } from '../../auth/cached-reads.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { ApiError, badRequest, forbidden, notFound } from '../../plugins/errors.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import { findAvatar, findUserRow, type UserRow, updateUserRow, upsertAvatar } from './users.repository.ts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

function parseViewCustoms(stored: string | null): ViewCustoms {
  if (!stored) return {};
  const parsed = viewCustomsSchema.safeParse(JSON.parse(stored));
  return parsed.success ? parsed.data : {};
}

type BillingFields = Pick<UserRecord, 'subscription_plan' | 'stripe_customer_id'>;

function toUserRecord(
  row: UserRow,
  viewer: Viewer,
  organizationName: string,
  billing: BillingFields,
): UserRecord {
  return {
    item_id: row.id,
    user_id: row.id,
    fullname: row.name,
    email: row.email,
    image: {
      src: row.avatarUpdatedAt ? `/api/users/${row.id}/avatar?v=${row.avatarUpdatedAt.getTime()}` : null,
    },
    subscription_plan: billing.subscription_plan,
    stripe_customer_id: billing.stripe_customer_id,
    view_customs: parseViewCustoms(row.viewCustoms),
    default_timezone: row.defaultTimezone ?? 'UTC',
    role: viewer.organizationRole,
    phone: row.phone,
    email_verified: row.emailVerified,
    is_demo: Boolean(row.isDemo),
    platform_role: viewer.platformRole,
    organization: { id: viewer.organizationId, name: organizationName },
  };
}

/** Does the magic number of the upload match an image type we accept? */
function sniffImageType(bytes: Buffer): string | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.subarray(0, 4).toString('ascii') === 'RIFF' &&
    bytes.subarray(8, 12).toString('ascii') === 'WEBP'
  ) {
    return 'image/webp';
  }
  if (bytes.subarray(0, 4).toString('ascii') === 'GIF8') return 'image/gif';
  return undefined;
}

/** A person reads and changes only their own record: another id answers 404, as if it did not exist. */
export function createUsersService(
  db: Kysely<DatabaseSchema>,
  accounts: AccountsService,
  organizations: OrganizationsService,
  billing: Pick<BillingService, 'userBillingFields'>,
  reads: CachedReads = UNCACHED_READS,
) {
  const assertOwnRecord = (viewer: Viewer, userId: string) => {
    if (userId !== viewer.userId) throw notFound('User');
  };

  async function getRecord(viewer: Viewer): Promise<UserRecord> {
    const row = await findUserRow(db, viewer.userId);
    if (!row) throw notFound('User');
    const membership = await organizations.membershipIn(viewer.userId, viewer.organizationId);
    const billingFields = await billing.userBillingFields(viewer);
    return toUserRecord(row, viewer, membership?.organizationName ?? '', billingFields);
  }

  return {
    getRecord,
    /** The person's time zone for "today" (dashboard, forecasts); UTC when never set or not a known zone. */
    async timeZoneOf(userId: string): Promise<string> {
      return reads.read(`time-zone\n${userId}`, async () => {
        const stored = (await findUserRow(db, userId))?.defaultTimezone;
        return stored && isKnownTimeZone(stored) ? stored : 'UTC';
      });
    },
    async getRecordById(viewer: Viewer, userId: string) {
      assertOwnRecord(viewer, userId);
      return getRecord(viewer);
    },

    /** POST users: the account exists from sign-up; this confirms its profile fields. */
    async createRecord(
      viewer: Viewer,
      input: {
        user_id: string;
        email: string;
        fullname: string;
        subscription_plan: string;
        default_timezone: string;
      },
    ) {
      assertOwnRecord(viewer, input.user_id);
      if (input.email.toLowerCase() !== viewer.email.toLowerCase()) {
        throw badRequest('email: must be the e-mail address of your account.');
      }
      if (input.subscription_plan !== 'free') {
        throw badRequest('subscription_plan: a paid plan starts from the Subscription page, not here.');
      }
      if (viewer.isDemo) throw forbidden('The demo account cannot be changed.');
      await updateUserRow(db, viewer.userId, {
        name: input.fullname,
        defaultTimezone: input.default_timezone,
      });
      return getRecord(viewer);
    },

    async updateRecord(
      viewer: Viewer,
      patch: {
        fullname?: string;
        default_timezone?: string;
        view_customs?: ViewCustoms;
        phone?: string | null;
      },
    ) {
      const changesProfile =
        patch.fullname !== undefined || patch.default_timezone !== undefined || patch.phone !== undefined;
      if (viewer.isDemo && changesProfile) throw forbidden('The demo account cannot change its profile.');
      await updateUserRow(db, viewer.userId, {
        name: patch.fullname,
        defaultTimezone: patch.default_timezone,
        phone: patch.phone,
        viewCustoms: patch.view_customs === undefined ? undefined : JSON.stringify(patch.view_customs),
      });
      return getRecord(viewer);
    },

    /** Re-authenticates with the password, then removes the account and what only it owns. */
    async deleteAccount(viewer: Viewer, userId: string, password: string, headers: IncomingHttpHeaders) {
      assertOwnRecord(viewer, userId);
      if (viewer.isDemo) throw forbidden('The demo account cannot be deleted.');
      try {
        await accounts.auth.api.deleteUser({ body: { password }, headers: fromNodeHeaders(headers) });
      } catch (error) {
        const message = (error as Error).message || 'could not delete the account';
        throw new ApiError(400, 'InvalidPassword', `password: ${message}`);
      }
    },

    async saveAvatar(viewer: Viewer, upload: { declaredType: string; bytes: Buffer }) {
      if (viewer.isDemo) throw forbidden('The demo account cannot change its picture.');
      const contentType = sniffImageType(upload.bytes);
      if (!contentType || !AVATAR_TYPES.includes(upload.declaredType)) {
        throw badRequest('avatar: use a PNG, JPEG, WebP or GIF image.');
      }
      await upsertAvatar(db, { userId: viewer.userId, contentType, bytes: upload.bytes });
      return getRecord(viewer);
    },

    /** A person's own picture: anyone else's answers 404, as one that does not exist. */
    async readAvatar(viewer: Viewer, userId: string) {
      if (viewer.userId !== userId) throw notFound('Avatar');
      const avatar = await findAvatar(db, userId);
      if (!avatar) throw notFound('Avatar');
      return { contentType: avatar.content_type, bytes: Buffer.from(avatar.bytes) };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
