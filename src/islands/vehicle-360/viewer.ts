/// <reference types="pannellum" />
// The stylesheet as a URL, not an import: an imported one would become a render-blocking
// stylesheet of every page that has the 360 dialog.
import stylesheet from 'pannellum/build/pannellum.css?url';
// Sets window.pannellum (a global script, integration-facts.md); it exports nothing.
import 'pannellum/build/pannellum.js';

function loadStylesheet(): Promise<void> {
  if (document.querySelector(`link[href="${stylesheet}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheet;
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
}

/** An equirectangular panorama viewer in `container`, loading at once. */
export async function createViewer(
  container: HTMLElement,
  panorama: string,
  strings: { loadingLabel?: string } = {},
): Promise<Pannellum.Viewer> {
  await loadStylesheet();
  return window.pannellum.viewer(container, {
    type: 'equirectangular',
    panorama,
    autoLoad: true,
    strings: strings.loadingLabel ? { loadingLabel: strings.loadingLabel } : undefined,
  });
}
