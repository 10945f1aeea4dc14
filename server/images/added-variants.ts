import { ADDED_WIDTHS, SOURCE_WIDTH, variantSuffix, type ImageWidth } from '../../domain/images.ts';
import { contentTypeOf, type ObjectStore } from '../lib/storage/object-store.ts';
import { turns } from '../lib/turns.ts';
import { WEBP_QUALITY } from './store.ts';
import { vips } from './vips.ts';

/*
 * Variants of a width added after images were first stored (ADDED_WIDTHS): an image stored
 * before has none, and pages list the width for every image. The first request for such a
 * variant makes it from the image's SOURCE_WIDTH variant and stores it beside the others, so
 * every later request (from any instance, or straight from a bucket) finds it like any variant.
 */

/** Keys known to exist, so a variant is looked up in the store once per process, not per request. */
const KNOWN_LIMIT = 50_000;

/** The width and source key of `key` when it names a variant of an added width, else null. */
export function addedVariant(key: string): { width: ImageWidth; source: string } | null {
  const width = ADDED_WIDTHS.find((added) => key.endsWith(variantSuffix(added)));
  if (width === undefined) return null;
  const name = key.slice(0, -variantSuffix(width).length);
  return name ? { width, source: name + variantSuffix(SOURCE_WIDTH) } : null;
}

export class AddedVariants {
  readonly #storage: ObjectStore;
  readonly #known = new Set<string>();
  readonly #making = new Map<string, Promise<void>>();
  // One image at a time: a page of cards asks for a dozen at once, and requests keep a core.
  readonly #turn = turns(1);

  constructor(storage: ObjectStore) {
    this.#storage = storage;
  }

  /**
   * Makes the variant at `key` when it is one of an added width that the store lacks and whose
   * source it has; anything else is left as it is (a missing image stays missing). Requests for
   * the same key at once share one making.
   */
  async ensure(key: string): Promise<void> {
    const variant = addedVariant(key);
    if (!variant || this.#known.has(key)) return;
    let making = this.#making.get(key);
    if (!making) {
      making = this.#make(key, variant.source, variant.width).finally(() =>
        this.#making.delete(key),
      );
      this.#making.set(key, making);
    }
    await making;
  }

  async #make(key: string, source: string, width: ImageWidth): Promise<void> {
    if (!(await this.#storage.head(key))) {
      const bytes = await this.#storage.read(source);
      if (!bytes) return;
      const sharp = await vips();
      const data = await this.#turn(() =>
        sharp(bytes, { failOn: 'error' })
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer()
          // A source that does not decode gives no variant: the request finds none (404).
          .catch(() => null),
      );
      if (!data) return;
      await this.#storage.put(key, data, contentTypeOf(key));
    }
    if (this.#known.size >= KNOWN_LIMIT) this.#known.clear();
    this.#known.add(key);
  }
}
