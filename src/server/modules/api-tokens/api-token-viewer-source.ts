import type { ViewerSource } from '../../auth/viewer.ts';
import { apiTokenSecretOf } from './api-token-secrets.ts';
import type { ApiTokensService } from './api-tokens.service.ts';

/**
 * Puts API tokens in front of the session lookup: `Authorization: Bearer sg_…` is answered here and never
 * reaches the sessions; any other credential goes on to them unchanged.
 */
export function withApiTokens(tokens: ApiTokensService, sessions: ViewerSource): ViewerSource {
  return {
    lookupViewer(headers) {
      const secret = apiTokenSecretOf(headers.authorization);
      return secret ? tokens.resolve(secret) : sessions.lookupViewer(headers);
    },
    recordTokenRefusal: (viewer, refusal, route) => tokens.recordRefusal(viewer, refusal, route),
  };
}
