/** The bearer token of the signed-in person, kept across reloads. */
const STORAGE_KEY = 'spendguard.session';

export function readSessionToken(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeSessionToken(token: string | null): void {
  if (token) window.localStorage.setItem(STORAGE_KEY, token);
  else window.localStorage.removeItem(STORAGE_KEY);
}
