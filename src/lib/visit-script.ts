/**
 * The inline script at the end of every page (spec App start: every page load records a visit;
 * its errors are only logged). Skipped when the head script is about to switch language, so the
 * switched page records it once. Plain ES5 in a string, inlined as is; its hash is in the
 * pages' Content-Security-Policy (src/lib/content-security-policy.ts).
 */
export function visitScript(apiBase: string): string {
  const url = `${apiBase.replace(/\/+$/, '')}/api/Visit/RecordVisit`;
  return `(function () {
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
})();`;
}
