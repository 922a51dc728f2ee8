import type { IncomingHttpHeaders } from 'node:http';
import type { ApiTokenScope, TokenRouteRefusal } from '../../domain/api-token-scopes.ts';

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
  /** Set when an organization API token asks (decision 056): it reaches only routes of its scopes. */
  apiToken?: { id: string; name: string; scopes: readonly ApiTokenScope[] };
}

/** What a request's credentials resolve to. */
export type ViewerLookup =
  | { status: 'signed-in'; viewer: Viewer }
  | { status: 'signed-out'; message?: string }
  | { status: 'demo-expired' };

/** Answers "who is asking?" from request headers; the accounts module provides it, the auth plugin uses it. */
export interface ViewerSource {
  lookupViewer(headers: IncomingHttpHeaders): Promise<ViewerLookup>;
  /** Keeps a token's refusal in the audit log (the api-tokens module provides it). */
  recordTokenRefusal?(viewer: Viewer, refusal: TokenRouteRefusal, route: string): Promise<void>;
}
