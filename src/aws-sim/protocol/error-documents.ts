import type { AwsError } from './aws-error.ts';
import type { SimResponse } from './service-handler.ts';
import { elements, escapeXml } from './xml.ts';

const XML = { 'content-type': 'text/xml' };

/** awsQuery (STS): <ErrorResponse><Error><Type/><Code/><Message/></Error><RequestId/></ErrorResponse>. */
export function queryErrorDocument(error: AwsError, requestId: string, namespace: string): SimResponse {
  const body = `<ErrorResponse xmlns="${namespace}">${elements({
    Error: { Type: error.fault, Code: error.code, Message: error.message },
    RequestId: requestId,
  })}</ErrorResponse>`;
  return { status: error.status, headers: XML, body };
}

/** EC2 query: <Response><Errors><Error><Code/><Message/></Error></Errors><RequestID/></Response>. */
export function ec2ErrorDocument(error: AwsError, requestId: string): SimResponse {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Response>${elements({
    Errors: { Error: { Code: error.code, Message: error.message } },
    RequestID: requestId,
  })}</Response>`;
  return { status: error.status, headers: XML, body };
}

/**
 * awsJson: {"__type": code, "message": ...}. Services that moved from awsQuery to JSON (CloudWatch)
 * also send the old query error code in `x-amzn-query-error`, which the SDK prefers.
 */
export function jsonErrorDocument(
  error: AwsError,
  requestId: string,
  contentType: string,
  queryCode?: string,
): SimResponse {
  const headers: Record<string, string> = {
    'content-type': contentType,
    'x-amzn-requestid': requestId,
    'x-amzn-errortype': error.code,
  };
  if (queryCode) headers['x-amzn-query-error'] = `${queryCode};${error.fault}`;
  return {
    status: error.status,
    headers,
    body: JSON.stringify({ __type: error.code, message: error.message }),
  };
}

/** S3 REST XML: <Error><Code/><Message/>...<RequestId/><HostId/></Error>; a HEAD answer has no body. */
export function s3ErrorDocument(error: AwsError, requestId: string, method: string): SimResponse {
  const headers = { ...XML, 'x-amz-request-id': requestId };
  if (method === 'HEAD') return { status: error.status, headers };
  const detailXml = Object.entries(error.details)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${escapeXml(error.code)}</Code><Message>${escapeXml(
    error.message,
  )}</Message>${detailXml}<RequestId>${requestId}</RequestId><HostId>${Buffer.from(requestId).toString('base64')}</HostId></Error>`;
  return { status: error.status, headers, body };
}
