/**
 * What an API token may do (issue 19). A route names the scope it needs in its Fastify `config`
 * (`config: { tokenScope: 'budgets:write' }`); session callers are not limited by it. The API-token
 * work reads it from `request.routeOptions.config.tokenScope` to refuse a token without that scope.
 */
export const TOKEN_SCOPES = ['costs:read', 'budgets:write', 'integrations:manage'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope an API token needs to call this route. */
    tokenScope?: TokenScope;
  }
}
