import { expect } from 'vitest';
import type { IntegrationView } from '../../contracts/integrations.ts';
import { bearer, multipartFile, multipartFiles } from './accounts-fixtures.ts';
import type { TestApp } from './test-app.ts';

/** Creates an upload integration in the organization of the person signed in with `token`; answers its id. */
export async function createUploadIntegration(
  server: TestApp,
  as: string | { token: string },
  name = 'Uploads',
): Promise<string> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/integrations',
    headers: bearer(typeof as === 'string' ? as : as.token),
    payload: { kind: 'upload', name },
  });
  if (response.statusCode !== 201)
    throw new Error(`integration not created: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: string }).id;
}

/** Billing files uploaded by hand, as the integrations page sends them, for someone signed in with `token`. */
export function uploadsAs(server: TestApp, token: string) {
  const uploadFile = (integrationId: string, fileName: string, bytes: Buffer) => {
    const { payload, headers } = multipartFile('file', fileName, bytes);
    return server.app.inject({
      method: 'POST',
      url: `/api/integrations/${integrationId}/files`,
      headers: { ...bearer(token), ...headers },
      payload,
    });
  };
  /** Several files in one multipart request, as a file input with `multiple` sends them. */
  const uploadFiles = (
    integrationId: string,
    files: Array<{ name: string; bytes: Buffer }>,
    /** A part of a month kept from an earlier upload: add to the month or replace it. */
    parts?: 'add' | 'replace',
  ) => {
    const { payload, headers } = multipartFiles('file', files);
    return server.app.inject({
      method: 'POST',
      url: `/api/integrations/${integrationId}/files${parts ? `?parts=${parts}` : ''}`,
      headers: { ...bearer(token), ...headers },
      payload,
    });
  };
  return {
    /** Creates an upload integration; answers its id. */
    createUploadIntegration: (name: string) => createUploadIntegration(server, token, name),

    uploadFile,
    uploadFiles,

    /**
     * Uploads and answers the integration card. Without a queue the upload is read before the answer,
     * so the card shows how the run ended.
     */
    async uploadAndReadCard(
      integrationId: string,
      fileName: string,
      bytes: Buffer,
    ): Promise<IntegrationView> {
      expect((await uploadFile(integrationId, fileName, bytes)).statusCode).toBe(202);
      const card = await server.app.inject({
        method: 'GET',
        url: `/api/integrations/${integrationId}/status`,
        headers: bearer(token),
      });
      expect(card.statusCode).toBe(200);
      return card.json() as IntegrationView;
    },
  };
}

/** The unblended total an integration's stored facts add up to (null with none): what an upload kept. */
export async function storedUnblendedTotal(server: TestApp, integrationId: string): Promise<string | null> {
  const row = await server.context.database.db
    .selectFrom('cost_daily_facts')
    .select((eb) => eb.fn.sum<string>('unblended_cost').as('total'))
    .where('integration_id', '=', integrationId)
    .executeTakeFirst();
  return row?.total ?? null;
}
