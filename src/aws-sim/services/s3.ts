import { CUR_EXPORT } from '../company/company-profile.ts';
import { AwsError } from '../protocol/aws-error.ts';
import { s3ErrorDocument } from '../protocol/error-documents.ts';
import type { CallContext, ServiceHandler, SimRequest, SimResponse } from '../protocol/service-handler.ts';
import {
  EXPIRED_TOKEN_MESSAGE,
  notAuthorizedMessage,
  SIGNATURE_MISMATCH_MESSAGE,
} from '../protocol/service-handler.ts';
import { xmlDocument } from '../protocol/xml.ts';
import type { SimulatedBuckets } from './s3-buckets.ts';
import { getObject } from './s3-get-object.ts';
import { decodeContinuationToken, listPage } from './s3-listing.ts';

const NAMESPACE = 'http://s3.amazonaws.com/doc/2006-03-01/';
const XML = { 'content-type': 'application/xml' };

/** Path-style addressing (forcePathStyle): /bucket/key. */
function bucketAndKey(request: SimRequest): { bucket: string; key: string } {
  const [, bucket = '', ...rest] = request.path.split('/');
  return { bucket: decodeURIComponent(bucket), key: decodeURIComponent(rest.join('/')) };
}

function operationOf(request: SimRequest): string {
  const { bucket, key } = bucketAndKey(request);
  if (!bucket) return 'ListBuckets';
  if (key)
    return request.method === 'HEAD'
      ? 'HeadObject'
      : request.method === 'GET'
        ? 'GetObject'
        : `${request.method}Object`;
  if (request.method === 'HEAD') return 'HeadBucket';
  if (request.query.has('location')) return 'GetBucketLocation';
  if (request.method === 'GET')
    return request.query.get('list-type') === '2' ? 'ListObjectsV2' : 'ListObjects';
  return `${request.method}Bucket`;
}

const PERMISSIONS: Record<string, string> = {
  ListBuckets: 's3:ListAllMyBuckets',
  HeadBucket: 's3:ListBucket',
  ListObjectsV2: 's3:ListBucket',
  GetBucketLocation: 's3:GetBucketLocation',
  GetObject: 's3:GetObject',
  HeadObject: 's3:GetObject',
};

async function listObjectsV2(
  buckets: SimulatedBuckets,
  bucket: string,
  request: SimRequest,
): Promise<SimResponse> {
  const prefix = request.query.get('prefix') ?? '';
  const delimiter = request.query.get('delimiter') ?? '';
  const maxKeys = Math.min(1000, Math.max(0, Number(request.query.get('max-keys') ?? 1000)));
  const startAfter = request.query.get('start-after') ?? '';
  const continuationToken = request.query.get('continuation-token') ?? undefined;
  const marker = continuationToken === undefined ? startAfter : decodeContinuationToken(continuationToken);
  if (marker === undefined)
    throw new AwsError('InvalidArgument', 'The continuation token provided is incorrect');
  const page = listPage(
    await buckets.objects(bucket, prefix),
    { prefix, delimiter, maxKeys, startAfter },
    marker,
  );
  const urlEncoded = request.query.get('encoding-type') === 'url';
  const encode = (text: string) => (urlEncoded ? encodeURIComponent(text).replaceAll('%2F', '/') : text);
  const body = xmlDocument('ListBucketResult', NAMESPACE, {
    Name: bucket,
    Prefix: encode(prefix),
    Delimiter: delimiter ? encode(delimiter) : undefined,
    MaxKeys: maxKeys,
    EncodingType: urlEncoded ? 'url' : undefined,
    KeyCount: page.contents.length + page.commonPrefixes.length,
    IsTruncated: page.isTruncated,
    ContinuationToken: continuationToken,
    NextContinuationToken: page.nextContinuationToken,
    StartAfter: startAfter ? encode(startAfter) : undefined,
    Contents: page.contents.map((object) => ({
      Key: encode(object.key),
      LastModified: object.lastModified,
      ETag: object.etag,
      Size: object.body.length,
      StorageClass: 'STANDARD',
    })),
    CommonPrefixes: page.commonPrefixes.map((commonPrefix) => ({ Prefix: encode(commonPrefix) })),
  });
  return { status: 200, headers: XML, body };
}

async function handle(buckets: SimulatedBuckets, context: CallContext): Promise<SimResponse> {
  const { request, operation, identity } = context;
  const { bucket, key } = bucketAndKey(request);
  if (operation === 'ListBuckets') {
    const names = identity.accountId === buckets.ownerAccountId() ? buckets.bucketNames() : [];
    const body = xmlDocument('ListAllMyBucketsResult', NAMESPACE, {
      Owner: { ID: identity.accountId, DisplayName: 'acme' },
      Buckets: names.map((name) => ({
        Bucket: { Name: name, CreationDate: new Date('2024-03-04T10:00:00Z') },
      })),
    });
    return { status: 200, headers: XML, body };
  }
  if (!buckets.exists(bucket)) {
    throw new AwsError('NoSuchBucket', 'The specified bucket does not exist', 404, 'Sender', {
      BucketName: bucket,
    });
  }
  if (identity.accountId !== buckets.ownerAccountId()) {
    const action = PERMISSIONS[operation] ?? 's3:*';
    const resource = `"arn:aws:s3:::${bucket}${key ? `/${key}` : ''}"`;
    throw new AwsError(
      'AccessDenied',
      notAuthorizedMessage(identity.arn, action, resource).replace('identity-based', 'resource-based'),
      403,
    );
  }
  if (operation === 'HeadBucket')
    return { status: 200, headers: { 'x-amz-bucket-region': CUR_EXPORT.region } };
  if (operation === 'GetBucketLocation') {
    return { status: 200, headers: XML, body: xmlDocument('LocationConstraint', NAMESPACE, {}) };
  }
  if (operation === 'ListObjectsV2') return listObjectsV2(buckets, bucket, request);
  if (operation === 'GetObject' || operation === 'HeadObject')
    return getObject(buckets, bucket, key, request);
  // S3's own answer to an operation it does not offer, word for word, so the SDK raises what AWS would.
  throw new AwsError(
    'NotImplemented',
    'A header you provided implies functionality that is not implemented',
    501,
  );
}

export function s3Service(buckets: SimulatedBuckets): ServiceHandler {
  return {
    name: 's3',
    signingName: 's3',
    operationOf,
    permissionFor(operation, request) {
      const { bucket, key } = bucketAndKey(request);
      return {
        action: PERMISSIONS[operation] ?? `s3:${operation}`,
        resource: `"arn:aws:s3:::${bucket}${key ? `/${key}` : ''}"`,
      };
    },
    handle: (context) => handle(buckets, context),
    renderError: (error, requestId, request) => s3ErrorDocument(error, requestId, request.method),
    errors: {
      missingAuthentication: () => new AwsError('AccessDenied', 'Access Denied', 403),
      unknownAccessKey: () =>
        new AwsError(
          'InvalidAccessKeyId',
          'The AWS Access Key Id you provided does not exist in our records.',
          403,
        ),
      signatureMismatch: () => new AwsError('SignatureDoesNotMatch', SIGNATURE_MISMATCH_MESSAGE, 403),
      expiredToken: () =>
        new AwsError(
          'ExpiredToken',
          EXPIRED_TOKEN_MESSAGE.replace('security token included in the request', 'provided token'),
          400,
        ),
      throttled: () => new AwsError('SlowDown', 'Please reduce your request rate.', 503),
      accessDenied: (callerArn, action, resource) =>
        new AwsError('AccessDenied', notAuthorizedMessage(callerArn, action, resource), 403),
    },
  };
}
