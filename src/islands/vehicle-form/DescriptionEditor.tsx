import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { Lang } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';
import { describedBy, FieldError } from '../forms/fields.tsx';
import type { Editor, EditorTexts } from './quill-editor.ts';

interface Props {
  lang: Lang;
  id: string;
  /** Id of the element that names the editor (the section's heading). */
  labelledBy: string;
  hint?: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | null;
}

export interface DescriptionEditorHandle {
  /** Focuses the editor, loading it first when needed. */
  focus: () => void;
}

type State = 'idle' | 'loading' | 'ready' | 'failed';

function editorTexts(lang: Lang): EditorTexts {
  const t = { locale: lang };
  return {
    placeholder: m.vehicle_form_editor_placeholder({}, t),
    toolbar: m.vehicle_form_toolbar_label({}, t),
    bold: m.vehicle_form_tool_bold({}, t),
    italic: m.vehicle_form_tool_italic({}, t),
    ordered: m.vehicle_form_tool_ordered({}, t),
    bullet: m.vehicle_form_tool_bullet({}, t),
    heading: m.vehicle_form_tool_heading({}, t),
    subheading: m.vehicle_form_tool_subheading({}, t),
    link: m.vehicle_form_tool_link({}, t),
    linkVisit: m.vehicle_form_link_visit({}, t),
    linkEnter: m.vehicle_form_link_enter({}, t),
    linkEdit: m.vehicle_form_link_edit({}, t),
    linkRemove: m.vehicle_form_link_remove({}, t),
    linkSave: m.vehicle_form_link_save({}, t),
  };
}

/**
 * The description in quill 2, loaded when it is about to be used: when the editor comes near
 * the screen, or when it is focused or touched first. Until then a stand-in of the same size
 * holds its place, so the form's first load carries none of quill.
 */
export const DescriptionEditor = forwardRef<DescriptionEditorHandle, Props>(
  function DescriptionEditor({ lang, id, labelledBy, hint, value, onChange, error }, ref) {
    const t = { locale: lang };
    const wrapper = useRef<HTMLDivElement>(null);
    const host = useRef<HTMLDivElement>(null);
    const editor = useRef<Editor | null>(null);
    const [state, setState] = useState<State>('idle');
    const latest = useRef({ value, onChange, focus: false, state });
    latest.current = { ...latest.current, value, onChange, state };
    const described = describedBy(id, hint, error);

    const load = useCallback(() => {
      if (latest.current.state === 'loading' || latest.current.state === 'ready') return;
      latest.current.state = 'loading';
      setState('loading');
      import('./quill-editor.ts').then(
        ({ createEditor }) => {
          if (!host.current) return;
          editor.current = createEditor(host.current, {
            html: latest.current.value,
            texts: editorTexts(lang),
            id,
            labelledBy,
            describedBy: described,
            onChange: (html) => latest.current.onChange(html),
          });
          setState('ready');
        },
        (problem: unknown) => {
          console.error('description editor', problem);
          setState('failed');
        },
      );
      // `described` is applied by the effect below once the editor exists.
    }, [lang, id, labelledBy]);

    useImperativeHandle(ref, () => ({
      focus: () => {
        if (editor.current) editor.current.focus();
        else {
          latest.current.focus = true;
          wrapper.current?.scrollIntoView({ block: 'center' });
          load();
        }
      },
    }));

    // Near the screen (or on focus/touch below): load.
    useEffect(() => {
      const target = wrapper.current;
      if (!target || typeof IntersectionObserver === 'undefined') {
        load();
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer.disconnect();
            load();
          }
        },
        { rootMargin: '200px 0px' },
      );
      observer.observe(target);
      return () => observer.disconnect();
    }, [load]);

    // A focus asked for while quill was loading lands once it shows.
    useEffect(() => {
      if (state !== 'ready' || !latest.current.focus) return;
      latest.current.focus = false;
      editor.current?.focus();
    }, [state]);

    useEffect(() => editor.current?.setHtml(value), [value]);
    useEffect(() => editor.current?.setDescribedBy(described), [described, state]);
    useEffect(
      () => () => {
        editor.current?.destroy();
        editor.current = null;
      },
      [],
    );

    const standIn = state !== 'ready';
    return (
      <div ref={wrapper} className="vehicle-editor" data-editor-state={state}>
        {standIn && (
          <div
            id={id}
            role="textbox"
            aria-multiline="true"
            aria-labelledby={labelledBy}
            aria-describedby={described}
            aria-busy={state === 'loading' || undefined}
            tabIndex={0}
            onFocus={() => {
              latest.current.focus = true;
              load();
            }}
            onPointerDown={() => {
              latest.current.focus = true;
              load();
            }}
            className="min-h-[15rem] rounded-control border border-line-strong bg-surface p-4 text-muted"
          >
            {state === 'failed' ? (
              <span className="text-danger">{m.vehicle_form_editor_failed({}, t)}</span>
            ) : (
              <span className={state === 'loading' ? 'animate-pulse' : undefined}>
                {m.vehicle_form_editor_loading({}, t)}
              </span>
            )}
          </div>
        )}
        <div ref={host} hidden={standIn} />
        {hint && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
            {hint}
          </p>
        )}
        <FieldError id={id} error={error} />
      </div>
    );
  },
);
