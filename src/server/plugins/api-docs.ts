import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_TOKEN_SCOPE_MEANINGS, API_TOKEN_SCOPES } from '../../domain/api-token-scopes.ts';

const API_TOKEN_SCHEME_DESCRIPTION = [
  'An organization API token, `sg_` and 43 characters, made on the API tokens settings page by an owner or',
  'admin. It reaches only operations that name a token scope (`x-token-scope`) it holds; any other',
  'operation answers 403. Scopes:',
  ...API_TOKEN_SCOPES.map((scope) => `- \`${scope}\`: ${API_TOKEN_SCOPE_MEANINGS[scope].grants}`),
].join('\n');

/**
 * An operation of the token API names its scope (the route's `config.tokenScope`): in its security
 * requirement (OpenAPI 3.1 allows role names there; 3.0 tools ignore them), as `x-token-scope`, and in words.
 */
const withTokenScope: SwaggerTransform = (input) => {
  const transformed = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const scope = input.route.config?.tokenScope;
  if (!scope) return transformed;
  const schema = transformed.schema as Record<string, unknown>;
  const description = typeof schema.description === 'string' ? `${schema.description}\n\n` : '';
  return {
    url: transformed.url,
    schema: {
      ...schema,
      description: `${description}API tokens need the scope \`${scope}\`.`,
      security: [{ bearer: [] }, { apiToken: [scope] }] as Array<Record<string, string[]>>,
      'x-token-scope': scope,
    },
  };
};

/** The OpenAPI document, built from the routes' zod schemas, at /api/docs/json with its UI at /api/docs. */
export async function registerApiDocs(app: FastifyInstance, version: string) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Spendguard API',
        description: 'Do not get surprised by your AWS bill. Errors answer `{Code, Message}`.',
        version,
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: "A person's session token." },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'sg_…',
            description: API_TOKEN_SCHEME_DESCRIPTION,
          },
        },
      },
    },
    transform: withTokenScope,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
