import { useCallback, useEffect, useState } from 'react';
import { remainingWelcomeDelay } from './welcome-bubble-delay.ts';

const DISMISSED_KEY = 'spendguard.helpWidget.welcomeDismissed';

const wasDismissed = () => {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

/** For visitors only, shown 400 ms after the page loads, dismissed for good once closed. */
export function useWelcomeBubble(forVisitor: boolean) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!forVisitor || wasDismissed()) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), remainingWelcomeDelay(performance.now()));
    return () => clearTimeout(timer);
  }, [forVisitor]);
  const dismiss = useCallback(() => {
    window.localStorage.setItem(DISMISSED_KEY, '1');
    setShown(false);
  }, []);
  return { shown, dismiss };
}
