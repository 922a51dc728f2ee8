import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../../contracts/errors.ts';
import { teamSlugParams, teamSpend } from '../../../contracts/teams.ts';
import type { TeamSpendService } from './team-spend.service.ts';

/** GET /api/team-spend/{slug}: the team page's "This month" card. */
export const teamSpendRoutes: FastifyPluginAsyncZod<{ teamSpend: TeamSpendService }> = async (
  app,
  { teamSpend: service },
) => {
  app.get(
    '/api/team-spend/:slug',
    {
      config: { tokenScope: 'costs:read' },
      schema: {
        tags: ['teams'],
        summary: "A team's own spend this month (its scope) and the state of its budgets",
        params: teamSlugParams,
        response: { 200: teamSpend, ...errorAnswers(400, 401, 402, 404) },
      },
    },
    async (request) => service.ofTeam(await request.requireViewer(), request.params.slug),
  );
};
