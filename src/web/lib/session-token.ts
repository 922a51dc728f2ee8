/** The bearer token of the signed-in person, kept across reloads (public/before-the-app.js reads the key too). */
export const SESSION_STORAGE_KEY = 'spendguard.session';

export function readSessionToken(): string | null {
  try {
    return window.localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeSessionToken(token: string | null): void {
  if (token) window.localStorage.setItem(SESSION_STORAGE_KEY, token);
  else window.localStorage.removeItem(SESSION_STORAGE_KEY);
}
