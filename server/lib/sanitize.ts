import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

// Loaded with the first text it cleans (a write), not with every process that serves pages: it
// brings an HTML parser and a CSS parser, about a hundred modules.
const require = createRequire(import.meta.url);
let library: typeof SanitizeHtml | undefined;
const sanitizer = () => (library ??= require('sanitize-html') as typeof SanitizeHtml);

const QUILL_LIST_KINDS = ['bullet', 'ordered', 'checked', 'unchecked'];

/**
 * Rich text from users (vehicle descriptions, interface items) is rendered as HTML on public
 * pages, so it is cleaned before it is stored: the formatting a rich-text editor produces stays,
 * scripts, event handlers, styles and foreign embeds go.
 */
export function sanitizeRichText(html: string): string {
  const sanitizeHtml = sanitizer();
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'blockquote',
      'code',
      'pre',
      'h2',
      'h3',
      'h4',
      'ul',
      'ol',
      'li',
      'a',
      'span',
      'hr',
    ],
    allowedAttributes: {
      a: ['href', 'target', 'rel'],
      span: ['class'],
      p: ['class'],
      // Quill 2 keeps every list as <ol> in its editor HTML and says which kind on each item.
      li: ['class', { name: 'data-list', multiple: false, values: QUILL_LIST_KINDS }],
      h2: ['class'],
      h3: ['class'],
      h4: ['class'],
    },
    // Only the editor's own alignment, direction and indent classes survive.
    allowedClasses: {
      span: ['ql-*'],
      p: ['ql-*'],
      li: ['ql-*'],
      h2: ['ql-*'],
      h3: ['ql-*'],
      h4: ['ql-*'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', {
        rel: 'noopener noreferrer nofollow',
        target: '_blank',
      }),
      // The page's own title is its one <h1>; a heading in a description is a section.
      h1: 'h2',
    },
  }).trim();
}
