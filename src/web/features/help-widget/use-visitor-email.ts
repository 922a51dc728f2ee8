import { useCallback, useState } from 'react';

const STORAGE_KEY = 'spendguard.chat.visitorEmail';

const read = () => {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
};

/** A visitor's e-mail, once submitted, is remembered in local storage. */
export function useVisitorEmail() {
  const [email, setEmail] = useState<string | null>(read);
  const remember = useCallback((submitted: string) => {
    window.localStorage.setItem(STORAGE_KEY, submitted);
    setEmail(submitted);
  }, []);
  const forget = useCallback(() => {
    window.localStorage.removeItem(STORAGE_KEY);
    setEmail(null);
  }, []);
  return { email, remember, forget };
}
