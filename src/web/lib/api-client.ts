import type { ApiErrorBody } from '../../contracts/errors.ts';
import { readSessionToken } from './session-token.ts';

/** A non-OK API answer (spec §7: rejects with Code and Message when the body has them). */
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

/** JSON in, JSON out, with the bearer token of the signed-in person when there is one (spec §7). */
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
  if (!response.ok) {
    if (isApiErrorBody(body)) throw new ApiRequestError(response.status, body.Code, body.Message, body);
    throw new ApiRequestError(response.status, 'HttpError', `The server answered ${response.status}.`, body);
  }
  return body as T;
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
