import type { ObjectStore } from '../../lib/storage/object-store.ts';
import { decodeBase64Image, ImageRejectedError, saveImage } from '../../images/store.ts';
import { ApiError } from '../../lib/api-error.ts';
import { PROOF_IMAGE_MAX_BYTES } from './schemas.ts';

/**
 * Stores a proof of payment (a transfer receipt): JPEG or PNG by content, re-encoded without
 * its metadata in the image store's 'bill' kind, which keeps it large enough to read. Answers
 * its public path; a text file, another format or an oversized image is a clear 400 or 413.
 */
export async function storeProof(storage: ObjectStore, input: string): Promise<string> {
  const bytes = decodeBase64Image(input);
  if (!bytes || bytes.length === 0) throw new ApiError(400, 'payment_proof_invalid');
  if (bytes.length > PROOF_IMAGE_MAX_BYTES) {
    throw new ApiError(413, 'payment_proof_too_large', {
      mb: Math.round(PROOF_IMAGE_MAX_BYTES / 1024 / 1024),
    });
  }
  try {
    const saved = await saveImage(storage, bytes, { kind: 'bill', accept: ['jpeg', 'png'] });
    return saved.path;
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    if (error.reason === 'too_large') {
      throw new ApiError(413, 'payment_proof_too_large', {
        mb: Math.round(PROOF_IMAGE_MAX_BYTES / 1024 / 1024),
      });
    }
    throw new ApiError(400, 'payment_proof_invalid');
  }
}
