import { AwsError } from '../protocol/aws-error.ts';
import type { SimRequest, SimResponse } from '../protocol/service-handler.ts';
import type { SimulatedBuckets, StoredObject } from './s3-buckets.ts';

/** 'bytes=0-99', 'bytes=100-' or 'bytes=-50' as an inclusive byte range of the object. */
function byteRange(header: string, size: number): { start: number; end: number } | undefined {
  const match = header.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (!match[1] && !match[2])) return undefined;
  if (!match[1]) {
    const suffix = Number(match[2]);
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  return { start, end };
}

function objectHeaders(object: StoredObject): Record<string, string> {
  return {
    'content-type': object.contentType,
    etag: object.etag,
    'last-modified': object.lastModified.toUTCString(),
    'accept-ranges': 'bytes',
    'x-amz-server-side-encryption': 'AES256',
  };
}

/** GetObject and HeadObject, with the ETag, Content-Length and Last-Modified readers rely on. */
export async function getObject(
  buckets: SimulatedBuckets,
  bucket: string,
  key: string,
  request: SimRequest,
): Promise<SimResponse> {
  const object = await buckets.object(bucket, key);
  if (!object)
    throw new AwsError('NoSuchKey', 'The specified key does not exist.', 404, 'Sender', { Key: key });
  const headers = objectHeaders(object);
  if (request.headers['if-none-match'] === object.etag) return { status: 304, headers };
  const isHead = request.method === 'HEAD';
  const rangeHeader = request.headers.range as string | undefined;
  const size = object.body.length;
  if (rangeHeader) {
    const range = byteRange(rangeHeader, size);
    if (!range || range.start >= size) {
      throw new AwsError('InvalidRange', 'The requested range is not satisfiable', 416, 'Sender', {
        RangeRequested: rangeHeader,
        ActualObjectSize: String(size),
      });
    }
    const part = object.body.subarray(range.start, range.end + 1);
    headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`;
    headers['content-length'] = String(part.length);
    return { status: 206, headers, body: isHead ? undefined : part };
  }
  headers['content-length'] = String(size);
  return { status: 200, headers, body: isHead ? undefined : object.body };
}
