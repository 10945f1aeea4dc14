/**
 * The inline script at the end of every page (spec App start: every page load records a visit;
 * its errors are only logged). Skipped when the head script is about to switch language, so the
 * switched page records it once. The beacon leaves a second after the page has loaded, when the
 * browser is idle, so on a slow network it never competes with the largest photo or the fonts
 * (the largest paint can come just after the load event); a visitor who leaves before that
 * still sends it as the page is hidden. Plain ES5 in a string, inlined as is; its hash is in the
 * pages' Content-Security-Policy (src/lib/content-security-policy.ts).
 */
export function visitScript(apiBase: string): string {
  const url = `${apiBase.replace(/\/+$/, '')}/api/Visit/RecordVisit`;
  return `(function () {
  var sent = false;
  function send() {
    if (sent) return;
    sent = true;
    try {
      var want = null;
      try { want = localStorage.getItem('lang'); } catch (e) {}
      if ((want === 'ar' || want === 'en') && want !== document.documentElement.lang) return;
      var body = JSON.stringify({
        ip: '',
        userAgent: navigator.userAgent.slice(0, 512),
        route: (location.pathname + location.search).slice(0, 2048)
      });
      if (!navigator.sendBeacon(${JSON.stringify(url)}, new Blob([body], { type: 'application/json' }))) {
        console.error('The visit could not be recorded.');
      }
    } catch (error) {
      console.error(error);
    }
  }
  function later() {
    setTimeout(function () {
      if (window.requestIdleCallback) window.requestIdleCallback(send, { timeout: 2000 });
      else send();
    }, 1000);
  }
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later);
  window.addEventListener('pagehide', send);
})();`;
}
