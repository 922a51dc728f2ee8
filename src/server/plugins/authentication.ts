import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ApiTokenScope, tokenRouteRefusal } from '../../domain/api-token-scopes.ts';
import type { Viewer, ViewerLookup, ViewerSource } from '../auth/viewer.ts';
import { ApiError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The scope an organization API token needs on this route (decision 056): `config: { tokenScope:
     * 'costs:read' }`. A route without one refuses tokens; sessions are unaffected.
     */
    tokenScope?: ApiTokenScope;
  }
  interface FastifyRequest {
    /** The signed-in person, or a 401. `verified` (default true) also requires a verified e-mail. */
    requireViewer(options?: { verified?: boolean }): Promise<Viewer>;
    /** The signed-in person when there is one; visitors get undefined. */
    optionalViewer(): Promise<Viewer | undefined>;
    /** Set once requireViewer or optionalViewer answered a signed-in person for this request. */
    signedIn: boolean;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A cookie travels with cross-site requests; a bearer token does not. Cookie-only writes must come from us. */
function assertSameOriginWrite(request: FastifyRequest, publicUrl: string): void {
  if (!UNSAFE_METHODS.has(request.method) || request.headers.authorization) return;
  const origin = request.headers.origin;
  if (origin && origin !== new URL(publicUrl).origin) {
    throw new ApiError(403, 'Forbidden', 'Requests from another site are refused.');
  }
}

/** Why an API token may not use this route, or undefined (a person's session always may). */
function tokenRefusal(request: FastifyRequest, viewer: Viewer) {
  if (!viewer.apiToken) return undefined;
  return tokenRouteRefusal(viewer.apiToken.scopes, request.routeOptions.config.tokenScope);
}

export function registerAuthentication(
  app: FastifyInstance,
  accounts: ViewerSource,
  publicUrl: string,
): void {
  const resolved = new WeakMap<FastifyRequest, Promise<ViewerLookup>>();
  const lookup = (request: FastifyRequest) => {
    let pending = resolved.get(request);
    if (!pending) {
      pending = accounts.lookupViewer(request.headers);
      resolved.set(request, pending);
    }
    return pending;
  };

  app.decorateRequest(
    'requireViewer',
    async function (this: FastifyRequest, options?: { verified?: boolean }) {
      const result = await lookup(this);
      if (result.status === 'demo-expired') {
        throw new ApiError(
          401,
          'DemoExpired',
          'The demo session ends after one hour. Start it again from the home page.',
        );
      }
      if (result.status === 'signed-out')
        throw new ApiError(401, 'Unauthorized', result.message ?? 'Sign in to continue.');
      const refusal = tokenRefusal(this, result.viewer);
      if (refusal) {
        await accounts.recordTokenRefusal?.(
          result.viewer,
          refusal,
          `${this.method} ${this.routeOptions.url}`,
        );
        throw new ApiError(403, refusal.code, refusal.message);
      }
      assertSameOriginWrite(this, publicUrl);
      if ((options?.verified ?? true) && !result.viewer.emailVerified) {
        throw new ApiError(
          403,
          'EmailNotVerified',
          'Verify your e-mail address first: follow the link we sent you.',
        );
      }
      this.signedIn = true;
      return result.viewer;
    },
  );

  app.decorateRequest('optionalViewer', async function (this: FastifyRequest) {
    const result = await lookup(this);
    if (result.status !== 'signed-in' || tokenRefusal(this, result.viewer)) return undefined;
    this.signedIn = true;
    return result.viewer;
  });
  app.decorateRequest('signedIn', false);
}
