import { createHash } from 'node:crypto';
import type { DuckDBInstance } from '@duckdb/node-api';
import { accountById, MANAGEMENT_ACCOUNT_ID } from '../company/company-profile.ts';
import { startOfUtcMonth } from '../company/timeline.ts';
import type { CurExport } from '../cur/cur-export.ts';
import { AwsError } from '../protocol/aws-error.ts';
import { jsonBody } from '../protocol/json-body.ts';
import { jsonServiceErrors } from '../protocol/json-service-errors.ts';
import type { CallContext, ServiceHandler, SimResponse } from '../protocol/service-handler.ts';
import { notAuthorizedMessage, targetedOperation } from '../protocol/service-handler.ts';
import {
  type CommitmentReportSources,
  getReservationCoverage,
  getReservationUtilization,
  getSavingsPlansCoverage,
  getSavingsPlansUtilization,
} from './cost-explorer-commitments.ts';
import { filesFor } from './cost-explorer-files.ts';
import type { CostRow } from './cost-explorer-metrics.ts';
import { pageOf } from './cost-explorer-paging.ts';
import { type CostQuery, parseCostQuery, periodLabel, resultPeriods } from './cost-explorer-request.ts';
import { costAggregateSql } from './cost-explorer-sql.ts';

const CONTENT_TYPE = 'application/x-amz-json-1.1';
const TARGET_PREFIX = 'AWSInsightsIndexService.';

async function queryCosts(
  duckdb: DuckDBInstance,
  curExport: CurExport,
  query: CostQuery,
  context: CallContext,
) {
  const files = await filesFor(curExport, query, context.nowMs);
  if (files.length === 0) return [];
  // A linked account sees its own costs; the management account sees the whole organization.
  const scope = context.identity.accountId === MANAGEMENT_ACCOUNT_ID ? undefined : context.identity.accountId;
  const { sql, values } = costAggregateSql(query, files, scope);
  const connection = await duckdb.connect();
  try {
    const reader = await connection.runAndReadAll(sql, values);
    return reader.getRowObjectsJson().map(
      (row): CostRow => ({
        period: String(row.period),
        groups: query.groupBy.map((_, index) => String(row[`group_${index}`])),
        unblended: String(row.unblended),
        net_unblended: String(row.net_unblended),
        amortized: String(row.amortized),
        usage_quantity: Number(row.usage_quantity),
      }),
    );
  } finally {
    connection.closeSync();
  }
}

async function getCostAndUsage(
  duckdb: DuckDBInstance,
  curExport: CurExport,
  context: CallContext,
): Promise<SimResponse> {
  const body = jsonBody<Record<string, unknown>>(context.request);
  const query = parseCostQuery(body, context.nowMs);
  const rows = await queryCosts(duckdb, curExport, query, context);
  const periods = resultPeriods(query).map((period) => ({
    ...period,
    label:
      query.granularity === 'DAILY' ? periodLabel(period.start) : periodLabel(startOfUtcMonth(period.start)),
    estimated: period.end > startOfUtcMonth(context.nowMs),
  }));
  const { NextPageToken: _token, ...withoutToken } = body;
  const fingerprint = createHash('sha256').update(JSON.stringify(withoutToken)).digest('hex').slice(0, 16);
  const page = pageOf(periods, rows, query, fingerprint);
  const accountsOnPage = new Set(
    page.results.flatMap((result) => result.Groups.flatMap((group) => group.Keys)),
  );
  const linkedAccountGrouped = query.groupBy.some((group) => group.Key === 'LINKED_ACCOUNT');
  const answer = {
    GroupDefinitions: query.groupBy.length > 0 ? query.groupBy : undefined,
    ResultsByTime: page.results,
    DimensionValueAttributes: linkedAccountGrouped
      ? [...accountsOnPage]
          .filter(accountById)
          .map((id) => ({ Value: id, Attributes: { description: accountById(id)?.name ?? '' } }))
      : [],
    NextPageToken: page.nextPageToken,
  };
  return { status: 200, headers: { 'content-type': CONTENT_TYPE }, body: JSON.stringify(answer) };
}

const COMMITMENT_REPORTS: Record<
  string,
  (sources: CommitmentReportSources, context: CallContext) => Promise<unknown>
> = {
  GetSavingsPlansUtilization: getSavingsPlansUtilization,
  GetSavingsPlansCoverage: getSavingsPlansCoverage,
  GetReservationUtilization: getReservationUtilization,
  GetReservationCoverage: getReservationCoverage,
};

export function costExplorerService(
  curExport: CurExport,
  duckdb: DuckDBInstance,
  anchorDay: number,
): ServiceHandler {
  return {
    name: 'ce',
    signingName: 'ce',
    operationOf: (request) => targetedOperation(request, TARGET_PREFIX),
    permissionFor: (operation) => ({ action: `ce:${operation}`, resource: operation }),
    async handle(context) {
      if (context.operation === 'GetCostAndUsage') return getCostAndUsage(duckdb, curExport, context);
      const report = COMMITMENT_REPORTS[context.operation];
      if (report) {
        const answer = await report({ curExport, duckdb, anchorDay }, context);
        return { status: 200, headers: { 'content-type': CONTENT_TYPE }, body: JSON.stringify(answer) };
      }
      throw new AwsError('UnknownOperationException', `The simulator does not offer ${context.operation}`);
    },
    ...jsonServiceErrors(CONTENT_TYPE, {
      throttled: () => new AwsError('LimitExceededException', 'Rate limit exceeded', 400),
      accessDenied: (callerArn, action, operation) => {
        const accountId = callerArn.split(':')[4] ?? '';
        return new AwsError(
          'AccessDeniedException',
          notAuthorizedMessage(callerArn, action, `arn:aws:ce:us-east-1:${accountId}:/${operation}`),
          400,
        );
      },
    }),
  };
}
