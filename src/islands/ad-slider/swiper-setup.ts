import Swiper from 'swiper';
import { A11y, Autoplay, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/pagination';

export interface SliderOptions {
  /** Milliseconds between slides; 0 for none. */
  autoplay: number;
  /** Milliseconds a slide change takes. */
  speed: number;
  dots: boolean;
  /** Accessible names: "{{index}} / {{slidesLength}}" style templates. */
  slideLabel: string;
  bulletLabel: string;
}

/**
 * One slide a view, reading direction from the container's `dir` (Swiper reads it once at
 * start, so the container carries it from the server). Loaded only when a slider comes into
 * view, so pages without sliders, and visitors who never scroll to one, download none of it.
 */
export function createSlider(container: HTMLElement, options: SliderOptions): Swiper {
  const slides = container.querySelectorAll('.swiper-slide').length;
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const pagination = container.querySelector<HTMLElement>('.swiper-pagination');
  return new Swiper(container, {
    modules: [A11y, Autoplay, Pagination],
    slidesPerView: 1,
    speed: options.speed,
    // Swiper's loop needs more slides than it shows plus one; two slides rewind instead.
    loop: slides > 2,
    rewind: slides === 2,
    autoplay:
      options.autoplay > 0 && !reducedMotion
        ? { delay: options.autoplay, disableOnInteraction: false, pauseOnMouseEnter: true }
        : false,
    pagination:
      options.dots && pagination
        ? { el: pagination, clickable: true, bulletElement: 'button' }
        : false,
    a11y: {
      slideLabelMessage: options.slideLabel,
      paginationBulletMessage: options.bulletLabel,
      containerRoleDescriptionMessage: null,
    },
  });
}
