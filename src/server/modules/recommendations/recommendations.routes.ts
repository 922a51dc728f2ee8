import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../../contracts/errors.ts';
import {
  recommendationActionBody,
  recommendationIdParams,
  recommendationItem,
  recommendationList,
  recommendationListQuery,
  wasteSettings,
} from '../../../contracts/recommendation-list.ts';
import {
  ec2Finding,
  ec2FindingDetail,
  ec2FindingIdParams,
  ec2FindingList,
  ec2FindingQuery,
  rightsizingSettings,
} from '../../../contracts/recommendations.ts';
import type { RecommendationsService } from './recommendations.service.ts';

const errors = errorAnswers(400, 401, 403, 404);
const tags = ['recommendations'];

export const recommendationsRoutes: FastifyPluginAsyncZod<{
  recommendations: RecommendationsService;
}> = async (app, { recommendations }) => {
  app.get(
    '/api/recommendations/ec2',
    {
      config: { tokenScope: 'costs:read' },
      schema: {
        tags,
        summary: 'EC2 rightsizing and idle findings with the total possible monthly savings',
        querystring: ec2FindingQuery,
        response: { 200: ec2FindingList, ...errors },
      },
    },
    async (request) => recommendations.list(await request.requireViewer(), request.query),
  );

  app.get(
    '/api/recommendations/ec2/settings',
    {
      schema: {
        tags,
        summary: 'The CPU percentile and headroom rightsizing uses for this organization',
        response: { 200: rightsizingSettings, ...errors },
      },
    },
    async (request) => recommendations.getSettings(await request.requireViewer()),
  );

  app.put(
    '/api/recommendations/ec2/settings',
    {
      schema: {
        tags,
        summary: 'Change the CPU percentile and headroom (owners and admins); findings are recomputed',
        body: rightsizingSettings,
        response: { 200: rightsizingSettings, ...errors },
      },
    },
    async (request) => recommendations.updateSettings(await request.requireViewer(), request.body),
  );

  app.post(
    '/api/recommendations/ec2/refresh',
    {
      schema: {
        tags,
        summary: 'Recompute the findings from the stored inventory and metrics (owners and admins)',
        response: { 200: z.object({ findings: z.number(), computed_at: z.string() }), ...errors },
      },
    },
    async (request) => recommendations.refresh(await request.requireViewer()),
  );

  app.get(
    '/api/recommendations/ec2/:id',
    {
      config: { tokenScope: 'costs:read' },
      schema: {
        tags,
        summary: 'One finding with its 14 days of hourly CPU and the candidate types considered',
        params: ec2FindingIdParams,
        response: { 200: ec2FindingDetail, ...errors },
      },
    },
    async (request) => recommendations.get(await request.requireViewer(), request.params.id),
  );

  app.post(
    '/api/recommendations/ec2/:id/dismiss',
    {
      schema: {
        tags,
        summary: 'Dismiss a finding until the instance gets a different kind of finding',
        params: ec2FindingIdParams,
        response: { 200: ec2Finding, ...errors },
      },
    },
    async (request) => recommendations.dismiss(await request.requireViewer(), request.params.id),
  );

  app.post(
    '/api/recommendations/ec2/:id/snooze',
    {
      schema: {
        tags,
        summary: 'Hide a finding for 30 days',
        params: ec2FindingIdParams,
        response: { 200: ec2Finding, ...errors },
      },
    },
    async (request) => recommendations.snooze(await request.requireViewer(), request.params.id),
  );

  app.delete(
    '/api/recommendations/ec2/:id/action',
    {
      schema: {
        tags,
        summary: 'Undo a dismissal or a snooze',
        params: ec2FindingIdParams,
        response: { 200: ec2Finding, ...errors },
      },
    },
    async (request) => recommendations.undoAction(await request.requireViewer(), request.params.id),
  );

  app.get(
    '/api/recommendations',
    {
      config: { tokenScope: 'costs:read' },
      schema: {
        tags,
        summary:
          'Every recommendation in one list (EC2 idle and rightsizing, unattached and gp2 volumes, old snapshots, idle IPs), with totals per kind and what each finder could read',
        querystring: recommendationListQuery,
        response: { 200: recommendationList, ...errors },
      },
    },
    async (request) => recommendations.listRecommendations(await request.requireViewer(), request.query),
  );

  app.get(
    '/api/recommendations/waste-settings',
    {
      schema: {
        tags,
        summary: 'The thresholds the waste findings are judged by (the defaults where none was chosen)',
        response: { 200: wasteSettings, ...errors },
      },
    },
    async (request) => recommendations.wasteSettings(await request.requireViewer()),
  );

  app.put(
    '/api/recommendations/waste-settings',
    {
      schema: {
        tags,
        summary: 'Change the waste thresholds (owners and admins); the list applies them at once',
        body: wasteSettings,
        response: { 200: wasteSettings, ...errors },
      },
    },
    async (request) => recommendations.updateWasteSettings(await request.requireViewer(), request.body),
  );

  app.get(
    '/api/recommendations/export',
    {
      config: { tokenScope: 'costs:read' },
      schema: {
        tags,
        summary: 'The filtered list as CSV (cells a spreadsheet would run as formulas are written as text)',
        querystring: recommendationListQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await recommendations.recommendationsCsv(await request.requireViewer(), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="recommendations.csv"')
        .send(csv);
    },
  );

  app.get(
    '/api/recommendations/items/:id',
    {
      config: { tokenScope: 'costs:read' },
      schema: {
        tags,
        summary: 'One recommendation of any kind',
        params: recommendationIdParams,
        response: { 200: recommendationItem, ...errors },
      },
    },
    async (request) => recommendations.getRecommendation(await request.requireViewer(), request.params.id),
  );

  app.put(
    '/api/recommendations/items/:id/action',
    {
      schema: {
        tags,
        summary:
          'Dismiss, snooze for 30 days or mark as expected, with a reason (owners and admins); kept across syncs until the resource is gone',
        params: recommendationIdParams,
        body: recommendationActionBody,
        response: { 200: recommendationItem, ...errors },
      },
    },
    async (request) =>
      recommendations.actOnRecommendation(await request.requireViewer(), request.params.id, request.body),
  );

  app.delete(
    '/api/recommendations/items/:id/action',
    {
      schema: {
        tags,
        summary: 'Undo a dismissal, snooze or "expected"',
        params: recommendationIdParams,
        response: { 200: recommendationItem, ...errors },
      },
    },
    async (request) =>
      recommendations.undoRecommendationAction(await request.requireViewer(), request.params.id),
  );
};
