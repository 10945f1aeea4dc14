import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  encodeImage,
  storedSuffixes,
  type ImageKind,
  type SavedImage,
} from '../../images/store.ts';
import { vips } from '../../images/vips.ts';
import { contentTypeOf, type ObjectStore } from '../../lib/storage/object-store.ts';
import { turns } from '../../lib/turns.ts';

/**
 * Pictures for the demo catalogue, drawn as SVG and rendered with sharp (no network, no stock
 * photos): cars in their colour from several angles, 360 panoramas, ad banners, avatars,
 * payment receipts and QR-like codes. Every picture says it is illustrative.
 */

const FONT = `'IBM Plex Sans Arabic', 'Noto Sans Arabic', 'DejaVu Sans', sans-serif`;

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

function text(
  x: number,
  y: number,
  value: string,
  size: number,
  options: { fill?: string; anchor?: 'start' | 'middle' | 'end'; weight?: number } = {},
) {
  const { fill = '#ffffff', anchor = 'middle', weight = 700 } = options;
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${escape(value)}</text>`;
}

function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 255;
    const v = amount >= 0 ? c + (255 - c) * amount : c * (1 + amount);
    return Math.round(v).toString(16).padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

const gradient = (id: string, stops: string[], vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${stops
    .map((c, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;

// ---------------------------------------------------------------------------------------------
// Cars
// ---------------------------------------------------------------------------------------------

export type CarShape = 'sedan' | 'hatchback' | 'suv' | 'pickup' | 'van';

interface Silhouette {
  body: string;
  windows: string[];
  wheels: [number, number];
  wheelY: number;
  wheelR: number;
  /** Where the body ends at the back. */
  tail: number;
  /** Roof height in the front and rear views (0..1 of the car's height). */
  roof: number;
}

// Side profiles facing left in a 1000 x 400 box; the ground is at y = 400.
const SILHOUETTES: Record<CarShape, Silhouette> = {
  sedan: {
    body: 'M30 300 C30 262 50 242 110 234 L330 212 C380 162 420 130 470 124 L640 122 C690 124 740 170 790 205 L930 214 C960 218 972 250 972 300 L972 334 L30 334 Z',
    windows: [
      'M352 210 C392 168 428 142 474 137 L556 136 L556 210 Z',
      'M574 136 L636 136 C676 139 712 170 746 208 L574 210 Z',
    ],
    wheels: [215, 790],
    wheelY: 334,
    wheelR: 64,
    tail: 972,
    roof: 0.62,
  },
  hatchback: {
    body: 'M40 302 C40 264 60 246 120 238 L320 216 C370 162 410 124 460 118 L700 116 C760 118 800 152 826 204 L846 300 L846 336 L40 336 Z',
    windows: [
      'M344 214 C388 166 422 136 466 131 L580 130 L580 212 Z',
      'M598 130 L696 130 C742 134 774 164 800 210 L598 212 Z',
    ],
    wheels: [205, 700],
    wheelY: 336,
    wheelR: 62,
    tail: 846,
    roof: 0.66,
  },
  suv: {
    body: 'M30 292 C30 244 50 224 110 216 L300 200 C348 142 380 104 430 94 L800 92 C856 94 904 124 940 166 L962 300 L962 330 L30 330 Z',
    windows: [
      'M326 198 C366 150 396 116 436 108 L560 107 L560 198 Z',
      'M578 107 L720 107 L720 198 L578 198 Z',
      'M738 107 L796 107 C840 110 876 140 904 190 L738 198 Z',
    ],
    wheels: [215, 800],
    wheelY: 330,
    wheelR: 76,
    tail: 962,
    roof: 0.78,
  },
  pickup: {
    body: 'M30 292 C30 246 50 228 110 220 L300 205 C340 152 370 114 420 106 L570 104 C590 106 600 132 602 200 L958 202 L966 300 L966 328 L30 328 Z',
    windows: ['M326 203 C362 158 390 124 428 118 L580 117 C586 140 588 170 588 202 Z'],
    wheels: [212, 790],
    wheelY: 328,
    wheelR: 72,
    tail: 966,
    roof: 0.74,
  },
  van: {
    body: 'M40 300 C40 224 74 156 150 104 L206 84 L930 80 C956 82 966 100 966 140 L966 330 L40 330 Z',
    windows: [
      'M96 196 C118 152 156 120 214 100 L300 98 L300 196 Z',
      'M320 98 L520 98 L520 186 L320 186 Z',
      'M540 98 L740 98 L740 186 L540 186 Z',
      'M760 98 L930 96 L930 186 L760 186 Z',
    ],
    wheels: [210, 805],
    wheelY: 330,
    wheelR: 66,
    tail: 966,
    roof: 0.86,
  },
};

function wheel(x: number, y: number, r: number) {
  return [
    `<circle cx="${x}" cy="${y}" r="${r + 10}" fill="#15171a"/>`,
    `<circle cx="${x}" cy="${y}" r="${r}" fill="#24272b"/>`,
    `<circle cx="${x}" cy="${y}" r="${r * 0.62}" fill="#b9bec4"/>`,
    `<circle cx="${x}" cy="${y}" r="${r * 0.5}" fill="#8d9399"/>`,
    ...[0, 72, 144, 216, 288].map(
      (a) =>
        `<rect x="${x - 5}" y="${y - r * 0.58}" width="10" height="${r * 0.5}" fill="#d5d9de" transform="rotate(${a} ${x} ${y})"/>`,
    ),
    `<circle cx="${x}" cy="${y}" r="${r * 0.14}" fill="#5d6268"/>`,
  ].join('');
}

/** A side view in a 1000 x 400 box, facing left (mirror it to face right). */
function sideCar(colour: string, shape: CarShape, id: string) {
  const s = SILHOUETTES[shape];
  const [front, rear] = s.wheels;
  return [
    `<defs>${gradient(`${id}b`, [shade(colour, 0.35), colour, shade(colour, -0.35)])}${gradient(`${id}w`, ['#cfe3f3', '#51677a'])}</defs>`,
    `<ellipse cx="500" cy="${s.wheelY + s.wheelR + 4}" rx="480" ry="22" fill="#000" opacity="0.28"/>`,
    `<path d="${s.body}" fill="url(#${id}b)" stroke="${shade(colour, -0.5)}" stroke-width="3"/>`,
    ...s.windows.map((d) => `<path d="${d}" fill="url(#${id}w)" opacity="0.92"/>`),
    `<path d="M60 ${s.wheelY - 40} L${s.tail - 30} ${s.wheelY - 44}" stroke="${shade(colour, -0.45)}" stroke-width="4" opacity="0.6"/>`,
    `<rect x="34" y="${s.wheelY - 70}" width="46" height="18" rx="8" fill="#fff7d6"/>`,
    `<rect x="${s.tail - 34}" y="${s.wheelY - 74}" width="28" height="20" rx="6" fill="#d21f2a"/>`,
    wheel(front, s.wheelY, s.wheelR),
    wheel(rear, s.wheelY, s.wheelR),
  ].join('');
}

/** A front (or rear) view in a 1000 x 400 box. */
function endCar(colour: string, shape: CarShape, rear: boolean, id: string) {
  const s = SILHOUETTES[shape];
  const top = 360 - 300 * s.roof;
  const lights = rear ? '#d21f2a' : '#fff7d6';
  return [
    `<defs>${gradient(`${id}b`, [shade(colour, 0.3), colour, shade(colour, -0.4)])}${gradient(`${id}w`, ['#cfe3f3', '#51677a'])}</defs>`,
    `<ellipse cx="500" cy="372" rx="330" ry="20" fill="#000" opacity="0.3"/>`,
    `<rect x="220" y="290" width="70" height="84" rx="14" fill="#15171a"/>`,
    `<rect x="710" y="290" width="70" height="84" rx="14" fill="#15171a"/>`,
    `<path d="M${330} ${top} L670 ${top} C700 ${top} 720 ${top + 30} 740 ${top + 90} L790 ${top + 120} C810 ${top + 126} 818 300 812 346 L188 346 C182 300 190 ${top + 126} 210 ${top + 120} L260 ${top + 90} C280 ${top + 30} 300 ${top} 330 ${top} Z" fill="url(#${id}b)" stroke="${shade(colour, -0.5)}" stroke-width="3"/>`,
    `<path d="M${340} ${top + 14} L660 ${top + 14} L${716} ${top + 92} L284 ${top + 92} Z" fill="url(#${id}w)" opacity="0.92"/>`,
    `<rect x="218" y="${top + 134}" width="110" height="34" rx="12" fill="${lights}"/>`,
    `<rect x="672" y="${top + 134}" width="110" height="34" rx="12" fill="${lights}"/>`,
    rear
      ? `<rect x="420" y="${top + 178}" width="160" height="40" rx="4" fill="#f5f5f0" stroke="#333" stroke-width="3"/>`
      : `<rect x="370" y="${top + 130}" width="260" height="56" rx="16" fill="#1d2024"/>` +
        `<path d="M380 ${top + 146} H620 M380 ${top + 160} H620 M380 ${top + 174} H620" stroke="#4a4f55" stroke-width="4"/>`,
    `<rect x="200" y="330" width="600" height="22" rx="8" fill="${shade(colour, -0.55)}"/>`,
  ].join('');
}

function dashboard(colour: string, id: string) {
  return [
    `<defs>${gradient(`${id}d`, ['#30343a', '#111315'])}${gradient(`${id}g`, ['#9fc6e6', '#e8eef2'])}</defs>`,
    `<rect width="1280" height="731" fill="url(#${id}g)"/>`,
    `<path d="M0 300 C300 250 980 250 1280 300 L1280 731 L0 731 Z" fill="url(#${id}d)"/>`,
    `<path d="M0 300 C300 250 980 250 1280 300 L1280 330 C980 280 300 280 0 330 Z" fill="${colour}"/>`,
    `<circle cx="440" cy="560" r="190" fill="none" stroke="#4a4f56" stroke-width="44"/>`,
    `<rect x="250" y="545" width="380" height="30" fill="#4a4f56"/>`,
    `<circle cx="440" cy="560" r="64" fill="#5a6068" stroke="${colour}" stroke-width="6"/>`,
    `<circle cx="360" cy="400" r="56" fill="#0b0c0d" stroke="${colour}" stroke-width="5"/>`,
    `<circle cx="520" cy="400" r="56" fill="#0b0c0d" stroke="${colour}" stroke-width="5"/>`,
    `<path d="M360 400 L392 372 M520 400 L488 380" stroke="#ff7a1a" stroke-width="5"/>`,
    `<rect x="760" y="370" width="280" height="160" rx="14" fill="#0d1b2a" stroke="#333" stroke-width="4"/>`,
    `<path d="M790 470 L850 420 L910 450 L1000 400" stroke="#47a3ff" stroke-width="6" fill="none"/>`,
  ].join('');
}

/** The backdrops of the photo angles: [top, bottom] colours and the scenery drawn on them. */
const SCENES = [
  { name: 'studio', sky: ['#f4f6f8', '#c9d1d9'], floor: '#aab4bd' },
  { name: 'outdoor', sky: ['#8ec5ef', '#dff0fb'], floor: '#6d7277' },
  { name: 'city', sky: ['#2b3a67', '#f3a35c'], floor: '#4c4f55' },
  { name: 'hills', sky: ['#f7d9a8', '#f3efe6'], floor: '#b59a72' },
  { name: 'night', sky: ['#0b1530', '#24365e'], floor: '#1d2230' },
] as const;

function scenery(scene: (typeof SCENES)[number]['name']) {
  switch (scene) {
    case 'studio':
      return '<ellipse cx="640" cy="120" rx="520" ry="60" fill="#ffffff" opacity="0.6"/>';
    case 'outdoor':
      return '<path d="M0 470 C200 380 380 430 560 400 C760 360 980 420 1280 380 L1280 500 L0 500 Z" fill="#7c9a58"/>';
    case 'city':
      return [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
        .map((i) => {
          const h = 120 + ((i * 73) % 190);
          return `<rect x="${i * 130}" y="${500 - h}" width="110" height="${h}" fill="#1e2747" opacity="0.85"/>`;
        })
        .join('');
    case 'hills':
      return (
        '<path d="M0 460 C240 360 420 420 640 380 C860 340 1040 420 1280 370 L1280 500 L0 500 Z" fill="#c9b185"/>' +
        [120, 300, 980, 1150]
          .map(
            (x) =>
              `<rect x="${x - 6}" y="420" width="12" height="60" fill="#5b4630"/><ellipse cx="${x}" cy="410" rx="48" ry="32" fill="#6f7d3c"/>`,
          )
          .join('')
      );
    case 'night':
      return Array.from({ length: 60 }, (_, i) => {
        const x = (i * 211) % 1280;
        const y = 380 + ((i * 97) % 110);
        return `<circle cx="${x}" cy="${y}" r="3" fill="#ffd98a" opacity="0.8"/>`;
      }).join('');
  }
}

export interface CarPhoto {
  colour: string;
  shape: CarShape;
  /** 0..5: studio side, outdoor side (mirrored), city front, hills rear, night side, dashboard. */
  angle: number;
  /** Make, model and year, in Arabic and English; only the main photo carries it. */
  label?: { ar: string; en: string };
}

export const CAR_ANGLES = 6;
export const DASHBOARD_ANGLE = 5;

/** An SVG of 1280 x 731 (the 1.75 crop of the main image). */
export function carPhotoSvg(photo: CarPhoto): string {
  const { colour, shape, angle, label } = photo;
  const id = `a${angle}`;
  let scene: string;
  if (angle === DASHBOARD_ANGLE) {
    scene = dashboard(colour, id);
  } else {
    const backdrop = SCENES[angle];
    const car =
      angle === 2 || angle === 3
        ? endCar(colour, shape, angle === 3, id)
        : angle === 1
          ? `<g transform="translate(1000 0) scale(-1 1)">${sideCar(colour, shape, id)}</g>`
          : sideCar(colour, shape, id);
    scene = [
      `<defs>${gradient(`${id}s`, [...backdrop.sky])}${gradient(`${id}f`, [backdrop.floor, shade(backdrop.floor, -0.4)])}</defs>`,
      `<rect width="1280" height="731" fill="url(#${id}s)"/>`,
      scenery(backdrop.name),
      `<rect y="480" width="1280" height="251" fill="url(#${id}f)"/>`,
      `<g transform="translate(150 ${angle === 2 || angle === 3 ? 240 : 196}) scale(0.96)">${car}</g>`,
    ].join('');
  }
  const caption = label
    ? `<rect x="700" y="612" width="560" height="100" rx="18" fill="#000" opacity="0.55"/>` +
      text(1236, 656, label.ar, 36, { anchor: 'end' }) +
      text(1236, 696, label.en, 24, { anchor: 'end', weight: 400, fill: '#e6e6e6' })
    : '';
  const tag =
    `<rect x="20" y="20" width="300" height="44" rx="22" fill="#000" opacity="0.4"/>` +
    text(170, 50, 'صورة توضيحية · Demo photo', 20, { weight: 400 });
  return svg(1280, 731, scene + caption + tag);
}

// ---------------------------------------------------------------------------------------------
// 360 panoramas: equirectangular 2:1, the horizon in the middle.
// ---------------------------------------------------------------------------------------------

export function panoramaSvg(variant: 'showroom' | 'lot'): string {
  const W = 4096;
  const H = 2048;
  const horizon = H / 2;
  const parts: string[] = [];
  const showroom = variant === 'showroom';
  parts.push(
    `<defs>${gradient('sky', showroom ? ['#d9dde2', '#f5f6f7'] : ['#3d7cc4', '#cfe6f7'])}${gradient('floor', showroom ? ['#c7ccd1', '#6f767d'] : ['#55595e', '#2d3034'])}</defs>`,
    `<rect width="${W}" height="${horizon}" fill="url(#sky)"/>`,
    `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#floor)"/>`,
  );
  if (showroom) {
    for (let x = 128; x < W; x += 512) {
      parts.push(`<ellipse cx="${x}" cy="360" rx="90" ry="22" fill="#ffffff"/>`);
      parts.push(`<ellipse cx="${x + 256}" cy="560" rx="60" ry="14" fill="#ffffff"/>`);
    }
    for (let x = 0; x < W; x += 256) {
      parts.push(
        `<rect x="${x + 12}" y="640" width="232" height="${horizon - 640}" fill="#a9cbe3" opacity="0.75"/>`,
      );
      parts.push(`<rect x="${x}" y="620" width="24" height="${horizon - 620}" fill="#8a9098"/>`);
    }
    parts.push(text(W / 2, 600, 'سوق المركبات · Vehicle Market', 72, { fill: '#2b3a4a' }));
    for (let y = horizon + 40, step = 40; y < H; y += step, step *= 1.35) {
      parts.push(`<rect y="${y}" width="${W}" height="3" fill="#ffffff" opacity="0.25"/>`);
    }
  } else {
    parts.push(
      `<circle cx="3000" cy="300" r="90" fill="#fff3c4"/>`,
      `<path d="M0 ${horizon} C500 760 900 900 1400 820 C1900 740 2400 900 2900 800 C3400 720 3800 880 4096 820 L4096 ${horizon} Z" fill="#8aa06a"/>`,
    );
    for (let x = 80; x < W; x += 330) {
      parts.push(
        `<rect x="${x - 8}" y="${horizon - 110}" width="16" height="110" fill="#5b4630"/><ellipse cx="${x}" cy="${horizon - 130}" rx="70" ry="50" fill="#647436"/>`,
      );
    }
    for (let x = 0; x < W; x += 320) {
      parts.push(
        `<path d="M${x} ${H} L${x + 160} ${horizon + 60}" stroke="#f2f2f2" stroke-width="10" opacity="0.7"/>`,
      );
    }
  }
  const colours = ['#c0262d', '#f4f5f7', '#2356a8', '#1d1f22', '#c3c7cc', '#2f6b3f', '#c9a64a'];
  const shapes: CarShape[] = ['sedan', 'suv', 'hatchback', 'pickup', 'sedan', 'van', 'suv'];
  colours.forEach((colour, i) => {
    const x = 150 + i * 570;
    parts.push(
      `<g transform="translate(${x} ${horizon - 150}) scale(0.5)">${sideCar(colour, shapes[i], `p${i}`)}</g>`,
    );
  });
  return svg(W, H, parts.join(''));
}

