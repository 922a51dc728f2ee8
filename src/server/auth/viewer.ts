import type { IncomingHttpHeaders } from 'node:http';

/** Who is making a request, as every module sees it: the person, their organization and role there. */
export interface Viewer {
  userId: string;
  email: string;
  name: string;
  emailVerified: boolean;
  organizationId: string;
  organizationRole: 'owner' | 'admin' | 'member' | string;
  isDemo: boolean;
  platformRole: string | null;
  sessionId: string;
}

/** What a request's credentials resolve to. */
export type ViewerLookup =
  | { status: 'signed-in'; viewer: Viewer }
  | { status: 'signed-out' }
  | { status: 'demo-expired' };

/** Answers "who is asking?" from request headers; the accounts module provides it, the auth plugin uses it. */
export interface ViewerSource {
  lookupViewer(headers: IncomingHttpHeaders): Promise<ViewerLookup>;
}
