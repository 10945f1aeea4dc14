/*
 * <ad-slider> turns the server-rendered row of announcements (AdSlider.astro) into a Swiper
 * when it first comes near the viewport. Until then, and without JavaScript, the first slide
 * shows on its own and every slide stays a plain link.
 */
class AdSliderElement extends HTMLElement {
  #observer: IntersectionObserver | undefined;
  #slider: { destroy: () => void } | undefined;

  connectedCallback() {
    const container = this.querySelector<HTMLElement>('.swiper');
    if (!container || container.querySelectorAll('.swiper-slide').length < 2) return;
    this.#observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        this.#observer?.disconnect();
        void this.#start(container);
      },
      { rootMargin: '200px' },
    );
    this.#observer.observe(this);
  }

  disconnectedCallback() {
    this.#observer?.disconnect();
    this.#slider?.destroy();
    this.#slider = undefined;
  }

  async #start(container: HTMLElement) {
    const { createSlider } = await import('./swiper-setup.ts');
    if (!this.isConnected) return;
    const data = this.dataset;
    this.#slider = createSlider(container, {
      autoplay: Number(data.autoplay) || 0,
      speed: Number(data.speed) || 300,
      dots: data.dots === 'true',
      slideLabel: data.slideLabel ?? '{{index}} / {{slidesLength}}',
      bulletLabel: data.bulletLabel ?? '{{index}}',
    });
    this.toggleAttribute('data-ready', true);
  }
}

if (!customElements.get('ad-slider')) customElements.define('ad-slider', AdSliderElement);
