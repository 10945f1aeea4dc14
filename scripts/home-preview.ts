// Draws the home page's link-preview picture (public/img/home-preview.jpg, 1200 × 630, the size
// link previews show large) from the site's name, tagline and car mark. Run it again after the
// name or the colours change: `node --import tsx scripts/home-preview.ts`. The text uses the
// machine's Arabic fonts (Debian: fonts-noto-core), through librsvg.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import ar from '../messages/ar.json' with { type: 'json' };
import en from '../messages/en.json' with { type: 'json' };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'public', 'img', 'home-preview.jpg');
const WIDTH = 1200;
const HEIGHT = 630;
const font = "'IBM Plex Sans Arabic', 'Noto Sans Arabic', 'DejaVu Sans', sans-serif";
const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// The car of the favicon (public/favicon.svg), drawn large.
const car = `<g fill="none" stroke="#fff" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">
  <path d="M5 16H4a1 1 0 0 1-1-1v-3l2-5a2 2 0 0 1 1.9-1.4h10.2A2 2 0 0 1 19 7l2 5v3a1 1 0 0 1-1 1h-1"/>
  <path d="M3.5 11.5h17M9.5 16.5h5"/><circle cx="7.5" cy="16.5" r="2"/><circle cx="16.5" cy="16.5" r="2"/></g>`;

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#0d4137"/><stop offset="1" stop-color="#157a61"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <circle cx="1060" cy="560" r="260" fill="#239677" opacity="0.25"/>
  <circle cx="120" cy="40" r="180" fill="#47b393" opacity="0.15"/>
  <g transform="translate(540 70)"><rect width="120" height="120" rx="28" fill="#116350" stroke="#7ccfb4" stroke-width="3"/>
    <g transform="translate(12 12) scale(4)">${car}</g></g>
  <text x="600" y="310" text-anchor="middle" direction="rtl" font-family="${font}" font-size="96" font-weight="700" fill="#fff">${escape(ar.site_name)}</text>
  <text x="600" y="395" text-anchor="middle" direction="rtl" font-family="${font}" font-size="42" fill="#d7f2e7">${escape(ar.site_tagline)}</text>
  <line x1="450" y1="450" x2="750" y2="450" stroke="#7ccfb4" stroke-width="3"/>
  <text x="600" y="520" text-anchor="middle" font-family="${font}" font-size="44" font-weight="700" fill="#fff">${escape(en.site_name)}</text>
  <text x="600" y="572" text-anchor="middle" font-family="${font}" font-size="30" fill="#d7f2e7">${escape(en.site_tagline)}</text>
</svg>`;

await sharp(Buffer.from(svg)).jpeg({ quality: 86, mozjpeg: true }).toFile(out);
console.log(`${path.relative(root, out)}: ${WIDTH} × ${HEIGHT}`);
