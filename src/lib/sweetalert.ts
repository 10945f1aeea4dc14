/*
 * sweetalert2, imported on first use so pages that never toast or confirm download none of it;
 * shared by toasts (toast.ts) and confirmations (confirm.ts). It reads the direction from
 * <html dir>.
 */

/**
 * Where a toast or dialog goes: inside an open modal <dialog> (which sits in the browser's top
 * layer, above anything in the page) or the page itself.
 */
export const layer = (): HTMLElement =>
  document.querySelector<HTMLElement>('dialog[open]') ?? document.body;

let loaded: Promise<typeof import('sweetalert2').default> | undefined;
export const sweetAlert = () => (loaded ??= import('sweetalert2').then((module) => module.default));
