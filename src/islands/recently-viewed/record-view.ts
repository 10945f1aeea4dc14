import { recordViewed, type ViewedVehicle } from './store.ts';

/*
 * <record-view data-entry='{"id":…}'> on a vehicle page: adds the vehicle to the browser's
 * recently viewed list when the page opens.
 */
class RecordViewElement extends HTMLElement {
  connectedCallback() {
    try {
      const entry = JSON.parse(this.dataset.entry ?? '') as Omit<ViewedVehicle, 'at'>;
      if (Number.isInteger(entry.id)) recordViewed(entry);
    } catch {
      // A damaged attribute records nothing.
    }
  }
}

if (!customElements.get('record-view')) customElements.define('record-view', RecordViewElement);
