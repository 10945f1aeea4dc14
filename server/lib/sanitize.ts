import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from users (vehicle descriptions, interface items) is rendered as HTML on public
 * pages, so it is cleaned before it is stored: the formatting a rich-text editor produces stays,
 * scripts, event handlers, styles and foreign embeds go.
 */
export function sanitizeRichText(html: string): string {
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
      li: ['class'],
    },
    // Only the editor's own alignment and direction classes survive.
    allowedClasses: {
      span: ['ql-*'],
      p: ['ql-*'],
      li: ['ql-*'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', {
        rel: 'noopener noreferrer nofollow',
        target: '_blank',
      }),
    },
  }).trim();
}
