// Clicks on the buttons of a page the build rendered (src/web/prerender.tsx), made before the app's
// scripts have taken the page over, would do nothing. This keeps them; src/web/app/early-clicks.ts
// replays them once the page is live (decision 070). It is a plain script, loaded before the body, so
// that no click is missed; links need no script and are left to the browser.
(() => {
  const clicked = new Set();
  const keep = (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button) clicked.add(button);
  };
  document.addEventListener('click', keep, true);
  window.spendguardEarlyClicks = () => {
    document.removeEventListener('click', keep, true);
    return [...clicked];
  };
})();
