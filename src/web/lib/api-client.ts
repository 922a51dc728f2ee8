import type { ApiErrorBody } from '../../contracts/errors.ts';
import { readSessionToken } from './session-token.ts';

/** A non-OK API answer whose body carries Code and Message; other bodies are rejected as is. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

type QueryValue = string | number | boolean | undefined | null;

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Extra headers, such as a visitor's `x-chat-token`. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function buildUrl(path: string, query: ApiRequest['query']): string {
  const url = new URL(`/api/${path.replace(/^\/+/, '')}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

/** JSON in, JSON out, with the bearer token of the signed-in person when there is one. */
export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  const token = readSessionToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.body !== undefined && !(request.body instanceof FormData))
    headers['content-type'] = 'application/json';
  const response = await fetch(buildUrl(path, request.query), {
    method: request.method ?? 'GET',
    headers,
    body:
      request.body === undefined
        ? undefined
        : request.body instanceof FormData
          ? request.body
          : JSON.stringify(request.body),
    signal: request.signal,
  });
  const text = await response.text();
  const body: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) throw rejectionFor(response.status, body);
  return body as T;
}

/**
 * A body without Code and Message, as the server (or a proxy in front of it) sent it: parsed JSON, or
 * the text when it is not JSON, or undefined when empty.
 */
export type RawErrorBody = unknown;

/** What a failed call rejects with. */
export type ApiRejection = ApiRequestError | RawErrorBody;

/**
 * A non-OK answer with Code and Message rejects with them (an ApiRequestError); any other body
 * is rejected as it is, not rewritten.
 */
export function rejectionFor(status: number, body: RawErrorBody): ApiRejection {
  if (isApiErrorBody(body)) return new ApiRequestError(status, body.Code, body.Message, body);
  return body;
}

/** A sentence for any rejection, for the places that show one (a raw body may be text, JSON or nothing). */
export function rejectionMessage(rejection: ApiRejection): string {
  if (rejection instanceof Error && rejection.message) return rejection.message;
  if (typeof rejection === 'string' && rejection.trim() && !rejection.trimStart().startsWith('<'))
    return rejection.trim().slice(0, 300);
  const message = (rejection as { message?: unknown } | null | undefined)?.message;
  if (typeof message === 'string' && message) return message;
  return 'The server could not answer. Try again in a moment.';
}

/**
 * The shape of src/contracts/errors.ts checked by hand: every screen loads this file first, and the
 * validation library (about 27 KiB gzipped) stays out of that first load.
 */
function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const { Code, Message } = body as Record<string, unknown>;
  return typeof Code === 'string' && typeof Message === 'string';
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
