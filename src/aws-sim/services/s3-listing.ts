import type { StoredObject } from './s3-buckets.ts';

export interface ListingRequest {
  prefix: string;
  delimiter: string;
  maxKeys: number;
  startAfter: string;
  continuationToken?: string;
}

export interface ListingPage {
  contents: StoredObject[];
  commonPrefixes: string[];
  isTruncated: boolean;
  nextContinuationToken?: string;
}

export function encodeContinuationToken(marker: string): string {
  return Buffer.from(JSON.stringify({ after: marker })).toString('base64');
}

export function decodeContinuationToken(token: string): string | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as { after?: unknown };
    return typeof parsed.after === 'string' ? parsed.after : undefined;
  } catch {
    return undefined;
  }
}

function isAfterMarker(key: string, marker: string, delimiter: string): boolean {
  if (key <= marker) return false;
  // A common prefix already returned covers every key beneath it.
  return !(delimiter && marker.endsWith(delimiter) && key.startsWith(marker));
}

/**
 * ListObjectsV2 over keys in sorted order: keys under the prefix, rolled up into common prefixes at
 * the delimiter, at most maxKeys entries (keys and prefixes together) per page.
 */
export function listPage(objects: StoredObject[], request: ListingRequest, marker: string): ListingPage {
  const contents: StoredObject[] = [];
  const commonPrefixes: string[] = [];
  let lastEntry: string | undefined;
  for (const object of objects) {
    if (!object.key.startsWith(request.prefix) || !isAfterMarker(object.key, marker, request.delimiter))
      continue;
    if (
      lastEntry !== undefined &&
      request.delimiter &&
      lastEntry.endsWith(request.delimiter) &&
      object.key.startsWith(lastEntry)
    ) {
      continue;
    }
    if (contents.length + commonPrefixes.length >= request.maxKeys) {
      return {
        contents,
        commonPrefixes,
        isTruncated: true,
        nextContinuationToken: encodeContinuationToken(lastEntry ?? marker),
      };
    }
    const rest = object.key.slice(request.prefix.length);
    const cut = request.delimiter ? rest.indexOf(request.delimiter) : -1;
    if (cut >= 0) {
      lastEntry = request.prefix + rest.slice(0, cut + request.delimiter.length);
      commonPrefixes.push(lastEntry);
    } else {
      lastEntry = object.key;
      contents.push(object);
    }
  }
  return { contents, commonPrefixes, isTruncated: false };
}
