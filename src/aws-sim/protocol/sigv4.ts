import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The parts of an `Authorization: AWS4-HMAC-SHA256 ...` header. */
export interface SignatureHeader {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

export function parseAuthorization(header: string | undefined): SignatureHeader | undefined {
  const match = header?.match(
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request,\s*SignedHeaders=([^,]+),\s*Signature=([0-9a-f]{64})$/,
  );
  if (!match) return undefined;
  const [, accessKeyId = '', date = '', region = '', service = '', signedHeaders = '', signature = ''] =
    match;
  return { accessKeyId, date, region, service, signedHeaders: signedHeaders.split(';'), signature };
}

export interface SignedRequest {
  method: string;
  /** Path and query exactly as they arrived on the wire. */
  rawUrl: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4 requires (encodeURIComponent leaves !'()* alone). */
function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function canonicalQuery(rawQuery: string): string {
  if (!rawQuery) return '';
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [key = '', value = ''] = pair.split(/=(.*)/s);
      return [uriEncode(decodeURIComponent(key)), uriEncode(decodeURIComponent(value))] as const;
    })
    .sort(([keyA, valueA], [keyB, valueB]) =>
      keyA === keyB ? (valueA < valueB ? -1 : 1) : keyA < keyB ? -1 : 1,
    )
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

/** S3 signs the path as sent; every other service signs it URI-encoded once more. */
function canonicalPath(rawPath: string, service: string): string {
  if (service === 's3') return rawPath || '/';
  return rawPath
    .split('/')
    .map((segment) => uriEncode(segment))
    .join('/');
}

function headerValue(headers: SignedRequest['headers'], name: string): string {
  const value = headers[name];
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined.trim().replace(/\s+/g, ' ');
}

/** Recomputes the signature with the secret the simulator issued and compares it with the one sent. */
export function verifySignature(
  request: SignedRequest,
  parsed: SignatureHeader,
  secretAccessKey: string,
): boolean {
  const [rawPath = '/', rawQuery = ''] = request.rawUrl.split(/\?(.*)/s);
  const payloadHash = headerValue(request.headers, 'x-amz-content-sha256') || sha256Hex(request.body);
  const canonicalRequest = [
    request.method,
    canonicalPath(rawPath, parsed.service),
    canonicalQuery(rawQuery),
    ...parsed.signedHeaders.map((name) => `${name}:${headerValue(request.headers, name)}`),
    '',
    parsed.signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const amzDate = headerValue(request.headers, 'x-amz-date');
  const scope = `${parsed.date}/${parsed.region}/${parsed.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const dateKey = hmac(`AWS4${secretAccessKey}`, parsed.date);
  const signingKey = hmac(hmac(hmac(dateKey, parsed.region), parsed.service), 'aws4_request');
  const expected = createHmac('sha256', signingKey).update(stringToSign).digest();
  return timingSafeEqual(expected, Buffer.from(parsed.signature, 'hex'));
}
