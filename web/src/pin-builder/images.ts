import { PIN_BUILDER_MAX_FILE_BYTES, PIN_BUILDER_MAX_IMAGES, type PinBuilderUpload } from '@pinhive/contracts';

/**
 * The images of a pin being built, each on its way (saving-boards-ads.md section 3's states):
 * `processing` while the browser checks it, `uploading` with its progress, `uploaded` with the
 * server's reference, or `failed` with the reason.
 */
export type BuilderImage =
  | { key: string; name: string; preview: string; state: 'processing' }
  | { key: string; name: string; preview: string; state: 'uploading'; sent: number; total: number }
  | { key: string; name: string; preview: string; state: 'uploaded'; upload: PinBuilderUpload }
  | { key: string; name: string; preview: string; state: 'failed'; error: string };

/** Why a file is refused before it is sent (the server says the same, and decides). */
export type FileProblem = 'image_invalid' | 'image_too_large';

/** A file the builder may send: an image type (SVG aside), at most 200 MB (section 9). */
export function fileProblem(file: { type: string; size: number }): FileProblem | null {
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') return 'image_invalid';
  if (file.size > PIN_BUILDER_MAX_FILE_BYTES) return 'image_too_large';
  if (file.size === 0) return 'image_invalid';
  return null;
}

/**
 * The files of one pick or drop the builder takes: all of them up to the multi-pin limit (5)
 * where multi-pin is on, else the first one only, replacing what was there.
 */
export function filesToTake<F>(picked: readonly F[], current: number, multiPin: boolean): { take: F[]; replace: boolean } {
  if (!multiPin) return { take: picked.slice(0, 1), replace: true };
  return { take: picked.slice(0, Math.max(0, PIN_BUILDER_MAX_IMAGES - current)), replace: false };
}

/** Upload progress as a whole percentage (0 while the size is not known). */
export const percent = (sent: number, total: number): number => (total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0);

/** The builder's state as a whole, announced to screen readers (aria-live). */
export type BuilderStatus = 'idle' | 'processing' | 'uploading' | 'ready' | 'saving' | 'succeeded';

export function builderStatus(images: readonly BuilderImage[], saving: boolean, succeeded: boolean): BuilderStatus {
  if (succeeded) return 'succeeded';
  if (saving) return 'saving';
  if (images.some((i) => i.state === 'uploading')) return 'uploading';
  if (images.some((i) => i.state === 'processing')) return 'processing';
  return images.some((i) => i.state === 'uploaded') ? 'ready' : 'idle';
}

/** The uploads a create names: every image uploaded, in order; null while one is still on its way or failed. */
export function readyUploads(images: readonly BuilderImage[]): string[] | null {
  if (images.length === 0) return null;
  const ids: string[] = [];
  for (const image of images) {
    if (image.state !== 'uploaded') return null;
    ids.push(image.upload.media_upload_id);
  }
  return ids;
}
