import { expect } from 'vitest';
import type { IntegrationView } from '../../contracts/integrations.ts';
import { bearer, multipartFile } from './accounts-fixtures.ts';
import type { TestApp } from './test-app.ts';

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
    const boundary = `----spendguard${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      ...files.flatMap(({ name, bytes }) => [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        bytes,
        Buffer.from('\r\n'),
      ]),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    return server.app.inject({
      method: 'POST',
      url: `/api/integrations/${integrationId}/files${parts ? `?parts=${parts}` : ''}`,
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };
  return {
    /** Creates an upload integration; answers its id. */
    async createUploadIntegration(name: string): Promise<string> {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/integrations',
        headers: bearer(token),
        payload: { kind: 'upload', name },
      });
      expect(response.statusCode).toBe(201);
      return response.json().id;
    },

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
