import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerifiedPerson } from '../../testing/accounts-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { uploadsAs } from '../../testing/upload-fixtures.ts';

/**
 * One upload puts at most UPLOAD_MAX_EXPANDED_BYTES on disk (here 8 KiB), its plain files and its zips'
 * contents together: many files each under the per-file limit are refused before they fill the disk.
 */
const LIMIT = 8 * 1024;
let server: TestApp;
let uploads: ReturnType<typeof uploadsAs>;
let token: string;
let integrationId: string;

const HEADER =
  'lineItem/UsageAccountId,lineItem/LineItemType,lineItem/UsageStartDate,lineItem/ProductCode,lineItem/UnblendedCost';
/** A legacy CUR of September 2024 with `lines` line items of $1, about 60 bytes each. */
const cur = (lines: number) =>
  Buffer.from(
    [
      HEADER,
      ...Array.from(
        { length: lines },
        (_, index) =>
          `111122223333,Usage,2024-09-${String((index % 30) + 1).padStart(2, '0')}T05:00:00Z,AmazonEC2,1`,
      ),
    ].join('\n'),
  );

beforeAll(async () => {
  server = await createTestApp({ env: { UPLOAD_MAX_EXPANDED_BYTES: String(LIMIT) } });
  ({ token } = await signUpVerifiedPerson(server, { email: 'sizes@example.com' }));
  uploads = uploadsAs(server, token);
  integrationId = await uploads.createUploadIntegration('Uploads');
});
afterAll(() => server.close());

describe('the size of one upload, all its files together', () => {
  it('takes files that fit together, and refuses with 413 naming the setting those that do not, keeping the month', async () => {
    const fits = await uploads.uploadFiles(integrationId, [
      { name: 'part-1.csv', bytes: cur(50) },
      { name: 'part-2.csv', bytes: cur(50) },
    ]);
    expect(fits.statusCode).toBe(202);
    expect(fits.json()).toMatchObject({ state: 'succeeded' });

    const parts = Array.from({ length: 3 }, (_, index) => ({ name: `big-${index + 1}.csv`, bytes: cur(60) }));
    expect(parts.every((part) => part.bytes.length < LIMIT)).toBe(true);
    const refused = await uploads.uploadFiles(integrationId, parts);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ Code: 'UploadTooLarge' });
    expect(refused.json().Message).toMatch(/^file: .*UPLOAD_MAX_EXPANDED_BYTES/);

    const status = await server.app.inject({
      url: `/api/integrations/${integrationId}/status`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(status.json().last_good_run.id).toBe(fits.json().id);
  });
});
