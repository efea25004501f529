// Runs before index.html's static shell paints (a classic script: the parser waits for it, and it
// comes right after the shell's header). The registry's heading and search box in that shell are
// the home page's: on any other route (/sent, /stats, /accounts/login/, …) the shell shows only
// the header, which every route shares, so the first paint does not show the registry and then
// jump to the real page. An external file because the CSP allows no inline script (script-src
// 'self', server/app.ts). client/app/app.css hides the rest; the app replaces the whole shell.
/* global document, location -- a page script, outside the linted client/ sources */
if (location.pathname !== '/') document.documentElement.setAttribute('data-shell-route', 'page');
