/*
 * Starts the 360-degree viewer when its dialog opens and destroys it when the dialog closes
 * (src/components/vehicle/PanoramaModal.astro). The viewer code and its CSS are a separate
 * chunk, fetched on the first open only, so the vehicle page loads without them.
 */

interface Viewer {
  destroy(): void;
}

function attach(dialog: HTMLDialogElement) {
  const container = dialog.querySelector<HTMLElement>('[data-panorama-viewer]');
  const panorama = container?.dataset.panorama;
  if (!container || !panorama) return;
  const fallback = dialog.querySelector<HTMLElement>('[data-panorama-status]');
  let viewer: Viewer | null = null;
  let opening = 0;

  // Without JavaScript the status line is a link to the picture; here it says what happens.
  const status = (text: string, link = false) => {
    if (!fallback) return;
    fallback.textContent = text;
    if (link) fallback.setAttribute('href', panorama);
    else fallback.removeAttribute('href');
    fallback.hidden = false;
  };

  const open = async () => {
    if (viewer) return;
    const attempt = ++opening;
    status(container.dataset.loadingLabel ?? '');
    try {
      const { createViewer } = await import('./viewer.ts');
      // Closed (or reopened) while the code was loading: that later call wins.
      if (attempt !== opening || !dialog.open) return;
      const created = await createViewer(container, panorama, {
        loadingLabel: container.dataset.loadingLabel,
      });
      if (attempt !== opening || !dialog.open) return created.destroy();
      viewer = created;
      if (fallback) fallback.hidden = true;
    } catch (error) {
      console.error(error);
      status(container.dataset.errorLabel ?? '', true);
    }
  };

  const close = () => {
    opening++;
    viewer?.destroy();
    viewer = null;
  };

  // Whatever opens the dialog (invoker command, the head script's fallback, a script), the
  // `open` attribute changes; the viewer needs the dialog laid out, so start after that.
  new MutationObserver(() => (dialog.open ? void open() : close())).observe(dialog, {
    attributes: true,
    attributeFilter: ['open'],
  });
  dialog.addEventListener('close', close);
}

document.querySelectorAll<HTMLDialogElement>('dialog[data-panorama-dialog]').forEach(attach);
