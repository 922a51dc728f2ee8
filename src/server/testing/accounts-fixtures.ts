import type { TestApp } from './test-app.ts';

export const STRONG_PASSWORD = 'Correct-Horse-42';

/**
 * Signs a new person up through the real auth endpoint (with an invitation's code, into its organization);
 * answers their bearer token and user id.
 */
export async function signUpPerson(
  server: TestApp,
  person: { email: string; name?: string; password?: string; invitation?: string },
): Promise<{ token: string; userId: string }> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: {
      name: person.name ?? 'Jane Doe',
      email: person.email,
      password: person.password ?? STRONG_PASSWORD,
      ...(person.invitation ? { invitation: person.invitation } : {}),
    },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Follows a link from a mail through the app, answering the redirect target. */
export async function followMailLink(
  server: TestApp,
  link: string,
): Promise<{ status: number; location?: string }> {
  const url = new URL(link);
  const response = await server.app.inject({ method: 'GET', url: url.pathname + url.search });
  return { status: response.statusCode, location: response.headers.location as string | undefined };
}

/** A person whose e-mail is already verified, as after following the mailed link. */
export async function signUpVerifiedPerson(
  server: TestApp,
  person: { email: string; name?: string; password?: string },
): Promise<{ token: string; userId: string }> {
  const signedUp = await signUpPerson(server, person);
  await server.context.database.db
    .updateTable('user')
    .set({ emailVerified: true })
    .where('id', '=', signedUp.userId)
    .execute();
  return signedUp;
}

/** A multipart body with one file, as a browser's form would send it. */
export function multipartFile(
  field: string,
  fileName: string,
  bytes: Buffer,
  type = 'application/octet-stream',
) {
  return multipartFiles(field, [{ name: fileName, bytes, type }]);
}

/** A multipart body with several files in one field, as a file input with `multiple` sends them. */
export function multipartFiles(field: string, files: Array<{ name: string; bytes: Buffer; type?: string }>) {
  const boundary = `----spendguard${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    ...files.flatMap(({ name, bytes, type = 'application/octet-stream' }) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
