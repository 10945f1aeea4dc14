import { randomBytes } from 'node:crypto';

/*
 * Parts of a page that reach the server as bytes, apart from the page's text.
 *
 * A render makes the page one string, and the string becomes the response's UTF-8 bytes in one
 * call. A page of more than 64K characters (every catalogue page: its Arabic makes each character
 * two bytes) is flattened for that call into a string of V8's large-object space: memory mapped
 * for that string alone, touched page by page and unmapped again by the next full collection,
 * and counted against the old generation, so that it brings that collection sooner. A part
 * rendered to its own string under that size is flattened and encoded in the young generation
 * (a tenth of the time), and the page's text keeps only a marker in its place; the server puts
 * the bytes back where the markers are before anything reads the page.
 */

/** What stands for a part in a page's text: unguessable, so that no text of a page can forge it. */
const token = `part-${randomBytes(9).toString('base64url')}`;
const MARKER_START = `<!--${token}:`;
const MARKER_END = '-->';

/** One render's parts, in the order they were added; a part may hold markers of earlier ones. */
export class PageParts {
  readonly #parts: Buffer[] = [];

  /** Keeps `bytes` and answers the marker that stands for them in the page's text. */
  add(bytes: Uint8Array): string {
    this.#parts.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return `${MARKER_START}${this.#parts.length - 1}${MARKER_END}`;
  }

  /** `body` with each marker replaced by its part, markers in parts replaced too. */
  join(body: Buffer): Buffer {
    if (this.#parts.length === 0) return body;
    const pieces: Uint8Array[] = [];
    this.#expand(body, pieces, 0);
    return Buffer.concat(pieces);
  }

  #expand(bytes: Buffer, pieces: Uint8Array[], depth: number) {
    let at = 0;
    for (let marker = bytes.indexOf(MARKER_START); marker !== -1;) {
      const from = marker + MARKER_START.length;
      const end = bytes.indexOf(MARKER_END, from);
      const part =
        end === -1 ? undefined : this.#parts[Number(bytes.toString('latin1', from, end))];
      if (part === undefined || depth > this.#parts.length) {
        throw new Error(
          `a page part's marker names no part: ${bytes.toString('latin1', marker, end)}`,
        );
      }
      pieces.push(bytes.subarray(at, marker));
      this.#expand(part, pieces, depth + 1);
      at = end + MARKER_END.length;
      marker = bytes.indexOf(MARKER_START, at);
    }
    pieces.push(bytes.subarray(at));
  }
}
