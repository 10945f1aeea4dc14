/**
 * The one inline script of every page, run in <head> before the first paint:
 * 1. Language choice (spec §1, kept under localStorage `lang`): when it differs from the page's
 *    language, go to the same page in the chosen language (the rule of `localizePath`).
 * 2. Session flag: `<html data-session="on">` while localStorage `token` passes spec §4's rule
 *    (the rule of `tokenStatus`), so CSS swaps the guest buttons for the account menu with no
 *    flash; the account island keeps the flag current afterwards.
 * 3. Clicks: a language-switch link stores its language; buttons with `commandfor` open and
 *    close dialogs in browsers that do not support invoker commands natively; an open
 *    `<details data-dismissible>` menu closes on a click outside it or on Escape.
 * Plain ES5 in a string: it is inlined as is. tests/unit/boot-script.test.ts checks it against
 * the TypeScript rules.
 */
export const bootScript = `(function () {
  var d = document, h = d.documentElement, s = null;
  try { s = window.localStorage; } catch (e) {}
  var want = null;
  try { want = s && s.getItem('lang'); } catch (e) {}
  if ((want === 'ar' || want === 'en') && want !== h.lang) {
    var bare = location.pathname.replace(/^\\/en(?=\\/|$)/, '') || '/';
    var path = want === 'en' ? (bare === '/' ? '/en/' : '/en' + bare) : bare;
    location.replace(path + location.search + location.hash);
    return;
  }
  try {
    var t = s && s.getItem('token');
    var parts = t ? t.split('.') : [];
    if (parts.length === 3 && parts[1]) {
      var payload = JSON.parse(atob(parts[1].replace(/-/g, '+').replace(/_/g, '/')));
      if (typeof payload.exp === 'number' && payload.exp > Date.now() / 1000) {
        h.setAttribute('data-session', 'on');
      }
    }
  } catch (e) {}
  function dismiss(except) {
    var open = d.querySelectorAll('details[data-dismissible][open]');
    for (var i = 0; i < open.length; i++) if (!open[i].contains(except)) open[i].open = false;
  }
  d.addEventListener('keydown', function (event) {
    if (event.key !== 'Escape') return;
    var menu = event.target && event.target.closest && event.target.closest('details[data-dismissible][open]');
    dismiss(null);
    if (menu) menu.querySelector('summary').focus();
  });
  d.addEventListener('click', function (event) {
    var target = event.target;
    if (!target || !target.closest) return;
    dismiss(target);
    var link = target.closest('a[data-lang-switch]');
    if (link) {
      try { s && s.setItem('lang', link.getAttribute('data-lang-switch')); } catch (e) {}
      return;
    }
    var button = target.closest('button[commandfor]');
    if (button && !('commandForElement' in button)) {
      var dialog = d.getElementById(button.getAttribute('commandfor'));
      var command = button.getAttribute('command');
      if (!dialog || !dialog.showModal) return;
      if (command === 'show-modal' && !dialog.open) dialog.showModal();
      if (command === 'close') dialog.close();
      return;
    }
    if (target.tagName === 'DIALOG' && target.open && !('closedBy' in target)) target.close();
  });
})();`;
