import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { multipartFile } from './accounts-fixtures.ts';
import { callAs, type Person } from './organization-fixtures.ts';
import { FOCUS_SAMPLE } from './raw-billing-samples.ts';
import type { TestApp } from './test-app.ts';

/** The FOCUS sample: September 2024, $20.52 billed in all, last day 2024-09-30. */
export const FOCUS_SEPTEMBER_TOTAL_USD = 20.52;

export async function createUploadIntegration(server: TestApp, person: Person): Promise<string> {
  const response = await callAs(server, person)('POST', '/api/integrations', {
    kind: 'upload',
    name: 'Uploads',
  });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

/** Uploads the FOCUS sample (or another billing file) through the upload integration, as a person does. */
export async function uploadFocusSample(
  server: TestApp,
  person: Person,
  integrationId: string,
  file = FOCUS_SAMPLE,
) {
  const { payload, headers } = multipartFile('file', path.basename(file), fs.readFileSync(file));
  return server.app.inject({
    method: 'POST',
    url: `/api/integrations/${integrationId}/files`,
    headers: { authorization: `Bearer ${person.token}`, ...headers },
    payload,
  });
}

/** The path and token of a one-click link, e.g. /budget-alert-confirmation/<token>. */
export function linkParts(link: string): { kind: string; token: string } {
  const [, kind = '', token = ''] = new URL(link).pathname.split('/');
  return { kind, token };
}
