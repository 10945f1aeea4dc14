/*
 * <ad-slider> brings the server-rendered scroll-snap row of announcements (AdSlider.astro) to
 * life: it advances one slide every `data-autoplay` ms in the page's reading direction and
 * rewinds after the last, keeps the dots in step with the slide in view (whether it got there by
 * autoplay, a dot or a swipe), and pauses while the pointer is over the slider, while it holds
 * focus, while it is off screen or the tab hidden, and for good when the visitor prefers reduced
 * motion. Without JavaScript the row still swipes and every slide is a plain link.
 */
class AdSliderElement extends HTMLElement {
  #track: HTMLElement | null = null;
  #slides: HTMLElement[] = [];
  #dots: HTMLButtonElement[] = [];
  #index = 0;
  #timer: number | undefined;
  #frame = 0;
  #hovered = false;
  #focused = false;
  #visible = false;
  #observer: IntersectionObserver | undefined;
  #abort: AbortController | undefined;

  connectedCallback() {
    this.#track = this.querySelector<HTMLElement>('[data-track]');
    this.#slides = [...this.querySelectorAll<HTMLElement>('[data-slide]')];
    this.#dots = [...this.querySelectorAll<HTMLButtonElement>('[data-dot]')];
    const track = this.#track;
    if (!track || this.#slides.length < 2) return;
    this.#abort = new AbortController();
    const { signal } = this.#abort;
    track.addEventListener('scroll', this.#onScroll, { passive: true, signal });
    this.#dots.forEach((dot, index) =>
      dot.addEventListener('click', () => this.#go(index), { signal }),
    );
    this.addEventListener('pointerenter', () => this.#pause('hover', true), { signal });
    this.addEventListener('pointerleave', () => this.#pause('hover', false), { signal });
    this.addEventListener('focusin', () => this.#pause('focus', true), { signal });
    this.addEventListener(
      'focusout',
      (event) => {
        if (!this.contains(event.relatedTarget as Node | null)) this.#pause('focus', false);
      },
      { signal },
    );
    document.addEventListener('visibilitychange', this.#schedule, { signal });
    this.#observer = new IntersectionObserver((entries) => {
      this.#visible = entries.some((entry) => entry.isIntersecting);
      this.#schedule();
    });
    this.#observer.observe(this);
    this.toggleAttribute('data-ready', true);
  }

  disconnectedCallback() {
    this.#abort?.abort();
    this.#observer?.disconnect();
    window.clearTimeout(this.#timer);
    window.cancelAnimationFrame(this.#frame);
  }

  get #delay(): number {
    const delay = Number(this.dataset.autoplay) || 0;
    return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : delay;
  }

  #pause(reason: 'hover' | 'focus', on: boolean) {
    if (reason === 'hover') this.#hovered = on;
    else this.#focused = on;
    this.#schedule();
  }

  /** (Re)starts the countdown to the next slide, or stops it while paused. */
  #schedule = () => {
    window.clearTimeout(this.#timer);
    const delay = this.#delay;
    if (!delay || this.#hovered || this.#focused || !this.#visible || document.hidden) return;
    this.#timer = window.setTimeout(() => this.#go((this.#index + 1) % this.#slides.length), delay);
  };

  /**
   * Brings slide `index` into the row's view, in either direction: a glide of `data-speed` ms to
   * a neighbour (snapping off meanwhile, or it would catch every step), a jump otherwise.
   */
  #go(index: number) {
    const track = this.#track;
    const slide = this.#slides[index];
    if (!track || !slide) return;
    window.cancelAnimationFrame(this.#frame);
    const from = track.scrollLeft;
    const distance = slide.getBoundingClientRect().left - track.getBoundingClientRect().left;
    const speed = Number(this.dataset.speed) || 0;
    this.#setIndex(index);
    if (this.#delay === 0 || speed === 0 || Math.abs(distance) > track.clientWidth * 1.5) {
      track.scrollLeft = from + distance;
      return;
    }
    const start = performance.now();
    track.style.scrollSnapType = 'none';
    const step = (now: number) => {
      const progress = Math.min(1, (now - start) / speed);
      const eased = 1 - (1 - progress) ** 3;
      track.scrollLeft = from + distance * eased;
      if (progress < 1) this.#frame = window.requestAnimationFrame(step);
      else track.style.scrollSnapType = '';
    };
    this.#frame = window.requestAnimationFrame(step);
  }

  #setIndex(index: number) {
    this.#index = index;
    this.#dots.forEach((dot, n) =>
      n === index ? dot.setAttribute('aria-current', 'true') : dot.removeAttribute('aria-current'),
    );
    this.dataset.index = String(index);
    this.#schedule();
  }

  /* A swipe or a scroll settles on a slide: follow it. Right-to-left rows scroll negatively. */
  #onScroll = () => {
    const track = this.#track;
    if (!track || track.clientWidth === 0 || track.style.scrollSnapType === 'none') return;
    const index = Math.round(Math.abs(track.scrollLeft) / track.clientWidth);
    if (index !== this.#index && index < this.#slides.length) this.#setIndex(index);
  };
}

if (!customElements.get('ad-slider')) customElements.define('ad-slider', AdSliderElement);
