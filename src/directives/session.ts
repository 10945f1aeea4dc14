import type { ClientDirective } from 'astro';
import { whenIdle } from '../lib/after-load.ts';

/**
 * `client:session`: hydrate an island only for a signed-in visitor (the head script sets
 * `<html data-session="on">` when the stored token is valid), at idle time. Visitors without a
 * session, who are most of the catalogue's traffic, never download the island or React.
 */
const session: ClientDirective = (load) => {
  const root = document.documentElement;
  const hydrate = () => whenIdle(async () => (await load())());
  if (root.dataset.session === 'on') return hydrate();
  const watch = new MutationObserver(() => {
    if (root.dataset.session !== 'on') return;
    watch.disconnect();
    hydrate();
  });
  watch.observe(root, { attributes: true, attributeFilter: ['data-session'] });
};

export default session;