// ---------------------------------------------------------------------------------------------
// Ads, avatars, receipts, QR-like codes
// ---------------------------------------------------------------------------------------------

export interface AdText {
  ar: string;
  arSub: string;
  en: string;
  colours: [string, string];
}

/** A promo banner; the car sits on the left, the Arabic text on the right. */
export function adSvg(width: number, height: number, ad: AdText): string {
  const tall = height > width;
  const big = Math.round(Math.min(width / 20, height / 6));
  const parts = [
    `<defs>${gradient('bg', ad.colours, false)}</defs>`,
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    `<circle cx="${width * 0.15}" cy="${height * 0.9}" r="${Math.max(width, height) * 0.35}" fill="#ffffff" opacity="0.08"/>`,
  ];
  if (tall) {
    const x = width / 2;
    parts.push(
      text(x, height * 0.16, ad.ar, Math.round(width / 9)),
      text(x, height * 0.24, ad.arSub, Math.round(width / 17), { weight: 400 }),
      `<g transform="translate(${width * 0.06} ${height * 0.4}) scale(${(width * 0.88) / 1000})">${sideCar('#f4f5f7', 'suv', 'ad')}</g>`,
      text(x, height * 0.78, ad.en, Math.round(width / 16), { weight: 400 }),
      `<rect x="${x - width * 0.3}" y="${height * 0.85}" width="${width * 0.6}" height="${height * 0.07}" rx="${height * 0.035}" fill="#ffffff"/>`,
      text(x, height * 0.9, 'اطلب الآن', Math.round(width / 16), { fill: ad.colours[0] }),
    );
  } else {
    const right = width * 0.95;
    const scale = Math.min((width * 0.42) / 1000, (height * 0.8) / 400);
    parts.push(
      `<g transform="translate(${width * 0.03} ${height - 430 * scale}) scale(${scale})">${sideCar('#f4f5f7', 'sedan', 'ad')}</g>`,
      text(right, height * 0.36, ad.ar, big, { anchor: 'end' }),
      text(right, height * 0.56, ad.arSub, Math.round(big * 0.5), { anchor: 'end', weight: 400 }),
      text(right, height * 0.74, ad.en, Math.round(big * 0.42), { anchor: 'end', weight: 400 }),
      text(right, height * 0.9, 'إعلان · Ad', Math.round(big * 0.32), {
        anchor: 'end',
        weight: 400,
      }),
    );
  }
  return svg(width, height, parts.join(''));
}

