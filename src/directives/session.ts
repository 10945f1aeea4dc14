import type { ClientDirective } from 'astro';

/**
 * `client:session`: hydrate an island only for a signed-in visitor (the head script sets
 * `<html data-session="on">` when the stored token is valid), at idle time. Visitors without a
 * session, who are most of the catalogue's traffic, never download the island or React.
 */
const session: ClientDirective = (load) => {
  const root = document.documentElement;
  const hydrate = () => {
    const start = async () => (await load())();
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void start());
    else setTimeout(() => void start(), 200);
  };
  if (root.dataset.session === 'on') return hydrate();
  const watch = new MutationObserver(() => {
    if (root.dataset.session !== 'on') return;
    watch.disconnect();
    hydrate();
  });
  watch.observe(root, { attributes: true, attributeFilter: ['data-session'] });
};

export default session;
