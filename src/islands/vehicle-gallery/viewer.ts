/*
 * The vehicle page's full-screen photo viewer, loaded by gallery.ts only when a visitor opens a
 * photo. It drives the page's own <dialog data-photo-viewer> (PhotoGallery.astro renders it with
 * its texts): swipe between photos by touch or mouse, pinch, double-tap or double-click to zoom,
 * drag to pan a zoomed photo, arrow keys in the page's direction, Escape, the close button or
 * the phone's Back to close. The modal dialog keeps focus inside; closing returns it to the photo.
 */

const MAX_SCALE = 4;
const TAP_ZOOM = 2.5;
const SWIPE_DISTANCE = 50;
const DOUBLE_TAP_MS = 300;

interface Source {
  src: string;
  srcset: string;
  alt: string;
}

interface Viewer {
  open(index: number, opener: HTMLElement): void;
}

const viewers = new WeakMap<HTMLElement, Viewer>();

/** The viewer of `gallery` (made once), opened at photo `index`; focus returns to `opener`. */
export function openViewer(gallery: HTMLElement, index: number, opener: HTMLElement) {
  let viewer = viewers.get(gallery);
  if (!viewer) {
    const made = createViewer(gallery);
    if (!made) return;
    viewer = made;
    viewers.set(gallery, viewer);
  }
  viewer.open(index, opener);
}