/** What an event's poster shows. */
export interface EventPoster {
  titleAr: string;
  titleEn: string;
  place: string;
  date: string;
  colours: [string, string];
}

/** An event's poster (16:9): its titles, place and date over a car on a gradient. */
export function eventSvg(event: EventPoster): string {
  const width = 1600;
  const height = 900;
  const right = width * 0.94;
  return svg(
    width,
    height,
    [
      `<defs>${gradient('bg', event.colours, false)}</defs>`,
      `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
      `<circle cx="${width * 0.2}" cy="${height * 0.75}" r="${height * 0.55}" fill="#ffffff" opacity="0.08"/>`,
      `<g transform="translate(${width * 0.03} ${height * 0.42}) scale(0.62)">${sideCar('#f4f5f7', 'sedan', 'ad')}</g>`,
      text(right, height * 0.26, event.titleAr, 84, { anchor: 'end' }),
      text(right, height * 0.38, event.titleEn, 46, { anchor: 'end', weight: 400 }),
      text(right, height * 0.6, event.place, 40, { anchor: 'end', weight: 400 }),
      text(right, height * 0.7, event.date, 40, { anchor: 'end' }),
      text(right, height * 0.9, 'تذاكر · Tickets', 30, { anchor: 'end', weight: 400 }),
    ].join(''),
  );
}

/** A square profile picture: a letter for a person, a badge with a car for a dealership. */
export function avatarSvg(name: string, hue: number, dealership: boolean): string {
  const bg = `hsl(${hue} 45% 42%)`;
  // "معرض النجمة للسيارات" shows as "النجمة".
  const core = name
    .replace(/^(معرض|شركة|مؤسسة)\s+/, '')
    .replace(/\s+(للسيارات|لتجارة السيارات)$/, '');
  const body = dealership
    ? `<rect width="512" height="512" fill="${bg}"/><rect x="56" y="56" width="400" height="400" rx="64" fill="#ffffff" opacity="0.14"/>` +
      `<g transform="translate(86 140) scale(0.34)">${sideCar('#ffffff', 'sedan', 'av')}</g>` +
      text(256, 380, core, Math.min(64, Math.floor(640 / [...core].length)))
    : `<rect width="512" height="512" fill="${bg}"/><circle cx="256" cy="256" r="200" fill="#ffffff" opacity="0.15"/>` +
      text(256, 320, [...core][0] ?? '؟', 200);
  return svg(512, 512, body);
}

/** A bank-transfer receipt photographed on a desk, as sent with a payment. */
export function billSvg(receipt: {
  amount: string;
  method: string;
  reference: string;
  date: string;
}) {
  const lines: [string, string][] = [
    ['وسيلة الدفع', receipt.method],
    ['المبلغ', receipt.amount],
    ['رقم المرجع', receipt.reference],
    ['التاريخ', receipt.date],
    ['المستفيد', 'سوق المركبات'],
  ];
  return svg(
    900,
    1200,
    [
      '<rect width="900" height="1200" fill="#8a7a66"/>',
      '<g transform="rotate(-2 450 600)"><rect x="110" y="90" width="680" height="1020" fill="#fbfaf6"/>',
      text(450, 200, 'إيصال تحويل', 56, { fill: '#1f2d4d' }),
      text(450, 250, 'Transfer receipt', 30, { fill: '#55606d', weight: 400 }),
      ...lines.map(
        ([k, v], i) =>
          text(730, 380 + i * 110, k, 30, { fill: '#55606d', anchor: 'end', weight: 400 }) +
          text(170, 380 + i * 110, v, 34, { fill: '#1d1f22', anchor: 'start' }) +
          `<rect x="170" y="${400 + i * 110}" width="560" height="2" fill="#ddd"/>`,
      ),
      '<circle cx="600" cy="960" r="90" fill="none" stroke="#2f6b3f" stroke-width="8" opacity="0.7"/>',
      text(600, 972, 'تم التحويل', 32, { fill: '#2f6b3f' }),
      '</g>',
    ].join(''),
  );
}

/**
 * A picture that looks like a QR code for `value` (finder squares and data-like modules), with a
 * caption. The placeholders in public/img/qr/, which the reference seed starts with, were drawn
 * with it (`renderPng(qrLikeSvg(account, caption))`); at start, regenerateQrCodes
 * (server/lib/qr-codes.ts) replaces them with real codes of the account values.
 */
export function qrLikeSvg(value: string, caption: string): string {
  const modules = 29;
  const cell = 12;
  const margin = 48;
  const size = modules * cell + margin * 2;
  const bits = createHash('sha256').update(value).digest();
  const finder = (r: number, c: number) => {
    const rr = r < 7 ? r : r >= modules - 7 ? r - (modules - 7) : -1;
    const cc = c < 7 ? c : c >= modules - 7 ? c - (modules - 7) : -1;
    return rr >= 0 && cc >= 0 && !(r >= modules - 7 && c >= modules - 7) ? [rr, cc] : null;
  };
  const cells: string[] = [];
  for (let r = 0; r < modules; r++) {
    for (let c = 0; c < modules; c++) {
      const f = finder(r, c);
      let dark: boolean;
      if (f) {
        const [fr, fc] = f;
        const ring = Math.max(Math.abs(fr - 3), Math.abs(fc - 3));
        dark = ring !== 2;
      } else if (r === 6 || c === 6) {
        dark = (r + c) % 2 === 0;
      } else {
        const i = (r * modules + c) % (bits.length * 8);
        dark = ((bits[i >> 3] >> (i & 7)) & 1) === ((r * c) % 3 === 0 ? 0 : 1);
      }
      if (dark) {
        cells.push(
          `<rect x="${margin + c * cell}" y="${margin + r * cell}" width="${cell}" height="${cell}"/>`,
        );
      }
    }
  }
  return svg(
    size,
    size + 60,
    `<rect width="${size}" height="${size + 60}" fill="#ffffff"/><g fill="#111">${cells.join('')}</g>` +
      text(size / 2, size + 30, caption, 22, { fill: '#222' }),
  );
}

/** Renders an SVG to a lossless PNG buffer. */
export const renderPng = async (markup: string) =>
  (await vips())(Buffer.from(markup)).png({ compressionLevel: 6 }).toBuffer();

// ---------------------------------------------------------------------------------------------
// The cache. Rendering and encoding a few hundred pictures costs seconds; the same pictures
// come back on every seed, so they are kept once per user under the temp folder (by a hash of
// what they show) and copied into each store (an uploads folder or a bucket).
// ---------------------------------------------------------------------------------------------

/** Bump when a drawing changes, so stale cached pictures are not reused. */
const DRAWING_VERSION = 3;

/** Pictures rendered at once; more would only queue in sharp while holding memory. */
const PARALLEL_RENDERS = Math.max(2, os.availableParallelism());
/** Pictures copied into the store at once: a bucket takes a few dozen requests at a time. */
const PARALLEL_COPIES = 8;

/** Where drawn pictures are kept between runs, when only this user can write there. */
export const SHARED_CACHE = path.join(
  os.tmpdir(),
  `vehicle-market-demo-images-${process.getuid?.() ?? 'user'}`,
);

/**
 * The shared cache folder when only this user can write to it; otherwise a fresh private one,
 * since whatever is in the cache ends up served by the site.
 */
async function trustedCacheDir(): Promise<string> {
  try {
    await mkdir(SHARED_CACHE, { recursive: true, mode: 0o700 });
    const info = await stat(SHARED_CACHE);
    const mine = process.getuid === undefined || info.uid === process.getuid();
    if (mine && (info.mode & 0o022) === 0) return SHARED_CACHE;
  } catch {
    // fall through to a private folder
  }
  return mkdtemp(path.join(os.tmpdir(), 'vehicle-market-demo-'));
}

export class DemoImages {
  private readonly pending = new Map<string, Promise<SavedImage>>();
  private readonly renderTurn = turns(PARALLEL_RENDERS);
  private readonly copyTurn = turns(PARALLEL_COPIES);
  private cacheDir: Promise<string> | null = null;

  constructor(private readonly storage: ObjectStore) {}

  /** The picture drawn by `draw` (an SVG), rendered once per key and copied into the store. */
  get(key: string, kind: ImageKind, draw: () => string): Promise<SavedImage> {
    let image = this.pending.get(key);
    if (!image) {
      image = this.load(key, kind, draw);
      this.pending.set(key, image);
    }
    return image;
  }

  private async load(key: string, kind: ImageKind, draw: () => string): Promise<SavedImage> {
    const name = createHash('sha256')
      .update(`${DRAWING_VERSION}:${key}`)
      .digest('hex')
      .slice(0, 20);
    const folder = `${kind}/demo`;
    this.cacheDir ??= trustedCacheDir();
    const cached = path.join(await this.cacheDir, folder, name);
    let size = await readFile(`${cached}.json`, 'utf8')
      .then((json) => JSON.parse(json) as { width: number; height: number; suffixes: string[] })
      .catch(() => null);
    const copy = (suffixes: string[]) =>
      this.copyTurn(() => this.copy(cached, folder, name, suffixes));
    // A picture cached before a width was added is drawn again, with every file the store keeps.
    const complete = (suffixes: string[]) =>
      storedSuffixes(kind).every((suffix) => suffixes.includes(suffix));
    if (size && (!complete(size.suffixes) || !(await copy(size.suffixes)))) size = null;
    if (!size) {
      size = await this.renderTurn(() => this.render(cached, kind, draw));
      await copy(size.suffixes);
    }
    return { path: `/uploads/${folder}/${name}.jpg`, width: size.width, height: size.height };
  }

  private async render(cached: string, kind: ImageKind, draw: () => string) {
    // Pictures are drawn as SVG, which the store rightly refuses; a JPEG at high quality is
    // the stand-in for a camera file.
    const raster = await (await vips())(Buffer.from(draw())).jpeg({ quality: 95 }).toBuffer();
    // Flat drawings lose almost nothing at a lower WebP effort, and render twice as fast.
    const encoded = await encodeImage(raster, kind, { webpEffort: 2 });
    await mkdir(path.dirname(cached), { recursive: true });
    // Written under a temporary name then renamed, so a parallel seed never reads half a file.
    const temp = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    for (const file of encoded.files) {
      await writeFile(temp + file.suffix, file.data);
      await rename(temp + file.suffix, cached + file.suffix);
    }
    const size = {
      width: encoded.width,
      height: encoded.height,
      suffixes: encoded.files.map((f) => f.suffix),
    };
    await writeFile(`${temp}.json`, JSON.stringify(size));
    await rename(`${temp}.json`, `${cached}.json`);
    return size;
  }

  /** Copies a cached picture into the store; false when the cache lacks one of its files. */
  private async copy(cached: string, folder: string, name: string, suffixes: string[]) {
    let files: Buffer[];
    try {
      files = await Promise.all(suffixes.map((suffix) => readFile(cached + suffix)));
    } catch {
      return false;
    }
    // A failed write is the store's failure (a bucket out of reach), not a cache miss: it throws.
    await Promise.all(
      suffixes.map((suffix, i) => {
        const key = `${folder}/${name}${suffix}`;
        return this.storage.put(key, files[i]!, contentTypeOf(key));
      }),
    );
    return true;
  }
}
