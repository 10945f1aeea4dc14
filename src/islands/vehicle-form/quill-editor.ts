import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import './editor.css';

/*
 * The description's rich-text editor (quill 2), imported by DescriptionEditor only when the
 * editor is about to be used, so the form's first load does not carry it. Quill is created here
 * directly: react-quill calls findDOMNode, which React 19 removed (integration-facts.md).
 */

export interface EditorTexts {
  placeholder: string;
  toolbar: string;
  bold: string;
  italic: string;
  ordered: string;
  bullet: string;
  heading: string;
  subheading: string;
  link: string;
  linkVisit: string;
  linkEnter: string;
  linkEdit: string;
  linkRemove: string;
  linkSave: string;
}

export interface EditorOptions {
  /** The HTML to start from ('' for none). */
  html: string;
  texts: EditorTexts;
  /** Id of the editable area, so a failing check can focus it. */
  id: string;
  /** Ids of the label and of the description (hint, error) of the area. */
  labelledBy: string;
  describedBy?: string;
  onChange: (html: string) => void;
}

export interface Editor {
  /** Replaces the content (the draft was discarded, the vehicle loaded). */
  setHtml: (html: string) => void;
  setDescribedBy: (ids: string | undefined) => void;
  focus: () => void;
  destroy: () => void;
}

/** The small toolbar of issue 9: headings 2 and 3, bold, italic, the two lists, links. */
const TOOLBAR = [
  [{ header: 2 }, { header: 3 }],
  ['bold', 'italic'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['link'],
];

/** The editor's HTML: '' when empty; lists as real <ol>/<ul>; plain spaces (quill writes &nbsp;). */
function htmlOf(quill: Quill): string {
  if (quill.getLength() <= 1 && quill.getText().trim() === '') return '';
  return quill.getSemanticHTML().replaceAll('&nbsp;', ' ');
}

export function createEditor(host: HTMLElement, options: EditorOptions): Editor {
  const { texts } = options;
  // The editor writes in the page's direction (<html dir>), right to left in Arabic.
  host.replaceChildren();
  // The link tooltip's words are CSS content in quill's theme; editor.css reads these.
  const words: [string, string][] = [
    ['--editor-link-visit', texts.linkVisit],
    ['--editor-link-enter', texts.linkEnter],
    ['--editor-link-edit', texts.linkEdit],
    ['--editor-link-remove', texts.linkRemove],
    ['--editor-link-save', texts.linkSave],
  ];
  for (const [name, word] of words) host.style.setProperty(name, JSON.stringify(word));

  const area = document.createElement('div');
  host.append(area);
  const quill = new Quill(area, {
    theme: 'snow',
    placeholder: texts.placeholder,
    modules: { toolbar: TOOLBAR },
    formats: ['header', 'bold', 'italic', 'list', 'link'],
  });

  const toolbar = host.querySelector<HTMLElement>('.ql-toolbar');
  if (toolbar) {
    toolbar.setAttribute('role', 'toolbar');
    toolbar.setAttribute('aria-label', texts.toolbar);
    const labels: [string, string][] = [
      ['.ql-header[value="2"]', texts.heading],
      ['.ql-header[value="3"]', texts.subheading],
      ['.ql-bold', texts.bold],
      ['.ql-italic', texts.italic],
      ['.ql-list[value="ordered"]', texts.ordered],
      ['.ql-list[value="bullet"]', texts.bullet],
      ['.ql-link', texts.link],
    ];
    for (const [selector, label] of labels) {
      const button = toolbar.querySelector<HTMLElement>(selector);
      button?.setAttribute('aria-label', label);
      button?.setAttribute('title', label);
    }
  }

  const root = quill.root;
  root.id = options.id;
  root.setAttribute('role', 'textbox');
  root.setAttribute('aria-multiline', 'true');
  root.setAttribute('aria-labelledby', options.labelledBy);
  const describe = (ids: string | undefined) => {
    if (ids) root.setAttribute('aria-describedby', ids);
    else root.removeAttribute('aria-describedby');
  };
  describe(options.describedBy);

  // What the editor holds, as given (`applied`) and as it reads back (`current`): either one
  // coming back from the form is no change, so the caret never jumps while typing.
  let applied = '';
  let current = '';
  const setHtml = (html: string) => {
    quill.setContents(quill.clipboard.convert({ html }), 'silent');
    quill.history.clear();
    applied = html;
    current = htmlOf(quill);
  };
  setHtml(options.html);

  quill.on('text-change', () => {
    const html = htmlOf(quill);
    if (html === current) return;
    current = html;
    applied = html;
    options.onChange(html);
  });

  return {
    setHtml: (html) => {
      if (html !== current && html !== applied) setHtml(html);
    },
    setDescribedBy: describe,
    focus: () => quill.focus(),
    destroy: () => {
      quill.off('text-change');
      host.replaceChildren();
    },
  };
}
