import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertRuleList,
  alertRuleView,
  budgetList,
  budgetView,
  createAlertRuleInput,
  createBudgetInput,
  digestPreview,
  digestPreviewQuery,
  idParams,
  notificationList,
  notificationPreferences,
  notificationQuery,
  updateAlertRuleInput,
  updateBudgetInput,
  updateNotificationPreferences,
} from '../../../contracts/alerts.ts';
import { errorAnswers } from '../../../contracts/errors.ts';
import type { AlertDigests } from './alert-digests.ts';
import type { AlertRulesService } from './alert-rules.service.ts';
import type { NotificationsService } from './notifications.service.ts';

const errors = errorAnswers(400, 401, 402, 403, 404);
const noContent = { 204: z.null(), ...errors };

/** Budgets, alert rules, the notification history and each person's preferences. */
export const alertsRoutes: FastifyPluginAsyncZod<{
  rules: AlertRulesService;
  notifications: NotificationsService;
  digests: AlertDigests;
}> = async (app, { rules, notifications, digests }) => {
  const budgets = ['budgets'];
  app.get(
    '/api/budgets',
    {
      config: { tokenScope: 'costs:read' },
      schema: {
        tags: budgets,
        summary: 'Budgets with spend, forecast and the state of each threshold',
        response: { 200: budgetList, ...errors },
      },
    },
    async (request) => ({ budgets: await rules.listBudgets(await request.requireViewer()) }),
  );
  app.post(
    '/api/budgets',
    {
      config: { tokenScope: 'budgets:write' },
      schema: {
        tags: budgets,
        summary: 'Create a budget (owners and admins)',
        body: createBudgetInput,
        response: { 201: budgetView, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await rules.createBudget(await request.requireViewer(), request.body)),
  );
  app.get(
    '/api/budgets/:id',
    {
      config: { tokenScope: 'costs:read' },
      schema: {
        tags: budgets,
        summary: 'One budget',
        params: idParams,
        response: { 200: budgetView, ...errors },
      },
    },
    async (request) => rules.getBudget(await request.requireViewer(), request.params.id),
  );
  app.patch(
    '/api/budgets/:id',
    {
      config: { tokenScope: 'budgets:write' },
      schema: {
        tags: budgets,
        summary: 'Change, pause or resume a budget',
        params: idParams,
        body: updateBudgetInput,
        response: { 200: budgetView, ...errors },
      },
    },
    async (request) => rules.updateBudget(await request.requireViewer(), request.params.id, request.body),
  );
  app.delete(
    '/api/budgets/:id',
    {
      config: { tokenScope: 'budgets:write' },
      schema: { tags: budgets, summary: 'Delete a budget', params: idParams, response: noContent },
    },
    async (request, reply) => {
      await rules.deleteBudget(await request.requireViewer(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  const alertRules = ['alert rules'];
  app.get(
    '/api/alert-rules',
    {
      config: { tokenScope: 'costs:read' },
      schema: {
        tags: alertRules,
        summary: 'Cost-threshold, anomaly and idle-EC2 rules',
        response: { 200: alertRuleList, ...errors },
      },
    },
    async (request) => ({ alert_rules: await rules.listRules(await request.requireViewer()) }),
  );
  app.post(
    '/api/alert-rules',
    {
      config: { tokenScope: 'budgets:write' },
      schema: {
        tags: alertRules,
        summary: 'Create a rule of kind cost-threshold, anomaly or idle-ec2 (owners and admins)',
        body: createAlertRuleInput,
        response: { 201: alertRuleView, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await rules.createRule(await request.requireViewer(), request.body)),
  );
  app.get(
    '/api/alert-rules/:id',
    {
      config: { tokenScope: 'costs:read' },
      schema: {
        tags: alertRules,
        summary: 'One rule',
        params: idParams,
        response: { 200: alertRuleView, ...errors },
      },
    },
    async (request) => rules.getRule(await request.requireViewer(), request.params.id),
  );
  app.patch(
    '/api/alert-rules/:id',
    {
      config: { tokenScope: 'budgets:write' },
      schema: {
        tags: alertRules,
        summary: 'Rename, pause, resume or change the settings of a rule',
        params: idParams,
        body: updateAlertRuleInput,
        response: { 200: alertRuleView, ...errors },
      },
    },
    async (request) => rules.updateRule(await request.requireViewer(), request.params.id, request.body),
  );
  app.delete(
    '/api/alert-rules/:id',
    {
      config: { tokenScope: 'budgets:write' },
      schema: { tags: alertRules, summary: 'Delete a rule', params: idParams, response: noContent },
    },
    async (request, reply) => {
      await rules.deleteRule(await request.requireViewer(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  const tags = ['notifications'];
  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: 'What fired, when, where it was delivered and who acknowledged it (newest first)',
        querystring: notificationQuery,
        response: { 200: notificationList, ...errors },
      },
    },
    async (request) => ({
      notifications: await notifications.history(await request.requireViewer(), request.query.limit),
    }),
  );
  app.get(
    '/api/notification-preferences',
    {
      schema: {
        tags,
        summary: 'Your channels, alert kinds and digest',
        response: { 200: notificationPreferences, ...errors },
      },
    },
    async (request) => notifications.preferences(await request.requireViewer()),
  );
  app.put(
    '/api/notification-preferences',
    {
      schema: {
        tags,
        summary: 'Set your channels, alert kinds and digest; owners and admins also set extra recipients',
        body: updateNotificationPreferences,
        response: { 200: notificationPreferences, ...errors },
      },
    },
    async (request) => notifications.updatePreferences(await request.requireViewer(), request.body),
  );
  app.get(
    '/api/notification-preferences/digest-preview',
    {
      schema: {
        tags,
        summary: 'Your daily or weekly digest as it would be mailed now, within your team scope',
        querystring: digestPreviewQuery,
        response: { 200: digestPreview, ...errors },
      },
    },
    async (request) => digests.preview(await request.requireViewer(), request.query.period),
  );
};