function createViewer(gallery: HTMLElement): Viewer | null {
  const dialog = gallery.querySelector<HTMLDialogElement>('[data-photo-viewer]');
  const stage = dialog?.querySelector<HTMLElement>('[data-viewer-stage]');
  const track = dialog?.querySelector<HTMLElement>('[data-viewer-track]');
  const counter = dialog?.querySelector<HTMLElement>('[data-viewer-counter]');
  if (!dialog || !stage || !track || !counter) return null;
  const closeButton = dialog.querySelector<HTMLButtonElement>('[data-viewer-close]');
  const previousButton = dialog.querySelector<HTMLButtonElement>('[data-viewer-previous]');
  const nextButton = dialog.querySelector<HTMLButtonElement>('[data-viewer-next]');
  const template = dialog.dataset.counter ?? '{index} / {count}';

  const sources: Source[] = [
    ...gallery.querySelectorAll<HTMLImageElement>('[data-photo-slide] img'),
  ].map((img) => ({ src: img.getAttribute('src') ?? '', srcset: img.srcset, alt: img.alt }));
  const count = sources.length;
  const images = sources.map((source, i) => {
    const slide = document.createElement('div');
    slide.className = 'relative grid h-full w-full shrink-0 place-items-center overflow-hidden';
    slide.setAttribute('role', 'group');
    slide.setAttribute('aria-label', counterText(i));
    const img = document.createElement('img');
    img.alt = source.alt;
    img.decoding = 'async';
    img.draggable = false;
    img.className = 'max-h-full max-w-full object-contain will-change-transform';
    img.dataset.viewerImage = String(i);
    slide.append(img);
    track.append(slide);
    return img;
  });

  let current = 0;
  let opener: HTMLElement | null = null;
  let pushedState = false;
  // Zoom of the current photo: scale and pan offset in CSS pixels.
  let scale = 1;
  let panX = 0;
  let panY = 0;

  function counterText(i: number) {
    return template.replace('{index}', String(i + 1)).replace('{count}', String(count));
  }

  const rtl = () => getComputedStyle(dialog).direction === 'rtl';
  const still = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

  function load(i: number) {
    const img = images[i];
    const source = sources[i];
    if (!img || !source || img.getAttribute('src')) return;
    if (source.srcset) {
      img.sizes = '100vw';
      img.srcset = source.srcset;
    }
    img.src = source.src;
  }

  function applyZoom(animate = false) {
    const img = images[current];
    if (!img) return;
    img.style.transition = animate && !still() ? 'transform 200ms ease-out' : '';
    img.style.transform =
      scale === 1 ? '' : `translate(${panX}px, ${panY}px) scale(${scale.toFixed(3)})`;
    img.dataset.scale = scale.toFixed(2);
    stage!.style.cursor = scale > 1 ? 'grab' : '';
  }

  /** Keeps a zoomed photo's edges from leaving the stage. */
  function clampPan() {
    const img = images[current];
    if (!img) return;
    const maxX = Math.max(0, (img.offsetWidth * scale - stage!.clientWidth) / 2);
    const maxY = Math.max(0, (img.offsetHeight * scale - stage!.clientHeight) / 2);
    panX = Math.min(maxX, Math.max(-maxX, panX));
    panY = Math.min(maxY, Math.max(-maxY, panY));
  }

  /** Zooms to `next` keeping the point (x, y) (relative to the stage's centre) in place. */
  function zoomTo(next: number, x = 0, y = 0, animate = false) {
    const target = Math.min(MAX_SCALE, Math.max(1, next));
    const ratio = target / scale;
    panX = x - (x - panX) * ratio;
    panY = y - (y - panY) * ratio;
    scale = target;
    if (scale === 1) panX = panY = 0;
    clampPan();
    applyZoom(animate);
  }

  function resetZoom() {
    scale = 1;
    panX = panY = 0;
    applyZoom();
  }

  function placeTrack(offset = 0, animate = true) {
    // Slides run in the page's direction; in RTL the track moves the other way.
    const sign = rtl() ? 1 : -1;
    track!.style.transition = animate && !still() ? 'transform 250ms ease-out' : 'none';
    track!.style.transform = `translateX(calc(${sign * current * 100}% + ${offset}px))`;
  }

  function show(i: number, animate = true) {
    const next = Math.min(Math.max(i, 0), count - 1);
    if (next !== current) resetZoom();
    current = next;
    load(current);
    load(current + 1);
    load(current - 1);
    placeTrack(0, animate);
    counter!.textContent = counterText(current);
    images.forEach((img, n) => {
      const slide = img.parentElement!;
      slide.toggleAttribute('inert', n !== current);
      slide.setAttribute('aria-hidden', String(n !== current));
    });
    if (previousButton) previousButton.disabled = current === 0;
    if (nextButton) nextButton.disabled = current === count - 1;
    applyZoom();
  }

  /** Ends the viewer: the history entry it pushed goes, focus goes back to the photo. */
  function onClosed() {
    document.documentElement.style.overflow = '';
    resetZoom();
    if (pushedState) {
      pushedState = false;
      history.back();
    }
    // The page's photo strip follows to the photo last seen, and focus returns to it.
    const link = gallery.querySelectorAll<HTMLElement>('[data-photo-open]')[current];
    const target = link ?? opener;
    if (link && link !== opener) {
      link.closest('[data-photo-slide]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
    }
    target?.focus({ preventScroll: true });
  }

  dialog.addEventListener('close', onClosed);
  closeButton?.addEventListener('click', () => dialog.close());
  previousButton?.addEventListener('click', () => show(current - 1));
  nextButton?.addEventListener('click', () => show(current + 1));

  // Back on a phone closes the viewer instead of leaving the page.
  window.addEventListener('popstate', () => {
    if (!pushedState) return;
    pushedState = false;
    if (dialog.open) dialog.close();
  });

  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      const forward = (event.key === 'ArrowRight') !== rtl();
      show(current + (forward ? 1 : -1));
      event.preventDefault();
    } else if (event.key === 'Home' || event.key === 'End') {
      show(event.key === 'Home' ? 0 : count - 1);
      event.preventDefault();
    } else if (event.key === '+' || event.key === '=') {
      zoomTo(scale * 1.5, 0, 0, true);
    } else if (event.key === '-') {
      zoomTo(scale / 1.5, 0, 0, true);
    } else if (event.key === 'Tab') {
      // Keep Tab inside the viewer (the browser's own controls aside).
      const focusable = [...dialog.querySelectorAll<HTMLElement>('button:not([disabled])')].filter(
        (element) => element.offsetParent !== null,
      );
      const first = focusable[0];
      const last = focusable.at(-1);
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        last.focus();
        event.preventDefault();
      } else if (!event.shiftKey && document.activeElement === last) {
        first.focus();
        event.preventDefault();
      }
    }
  });

  // Pointer gestures: one pointer swipes (or pans a zoomed photo), two pinch.
  const pointers = new Map<number, { x: number; y: number }>();
  let startX = 0;
  let startY = 0;
  let startPanX = 0;
  let startPanY = 0;
  let pinchDistance = 0;
  let pinchScale = 1;
  let moved = false;
  let lastTap = { time: 0, x: 0, y: 0 };

  const centred = (x: number, y: number) => {
    const box = stage.getBoundingClientRect();
    return { x: x - box.left - box.width / 2, y: y - box.top - box.height / 2 };
  };
  const distance = () => {
    const [a, b] = [...pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const midpoint = () => {
    const [a, b] = [...pointers.values()];
    return a && b ? centred((a.x + b.x) / 2, (a.y + b.y) / 2) : { x: 0, y: 0 };
  };

  stage.addEventListener('pointerdown', (event) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    stage.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 1) {
      startX = event.clientX;
      startY = event.clientY;
      startPanX = panX;
      startPanY = panY;
      moved = false;
    } else if (pointers.size === 2) {
      pinchDistance = distance();
      pinchScale = scale;
      moved = true;
      placeTrack(0);
    }
  });

  stage.addEventListener('pointermove', (event) => {
    if (!pointers.has(event.pointerId)) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size >= 2) {
      if (pinchDistance > 0) {
        const mid = midpoint();
        zoomTo((pinchScale * distance()) / pinchDistance, mid.x, mid.y);
      }
      return;
    }
    const dx = event.clientX - startX;
    const dy = event.clientY - startY;
    if (Math.abs(dx) > 6 || Math.abs(dy) > 6) moved = true;
    if (scale > 1) {
      panX = startPanX + dx;
      panY = startPanY + dy;
      clampPan();
      applyZoom();
    } else {
      placeTrack(dx, false);
    }
  });

  const release = (event: PointerEvent) => {
    if (!pointers.has(event.pointerId)) return;
    pointers.delete(event.pointerId);
    if (pointers.size > 0) {
      // One finger of a pinch lifted: the other pans from here.
      const [rest] = [...pointers.values()];
      startX = rest!.x;
      startY = rest!.y;
      startPanX = panX;
      startPanY = panY;
      pinchDistance = 0;
      return;
    }
    const dx = event.clientX - startX;
    if (scale === 1) {
      if (moved && Math.abs(dx) > SWIPE_DISTANCE && event.type === 'pointerup') {
        // A swipe towards the page's start shows the next photo: leftwards in LTR, rightwards in RTL.
        const forward = rtl() ? dx > 0 : dx < 0;
        show(current + (forward ? 1 : -1));
      } else {
        placeTrack(0);
      }
    }
    if (!moved && event.type === 'pointerup') {
      const now = event.timeStamp;
      const near =
        Math.abs(event.clientX - lastTap.x) < 30 && Math.abs(event.clientY - lastTap.y) < 30;
      if (now - lastTap.time < DOUBLE_TAP_MS && near) {
        const point = centred(event.clientX, event.clientY);
        if (scale > 1) zoomTo(1, 0, 0, true);
        else zoomTo(TAP_ZOOM, point.x, point.y, true);
        lastTap = { time: 0, x: 0, y: 0 };
      } else {
        lastTap = { time: now, x: event.clientX, y: event.clientY };
      }
    }
  };
  stage.addEventListener('pointerup', release);
  stage.addEventListener('pointercancel', release);

  // Ctrl + wheel (and a trackpad's pinch) zooms at the pointer.
  stage.addEventListener(
    'wheel',
    (event) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      const point = centred(event.clientX, event.clientY);
      zoomTo(scale * Math.exp(-event.deltaY / 200), point.x, point.y);
    },
    { passive: false },
  );

  window.addEventListener('resize', () => {
    if (!dialog.open) return;
    clampPan();
    applyZoom();
    placeTrack(0, false);
  });

  return {
    open(index, from) {
      opener = from;
      show(index, false);
      document.documentElement.style.overflow = 'hidden';
      dialog.showModal();
      closeButton?.focus();
      history.pushState({ ...(history.state ?? {}), photoViewer: true }, '');
      pushedState = true;
    },
  };
}
