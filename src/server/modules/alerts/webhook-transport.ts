/**
 * The one way a webhook or Teams message leaves the server (decision 058): the URL is parsed, its host
 * resolved, every address judged by `forbiddenAddressReason`, and the connection made to the address
 * that was judged (the request's own DNS lookup is replaced), so a name that answers differently the
 * second time (DNS rebinding) cannot reach another address. Redirects are not followed. One deadline
 * covers connecting, sending and reading the answer.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { forbiddenAddressReason } from '../../../domain/webhook-addresses.ts';

export interface WebhookTargetPolicy {
  /** WEBHOOK_ALLOW_PRIVATE: the operator lets webhooks reach private addresses and plain http. */
  allowPrivate: boolean;
  /** The whole request, answer included, ends by then. */
  timeoutMs: number;
}

/** A target the policy refuses; the message names the URL's problem for a person to read. */
export class WebhookTargetRefused extends Error {}
/** A name that does not resolve now: refused when an endpoint is saved, tried again when delivering. */
export class WebhookTargetUnresolved extends WebhookTargetRefused {}

/** The shape of a target: http(s) only, no credentials in it, https unless private targets are allowed. */
export function parseWebhookUrl(raw: string, policy: Pick<WebhookTargetPolicy, 'allowPrivate'>): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookTargetRefused('must be a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new WebhookTargetRefused('must start with https://');
  if (url.protocol === 'http:' && !policy.allowPrivate)
    throw new WebhookTargetRefused('must start with https:// (plain http is refused on this server)');
  if (url.username || url.password) throw new WebhookTargetRefused('must not carry a user name or password');
  return url;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** The address the request will connect to, after the policy judged every address the name has. */
export async function resolveWebhookTarget(
  url: URL,
  policy: Pick<WebhookTargetPolicy, 'allowPrivate'>,
): Promise<{ address: string; family: 4 | 6 }> {
  const host = hostOf(url);
  const literal = net.isIP(host);
  let addresses: Array<{ address: string; family: number }>;
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'DNS error';
      throw new WebhookTargetUnresolved(`${host} does not resolve (${code})`);
    }
  }
  if (addresses.length === 0) throw new WebhookTargetUnresolved(`${host} does not resolve`);
  if (!policy.allowPrivate) {
    for (const { address } of addresses) {
      const why = forbiddenAddressReason(address);
      if (why) {
        const named = literal ? address : `${host} resolves to ${address}`;
        throw new WebhookTargetRefused(
          `${named}, a ${why} address: webhooks may only reach public addresses`,
        );
      }
    }
  }
  const [first] = addresses as [{ address: string; family: number }];
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

export interface WebhookAnswer {
  /** The HTTP status, or null when none came (timeout, refused, reset, refused target). */
  status: number | null;
  durationMs: number;
  /** Why it failed, for the delivery log; null on a 2xx. */
  error: string | null;
  /** The target itself is refused (a private address, a bad URL): asking again will not help. */
  refused: boolean;
}

const ANSWER_TEXT_CHARS = 300;
const ANSWER_MAX_BYTES = 256 * 1024;

/** POSTs `body` to the target: checked, pinned to the judged address, bounded by one deadline. */
export async function postToWebhookTarget(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  policy: WebhookTargetPolicy,
): Promise<WebhookAnswer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: { address: string; family: 4 | 6 };
  let url: URL;
  try {
    url = parseWebhookUrl(rawUrl, policy);
    target = await resolveWebhookTarget(url, policy);
  } catch (error) {
    if (!(error instanceof WebhookTargetRefused)) throw error;
    const refused = !(error instanceof WebhookTargetUnresolved);
    return {
      status: null,
      durationMs: elapsed(),
      error: `${refused ? 'refused: ' : ''}${error.message}`,
      refused,
    };
  }
  // The request connects to the judged address only: its own lookup answers with it.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
        target,
      ]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<WebhookAnswer>((resolve) => {
    let settled = false;
    const finish = (answer: Omit<WebhookAnswer, 'durationMs' | 'refused'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ ...answer, durationMs: elapsed(), refused: false });
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        agent: false,
        lookup: pinned,
        headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let text = '';
        let bytes = 0;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          bytes += chunk.length;
          if (text.length < ANSWER_TEXT_CHARS) text += chunk.slice(0, ANSWER_TEXT_CHARS - text.length);
          // A receiver streaming without end is cut off; its status is what counts.
          if (bytes > ANSWER_MAX_BYTES) response.destroy();
        });
        const done = () =>
          finish({
            status,
            error:
              status >= 200 && status < 300 ? null : `answered ${status}${text ? `: ${text.trim()}` : ''}`,
          });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const deadline = setTimeout(() => {
      request.destroy();
      finish({ status: null, error: `no complete answer within ${policy.timeoutMs / 1000} s` });
    }, policy.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({ status: null, error: `${error.code ?? 'network error'}: ${error.message}` }),
    );
    request.end(body);
  });
}
