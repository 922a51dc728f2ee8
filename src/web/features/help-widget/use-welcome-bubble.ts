import { useCallback, useEffect, useState } from 'react';

/** Spec §9: the welcome bubble appears 400 ms after load. */
export const WELCOME_BUBBLE_DELAY_MS = 400;
const DISMISSED_KEY = 'spendguard.helpWidget.welcomeDismissed';

const wasDismissed = () => {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

/** Spec §2: for visitors only, shown after a short delay, dismissed for good once closed. */
export function useWelcomeBubble(forVisitor: boolean) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!forVisitor || wasDismissed()) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), WELCOME_BUBBLE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [forVisitor]);
  const dismiss = useCallback(() => {
    window.localStorage.setItem(DISMISSED_KEY, '1');
    setShown(false);
  }, []);
  return { shown, dismiss };
}
