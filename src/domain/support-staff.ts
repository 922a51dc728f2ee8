/** Who answers the live chat: people with the platform role 'support'. */

export const SUPPORT_ROLE = 'support';

/**
 * The role a person acts with: the one stored on their account (granted with
 * `npm run admin -- grant-support`), or 'support' when the operator lists their verified address in
 * SUPPORT_EMAILS. An unverified address never grants anything: anyone can type one at sign-up.
 */
export function effectivePlatformRole(
  person: { storedRole: string | null; email: string; emailVerified: boolean },
  supportEmails: readonly string[],
): string | null {
  if (person.storedRole) return person.storedRole;
  const listed = supportEmails.some((address) => address.toLowerCase() === person.email.toLowerCase());
  return listed && person.emailVerified ? SUPPORT_ROLE : null;
}

export function isSupportStaff(platformRole: string | null | undefined): boolean {
  return platformRole === SUPPORT_ROLE;
}
