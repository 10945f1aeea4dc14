import { useEffect, useRef, type ReactNode } from 'react';

/*
 * A modal dialog for the account islands. Not the native <dialog> in the top layer: the spec's
 * warning toasts (sweetalert2, z-index 1060) and the blocking overlay must show above the dialog
 * while it is open, and nothing can sit above the top layer. So: a fixed layer under both, with
 * what a modal needs — focus moves in and is kept in, Escape and a click outside close it, focus
 * returns to the opener, and the page behind does not scroll.
 */

interface Props {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  children: ReactNode;
  /** Width of the panel (a Tailwind max-width class). */
  size?: string;
  /** Marks the dialog for tests and styles. */
  name?: string;
}

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Dialog({ open, onClose, labelledBy, children, size = 'max-w-md', name }: Props) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    const first = panel.current?.querySelector<HTMLElement>(focusable);
    (first ?? panel.current)?.focus();

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        // A toast or the overlay may be showing; Escape still closes the dialog.
        event.stopPropagation();
        close.current();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const items = [...panel.current.querySelectorAll<HTMLElement>(focusable)];
      if (items.length === 0) return;
      const [head, tail] = [items[0]!, items[items.length - 1]!];
      if (event.shiftKey && document.activeElement === head) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && document.activeElement === tail) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      root.style.overflow = overflow;
      opener?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div
      className="fixed inset-0 z-50 grid place-items-center overflow-y-auto bg-[rgb(6_17_24/0.55)] p-3 backdrop-blur-[2px] sm:p-6"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        data-dialog={name}
        className={`w-full ${size} animate-[modal-in_160ms_ease-out] rounded-dialog bg-surface shadow-pop focus:outline-none motion-reduce:animate-none`}
      >
        {children}
      </div>
    </div>
  );
}
