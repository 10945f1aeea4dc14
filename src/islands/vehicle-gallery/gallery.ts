/*
 * Enhances the vehicle page's photo strip (src/components/vehicle/PhotoGallery.astro), which
 * already works without it: previous/next buttons, the "2 / 6" counter, the current thumbnail,
 * thumbnails that slide the strip instead of jumping the page, and a tap on a photo that opens
 * the full-screen viewer (viewer.ts, imported on that tap). No framework: the page's
 * JavaScript budget is for the visitor, not for a slider library.
 */

/**
 * Scrolls `strip` so `slide` is in view, in either direction (RTL scroll offsets are negative).
 * An absolute scroll: a relative one (scrollBy) would stop at the next photo, since each photo
 * is a mandatory stop for swipes.
 */
function scrollToSlide(strip: HTMLElement, slide: HTMLElement) {
  const offset = slide.getBoundingClientRect().left - strip.getBoundingClientRect().left;
  strip.scrollTo({ left: strip.scrollLeft + offset });
}

function enhance(gallery: HTMLElement) {
  const strip = gallery.querySelector<HTMLElement>('[data-photo-strip]');
  if (!strip) return;
  const slides = [...strip.querySelectorAll<HTMLElement>('[data-photo-slide]')];
  const thumbs = [...gallery.querySelectorAll<HTMLAnchorElement>('[data-photo-thumb]')];
  const previous = gallery.querySelector<HTMLButtonElement>('[data-photo-previous]');
  const next = gallery.querySelector<HTMLButtonElement>('[data-photo-next]');
  const counter = gallery.querySelector<HTMLElement>('[data-photo-current]');
  let current = 0;
  // The photo a button or thumbnail is scrolling to: the next click steps from it, not from the
  // photo still in view, so quick clicks each move one photo.
  let heading: number | null = null;

  const show = (index: number) => {
    heading = Math.min(Math.max(index, 0), slides.length - 1);
    const slide = slides[heading];
    if (slide) scrollToSlide(strip, slide);
  };

  const update = (index: number) => {
    current = index;
    if (index === heading) heading = null;
    if (counter) counter.textContent = String(index + 1);
    if (previous) previous.disabled = index === 0;
    if (next) next.disabled = index === slides.length - 1;
    // The fifth thumbnail stands for the fifth photo and every one after it.
    const active = Math.min(index, thumbs.length - 1);
    thumbs.forEach((thumb, i) => {
      if (i === active) thumb.setAttribute('aria-current', 'true');
      else thumb.removeAttribute('aria-current');
    });
  };

  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) update(slides.indexOf(entry.target as HTMLElement));
      }
    },
    { root: strip, threshold: 0.6 },
  );
  slides.forEach((slide) => observer.observe(slide));

  thumbs.forEach((thumb, index) =>
    thumb.addEventListener('click', (event) => {
      event.preventDefault();
      show(index);
    }),
  );
  previous?.addEventListener('click', () => show((heading ?? current) - 1));
  next?.addEventListener('click', () => show((heading ?? current) + 1));
  // A swipe or a wheel takes over from the buttons; so does the end of any scroll.
  for (const type of ['touchstart', 'wheel', 'scrollend'] as const) {
    strip.addEventListener(type, () => (heading = null), { passive: true });
  }

  // A photo opens the full-screen viewer; its code loads on that first tap, not with the page.
  gallery.querySelectorAll<HTMLAnchorElement>('[data-photo-open]').forEach((link, index) =>
    link.addEventListener('click', (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      void import('./viewer.ts').then(({ openViewer }) => openViewer(gallery, index, link));
    }),
  );
  gallery.dataset.enhanced = '';
}

document.querySelectorAll<HTMLElement>('[data-photo-gallery]').forEach(enhance);
