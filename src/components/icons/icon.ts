import { markup, Markup } from '../../lib/markup.ts';
import { iconPaths, type IconName } from './paths.ts';

export interface IconProps {
  name: IconName;
  class?: string;
  /** Stroke width; 2 by default, 1.75 reads lighter at large sizes. */
  stroke?: number;
  /** Fill the shape with the text colour too (a solid star). */
  filled?: boolean;
}

/** A line icon's `<svg>` (the Icon component, and the pieces drawn from strings, see lib/markup.ts). */
export function icon({ name, class: className = 'size-5', stroke = 2, filled = false }: IconProps) {
  return markup`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="${filled ? 'currentColor' : 'none'}" stroke="currentColor" stroke-width="${stroke}" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false" class="${className}">${new Markup(iconPaths[name])}</svg>`;
}
