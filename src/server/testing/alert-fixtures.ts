import fs from 'node:fs';
import path from 'node:path';
import type { Person } from './organization-fixtures.ts';
import { FOCUS_SAMPLE } from './raw-billing-samples.ts';
import type { TestApp } from './test-app.ts';
import { uploadsAs } from './upload-fixtures.ts';

/** The FOCUS sample: September 2024, $20.52 billed in all, last day 2024-09-30. */
export const FOCUS_SEPTEMBER_TOTAL_USD = 20.52;

export { createUploadIntegration } from './upload-fixtures.ts';

/** Uploads the FOCUS sample (or another billing file) through the upload integration, as a person does. */
export async function uploadFocusSample(
  server: TestApp,
  person: Person,
  integrationId: string,
  file = FOCUS_SAMPLE,
) {
  return uploadsAs(server, person.token).uploadFile(
    integrationId,
    path.basename(file),
    fs.readFileSync(file),
  );
}

/** The path and token of a one-click link, e.g. /budget-alert-confirmation/<token>. */
export function linkParts(link: string): { kind: string; token: string } {
  const [, kind = '', token = ''] = new URL(link).pathname.split('/');
  return { kind, token };
}
