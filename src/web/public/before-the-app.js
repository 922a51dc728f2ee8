// Runs before the body of every page, before any module, so that what it does comes before the first paint
// and the first click (decision 070). It is plain JavaScript because it must not wait for the app's modules.
//
// 1. A page the build rendered (src/web/prerender.tsx) is drawn for a visitor. Someone with a stored session
//    token (the key of src/web/lib/session-token.ts) would see the visitor's page, with Sign up, until the
//    app replaced it: the page stays hidden for them instead (the rule in index.html).
// 2. Clicks on that page's buttons before the app has taken it over would do nothing. They are kept here,
//    and src/web/app/early-clicks.ts replays them once the page is live. Links need no script.
(() => {
  try {
    if (window.localStorage.getItem('spendguard.session') !== null) {
      document.documentElement.setAttribute('data-stored-session', '');
    }
  } catch {
    // Storage refused: the app treats this visitor as having no token too.
  }
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
