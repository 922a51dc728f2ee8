import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '../domain/account-rules.ts';
import { INVITATION_BATCH_LIMIT } from '../domain/invitations.ts';
import { ORGANIZATION_ROLES } from '../domain/organization-roles.ts';

export const organizationRole = z.enum(ORGANIZATION_ROLES);

export const teamReference = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export type TeamReference = z.infer<typeof teamReference>;

/** One person in the organization, as the members table and the member page show them. */
export const organizationMember = z.object({
  user_id: z.string(),
  slug: z.string(),
  fullname: z.string(),
  email: z.string(),
  role: organizationRole,
  joined_at: z.string(),
  /** The newest of the person's sessions; null when they have none open. */
  last_active_at: z.string().nullable(),
  teams: z.array(teamReference),
});
export type OrganizationMember = z.infer<typeof organizationMember>;

export const organizationDetails = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  my_role: organizationRole,
  members: z.array(organizationMember),
});
export type OrganizationDetails = z.infer<typeof organizationDetails>;

export const renameOrganizationInput = z.object({
  name: z
    .string()
    .transform((name) => name.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(1, 'enter a name').max(80, 'use at most 80 characters')),
});

export const myOrganization = z.object({
  id: z.string(),
  name: z.string(),
  role: organizationRole,
  active: z.boolean(),
});
export const myOrganizations = z.object({ organizations: z.array(myOrganization) });
export type MyOrganization = z.infer<typeof myOrganization>;

export const organizationIdParams = z.object({ id: z.uuid('must be an organization id') });

/** POST organization-users: a batch of invitations. */
export const inviteUsersInput = z.object({
  users: z
    .array(
      z.object({
        email: z
          .string()
          .trim()
          .refine(isValidEmail, INVALID_EMAIL_MESSAGE)
          .transform((email) => email.toLowerCase()),
        role: organizationRole.default('member'),
        team_id: z.uuid('must be a team id').nullish(),
      }),
    )
    .min(1, 'add at least one person')
    .max(INVITATION_BATCH_LIMIT, `invite at most ${INVITATION_BATCH_LIMIT} people at once`),
});
export type InviteUsersInput = z.input<typeof inviteUsersInput>;

export const inviteOutcome = z.object({
  email: z.string(),
  /** invited: a new mail; reinvited: a pending invitation renewed and mailed again; already_member: nothing sent. */
  status: z.enum(['invited', 'reinvited', 'already_member']),
  invitation_id: z.string().nullable(),
});
export const inviteUsersAnswer = z.object({ results: z.array(inviteOutcome) });
export type InviteUsersAnswer = z.infer<typeof inviteUsersAnswer>;

export const pendingInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: organizationRole,
  team: teamReference.nullable(),
  invited_by: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
});
export const pendingInvitations = z.object({ invitations: z.array(pendingInvitation) });
export type PendingInvitation = z.infer<typeof pendingInvitation>;

export const invitationIdParams = z.object({ id: z.uuid('must be an invitation id') });
export const invitationCodeParams = z.object({ code: z.string().min(1).max(200) });
export const acceptInvitationInput = z.object({
  invitation: z.string().min(1, 'the invitation code').max(200),
});

/** What the link's landing page shows before anyone signs in. */
export const invitationPreview = z.object({
  organization_name: z.string(),
  email: z.string(),
  role: organizationRole,
  team_name: z.string().nullable(),
  invited_by: z.string(),
  expires_at: z.string(),
  account_exists: z.boolean(),
  /** Why it can no longer be accepted (used, withdrawn, expired), or null while it can. */
  problem: z.string().nullable(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

export const acceptedInvitation = z.object({ organization: myOrganization });

/** GET list_users: a team's members, by its id or its slug. */
export const listUsersQuery = z
  .object({ team_id: z.uuid('must be a team id').optional(), slug: z.string().min(1).max(60).optional() })
  .refine((query) => (query.team_id === undefined) !== (query.slug === undefined), {
    message: 'give either team_id or slug',
    path: ['team_id'],
  });

/** DELETE remove-user: from the team when team_id is given, else from the organization. */
export const removeUserQuery = z.object({
  user_id: z.uuid('must be a user id'),
  team_id: z.uuid('must be a team id').optional(),
});

export const userIdParams = z.object({ userId: z.uuid('must be a user id') });
export const changeRoleInput = z.object({ role: organizationRole });
export const memberSlugParams = z.object({ slug: z.string().min(1).max(60) });

/** The member page: the member, and where their alerts go. */
/** What one person receives: their own notification settings and the newest alerts sent to them. */
export const memberAlerts = z.object({
  email: z.boolean(),
  digest: z.enum(['off', 'daily', 'weekly']),
  kinds: z.array(z.string()),
  recent: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      kind: z.string(),
      channel: z.enum(['email', 'slack']),
      state: z.string(),
      fired_at: z.string(),
    }),
  ),
});
export type MemberAlerts = z.infer<typeof memberAlerts>;

export const memberProfile = organizationMember.extend({
  alert_channels: z.array(z.object({ kind: z.enum(['email']), address: z.string() })),
  alerts: memberAlerts,
});
export type MemberProfile = z.infer<typeof memberProfile>;
