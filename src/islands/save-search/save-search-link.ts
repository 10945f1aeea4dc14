/*
 * The list's "save this search" links (re-rendered with the results) open the dialog
 * (SaveSearchDialog.astro); its script is loaded on the first click only. Without JavaScript, or
 * on a page without the dialog, the link signs in.
 */
document.addEventListener('click', (event) => {
  const trigger = (event.target as Element | null)?.closest('a[data-save-search]');
  if (!trigger || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  if (!document.querySelector('[data-save-search-form]')) return;
  event.preventDefault();
  void import('./save-search.ts').then((module) => module.openSaveSearch());
});
