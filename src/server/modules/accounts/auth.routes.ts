import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { canonicalRequestPath } from '../../../domain/request-paths.ts';
import type { AppContext } from '../../context.ts';
import { clientAddressKey } from '../../plugins/client-address.ts';
import { badRequest, forbidden, notFound } from '../../plugins/errors.ts';
import type { AccountsService } from './accounts.service.ts';
import {
  checkAuthRequest,
  createAuthRateLimits,
  DEMO_FORBIDDEN_PATHS,
  isOpenAuthEndpoint,
} from './auth-request-rules.ts';
import { createSingleUseVerification } from './single-use-verification.ts';

const BASE = '/api/auth';

function toFetchRequest(request: FastifyRequest, body: unknown, publicUrl: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === 'content-length') continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  // API clients (curl, tests, the CLI) send no Origin; better-auth refuses POSTs without one.
  if (!headers.has('origin')) headers.set('origin', new URL(publicUrl).origin);
  // better-auth takes the caller's address from X-Forwarded-For: it gets the one Fastify decided on,
  // which trusts a proxy's header only when the operator set TRUST_PROXY.
  headers.set('x-forwarded-for', request.ip);
  const hasBody = !['GET', 'HEAD'].includes(request.method) && body !== undefined;
  return new Request(new URL(request.url, publicUrl), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(body) : undefined,
  });
}

/** better-auth answers `{code, message}`; the whole API answers `{Code, Message}`. */
async function sendFetchResponse(reply: FastifyReply, response: Response, extra: Record<string, unknown>) {
  reply.code(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('application/json') || !text)
    return reply.send(text || null);
  const parsed = JSON.parse(text) as Record<string, unknown> | null;
  // get-session answers `null` for a visitor.
  if (parsed === null || typeof parsed !== 'object') return reply.send(parsed);
  const json = parsed;
  if (response.status >= 400) {
    return reply.send({
      Code: String(json.code ?? 'AuthError'),
      Message: String(json.message ?? 'The request could not be completed.'),
    });
  }
  // better-auth answers the bare session token; the bearer plugin only accepts it signed (auth.ts).
  const signedToken = response.headers.get('set-auth-token');
  if (typeof json.token === 'string' && signedToken) json.token = decodeURIComponent(signedToken);
  return reply.send(Array.isArray(json) ? json : { ...json, ...extra });
}

/**
 * A verification link's token as better-auth will verify it: one signed JWT, in its own characters. Any
 * other spelling (a repeated parameter, padding or whitespace the JWT decoder would skip) is refused, so
 * the once-only rule is decided on the token that is verified, not on one spelling of it.
 */
function verificationTokenOf(query: { token?: unknown }): string | undefined {
  const { token } = query;
  if (token === undefined) return undefined;
  if (typeof token !== 'string' || token.length > 4_096 || !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token))
    throw badRequest("token: not a verification link's token. Open the link from the e-mail again.");
  return token;
}

export const authRoutes: FastifyPluginAsync<{ context: AppContext; accounts: AccountsService }> = async (
  app,
  { context, accounts },
) => {
  const rateLimit = createAuthRateLimits(context.config.authRateLimits);
  const singleUse = createSingleUseVerification(context.database.db);
  app.route({
    method: ['GET', 'POST'],
    url: `${BASE}/*`,
    schema: { hide: true },
    async handler(request, reply) {
      // Every rule below decides on the path better-auth will serve (plugins/canonical-paths.ts already
      // refused any other spelling of it): an endpoint outside the allow-list is not found.
      const path = (canonicalRequestPath(request.url) ?? '').slice(BASE.length);
      if (!isOpenAuthEndpoint(request.method, path)) throw notFound('This endpoint');
      const body = (request.body ?? {}) as Record<string, unknown>;
      rateLimit(path, clientAddressKey(request.ip), body);
      const forwarded = request.method === 'POST' ? checkAuthRequest(path, body) : undefined;
      if (DEMO_FORBIDDEN_PATHS.has(path) && (await accounts.isDemoSession(request.headers))) {
        throw forbidden('The demo account cannot change its password or e-mail.');
      }
      const verificationToken =
        path === '/verify-email' ? verificationTokenOf(request.query as { token?: unknown }) : undefined;
      if (verificationToken && (await singleUse.wasUsed(verificationToken))) {
        return reply.redirect(
          `/sign-in?error=${encodeURIComponent('This verification link was already used.')}`,
        );
      }
      const response = await accounts.auth.handler(
        toFetchRequest(request, forwarded, context.config.publicUrl),
      );
      if (
        verificationToken &&
        response.status === 302 &&
        !response.headers.get('location')?.includes('error=')
      ) {
        await singleUse.markUsed(verificationToken);
      }
      const extra = path === '/sign-up/email' ? { mailDelivery: accounts.mailer.delivery } : {};
      return sendFetchResponse(reply, response, extra);
    },
  });
};
