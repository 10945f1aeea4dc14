/*
 * Everything the public pages do in the browser before a visitor asks for more, in one module.
 * A script per component made the home page fetch ten small files in three rounds (entries, then
 * the modules they share) before a phone on a slow network could paint its largest photo; as one
 * file it is one request, plus the small chunk it shares with the account pages' scripts
 * (`sharedBasics` in astro.config.mjs), and after the first page none. Each part acts only on
 * the elements it finds (custom elements, or a query of its own markers), so a page without a
 * gallery runs no gallery code. What a click needs (favourites, reporting, saving a search, the
 * 360° viewer) still loads on demand.
 */
import './held-pictures.ts';
import '../favourite-star/favourite-star.ts';
import '../recently-viewed/recently-viewed.ts';
import '../recently-viewed/record-view.ts';
import '../ad-slider/ad-popup.ts';
import '../my-vehicles/sell-link.ts';
import '../vehicle-gallery/gallery.ts';
import '../listing-actions/listing-actions.ts';
import '../vehicle-360/panorama.ts';
import '../vehicle-filters/vehicle-list.ts';
import '../save-search/save-search-link.ts';
