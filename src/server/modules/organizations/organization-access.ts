import { managesOrganization } from '../../../domain/organization-roles.ts';
import type { Viewer } from '../../auth/viewer.ts';
import { forbidden } from '../../plugins/errors.ts';

/**
 * Owners and admins manage; a member's write answers 403. The shared demo account manages nothing:
 * visitors would otherwise send invitation mails to anyone from it.
 */
export function requireManager(viewer: Viewer, action: string): void {
  if (viewer.isDemo) throw forbidden(`The demo account cannot ${action}.`);
  if (!managesOrganization(viewer.organizationRole)) {
    throw forbidden(`Only owners and admins can ${action}.`);
  }
}
