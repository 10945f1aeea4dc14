import { afterLoad } from '../../lib/after-load.ts';
import { recordViewed, type ViewedVehicle } from './store.ts';

/*
 * <record-view data-entry='{"id":…}'> on a vehicle page: adds the vehicle to the browser's
 * recently viewed list once the page has loaded.
 */
class RecordViewElement extends HTMLElement {
  connectedCallback() {
    let entry: Omit<ViewedVehicle, 'at'>;
    try {
      entry = JSON.parse(this.dataset.entry ?? '') as Omit<ViewedVehicle, 'at'>;
    } catch {
      return; // A damaged attribute records nothing.
    }
    if (!Number.isInteger(entry.id)) return;
    afterLoad(() => recordViewed(entry));
  }
}

if (!customElements.get('record-view')) customElements.define('record-view', RecordViewElement);
