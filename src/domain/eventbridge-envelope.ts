/**
 * The EventBridge envelope every launch event arrives in (SQS message body or API-destination POST):
 * version, id, detail-type, source, account, time, region, resources, detail. A message that is
 * not one, or comes from an account the integration does not cover, is a typed rejection with a
 * reason, never a throw: the poller counts it, keeps it for inspection and deletes it. The region is one
 * of the commercial regions the poller probes: it reaches the Price List and the SDKs' endpoints.
 */

import { COMMERCIAL_AWS_REGIONS } from './launch-event-regions.ts';

export interface EventBridgeEnvelope {
  /** EventBridge's UUID: SQS delivers at least once, so this is the idempotence key. */
  id: string;
  detailType: string;
  source: string;
  account: string;
  /** ISO 8601 UTC, as sent ("2026-11-25T09:00:00Z"). */
  time: string;
  timeMs: number;
  region: string;
  resources: string[];
  detail: Record<string, unknown>;
}

export type EnvelopeRejectionReason =
  | 'not-json'
  | 'not-an-envelope'
  | 'missing-field'
  | 'bad-time'
  | 'foreign-account'
  | 'unknown-region'
  | 'unsupported-event'
  | 'failed-call';

export interface EnvelopeRejection {
  reason: EnvelopeRejectionReason;
  message: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; rejection: EnvelopeRejection };

export function reject<T>(reason: EnvelopeRejectionReason, message: string): Parsed<T> {
  return { ok: false, rejection: { reason, message } };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const REQUIRED_STRINGS = ['id', 'detail-type', 'source', 'account', 'time', 'region'] as const;
/** The longest envelope field kept: EventBridge's own are far shorter (an id is a 36-character UUID). */
export const MAX_ENVELOPE_FIELD_LENGTH = 256;

export interface EnvelopeExpectations {
  /** The accounts the integration covers; an event from any other is 'foreign-account'. */
  accountIds?: readonly string[];
}

/** Accepts the raw SQS body (a string) or an already-parsed object (an API destination's JSON). */
export function parseEventBridgeEnvelope(
  body: unknown,
  expectations: EnvelopeExpectations = {},
): Parsed<EventBridgeEnvelope> {
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      return reject('not-json', 'The message body is not JSON.');
    }
  }
  if (!isRecord(value)) return reject('not-an-envelope', 'The message is not a JSON object.');
  if (value.version !== '0' || !('detail-type' in value)) {
    return reject('not-an-envelope', 'The message is not an EventBridge event (version "0", detail-type).');
  }
  for (const field of REQUIRED_STRINGS) {
    if (typeof value[field] !== 'string' || value[field] === '') {
      return reject('missing-field', `The event has no ${field}.`);
    }
    if (String(value[field]).length > MAX_ENVELOPE_FIELD_LENGTH)
      return reject(
        'missing-field',
        `The event's ${field} is longer than ${MAX_ENVELOPE_FIELD_LENGTH} characters: it is not EventBridge's.`,
      );
  }
  if (!isRecord(value.detail)) return reject('missing-field', 'The event has no detail object.');
  const time = String(value.time);
  const timeMs = Date.parse(time);
  if (!ISO_TIME.test(time) || Number.isNaN(timeMs)) {
    return reject('bad-time', `The event time "${time}" is not an ISO 8601 timestamp.`);
  }
  if (timeMs < 0) return reject('bad-time', `The event time "${time}" is before 1970.`);
  const region = String(value.region);
  if (!COMMERCIAL_AWS_REGIONS.includes(region)) {
    return reject(
      'unknown-region',
      `The event's region "${region.slice(0, 32)}" is not a commercial AWS region Spendguard knows.`,
    );
  }
  const account = String(value.account);
  if (expectations.accountIds && !expectations.accountIds.includes(account)) {
    return reject(
      'foreign-account',
      `The event comes from account ${account}, which this integration does not cover.`,
    );
  }
  const resources = Array.isArray(value.resources)
    ? value.resources.filter((resource): resource is string => typeof resource === 'string')
    : [];
  return {
    ok: true,
    value: {
      id: String(value.id),
      detailType: String(value['detail-type']),
      source: String(value.source),
      account,
      time,
      timeMs,
      region,
      resources,
      detail: value.detail,
    },
  };
}
