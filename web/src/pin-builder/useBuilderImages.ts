import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PinBuilderScenario } from '@pinhive/contracts';
import { isApiError } from '../api/client';
import { uploadImage } from './api';
import { fileProblem, filesToTake, percent, type BuilderImage } from './images';

export interface BuilderImages {
  list: BuilderImage[];
  /** Files picked or dropped: each checked, then uploaded with its progress. */
  add: (files: readonly File[], multiPin: boolean) => void;
  remove: (key: string) => void;
  percentOf: (image: Extract<BuilderImage, { state: 'uploading' }>) => number;
}

let nextKey = 0;

/** The decoded size of an image file, which also proves the browser can read it (the `processing` step). */
async function decodable(file: File): Promise<boolean> {
  if (typeof createImageBitmap !== 'function') return true;
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    // Formats the browser cannot decode (HEIC, TIFF) may still be read by the server: let it decide.
    return true;
  }
}

/**
 * The builder's images and their uploads: each starts uploading as soon as it is checked (the
 * person types the title meanwhile). Replaced or removed images have their upload cancelled
 * and their preview released.
 */
export function useBuilderImages({ scenario, advertiserId }: { scenario: PinBuilderScenario; advertiserId: string | undefined }): BuilderImages {
  const { t } = useTranslation();
  const [list, setList] = useState<BuilderImage[]>([]);
  // The list as last set: uploads start from event handlers, outside any state updater.
  const current = useRef<BuilderImage[]>([]);
  const commit = useCallback((next: BuilderImage[]) => {
    current.current = next;
    setList(next);
  }, []);
  const uploads = useRef(new Map<string, AbortController>());
  const previews = useRef(new Map<string, string>());

  const update = useCallback(
    (key: string, next: (image: BuilderImage) => BuilderImage) => commit(current.current.map((image) => (image.key === key ? next(image) : image))),
    [commit],
  );

  const drop = useCallback((key: string) => {
    uploads.current.get(key)?.abort();
    uploads.current.delete(key);
    const preview = previews.current.get(key);
    if (preview) URL.revokeObjectURL(preview);
    previews.current.delete(key);
  }, []);

  useEffect(() => {
    const running = uploads.current;
    const shown = previews.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      for (const preview of shown.values()) URL.revokeObjectURL(preview);
    };
  }, []);

  const start = useCallback(
    async (key: string, file: File) => {
      const problem = fileProblem(file);
      if (problem) return update(key, (image) => ({ key, name: image.name, preview: image.preview, state: 'failed', error: t(`errors.${problem}`) }));
      await decodable(file);
      const controller = new AbortController();
      uploads.current.set(key, controller);
      update(key, (image) => ({ key, name: image.name, preview: image.preview, state: 'uploading', sent: 0, total: file.size }));
      try {
        const upload = await uploadImage(file, {
          scenario,
          advertiserId,
          signal: controller.signal,
          onProgress: (sent, total) => update(key, (image) => (image.state === 'uploading' ? { ...image, sent, total } : image)),
        });
        update(key, (image) => ({ key, name: image.name, preview: image.preview, state: 'uploaded', upload }));
      } catch (error) {
        if (controller.signal.aborted) return;
        const message = isApiError(error) ? t(`errors.${error.code}`, { defaultValue: error.message || t('errors.generic') }) : t('errors.generic');
        update(key, (image) => ({ key, name: image.name, preview: image.preview, state: 'failed', error: message }));
      } finally {
        uploads.current.delete(key);
      }
    },
    [advertiserId, scenario, t, update],
  );

  const add = useCallback(
    (files: readonly File[], multiPin: boolean) => {
      const { take, replace } = filesToTake(files, current.current.length, multiPin);
      if (take.length === 0) return;
      if (replace) for (const image of current.current) drop(image.key);
      const started = take.map((file): { image: BuilderImage; file: File } => {
        const key = `image-${++nextKey}`;
        const preview = URL.createObjectURL(file);
        previews.current.set(key, preview);
        return { image: { key, name: file.name, preview, state: 'processing' }, file };
      });
      const added = started.map((s) => s.image);
      commit(replace ? added : [...current.current, ...added]);
      for (const { image, file } of started) void start(image.key, file);
    },
    [commit, drop, start],
  );

  const remove = useCallback(
    (key: string) => {
      drop(key);
      commit(current.current.filter((image) => image.key !== key));
    },
    [commit, drop],
  );

  return { list, add, remove, percentOf: (image) => percent(image.sent, image.total) };
}
