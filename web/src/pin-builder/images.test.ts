import { describe, expect, it } from '@jest/globals';
import type { PinBuilderUpload } from '@pinhive/contracts';
import { builderStatus, fileProblem, filesToTake, percent, readyUploads, type BuilderImage } from './images';

const upload = (id: string): PinBuilderUpload => ({ media_upload_id: id, width: 1, height: 1, dominant_color: '#000000', images: { '236x': { url: '', width: 1, height: 1 }, orig: { url: '', width: 1, height: 1 } } });
const img = (state: BuilderImage['state'], key: string = state): BuilderImage => {
  const base = { key, name: key, preview: '' };
  switch (state) {
    case 'processing':
      return { ...base, state };
    case 'uploading':
      return { ...base, state, sent: 1, total: 2 };
    case 'uploaded':
      return { ...base, state, upload: upload(key) };
    case 'failed':
      return { ...base, state, error: 'x' };
  }
};

describe('pin builder images', () => {
  it('takes images up to 200 MB (209715200 bytes), never SVG or another type', () => {
    expect(fileProblem({ type: 'image/png', size: 209_715_200 })).toBeNull();
    expect(fileProblem({ type: 'image/png', size: 209_715_201 })).toBe('image_too_large');
    expect(fileProblem({ type: 'image/svg+xml', size: 10 })).toBe('image_invalid');
    expect(fileProblem({ type: 'application/pdf', size: 10 })).toBe('image_invalid');
    expect(fileProblem({ type: 'image/jpeg', size: 0 })).toBe('image_invalid');
  });

  it('takes several files only where multi-pin is on, and at most 5 in all', () => {
    expect(filesToTake(['a', 'b', 'c'], 0, false)).toEqual({ take: ['a'], replace: true });
    expect(filesToTake(['a', 'b', 'c'], 0, true)).toEqual({ take: ['a', 'b', 'c'], replace: false });
    expect(filesToTake(['a', 'b', 'c'], 4, true)).toEqual({ take: ['a'], replace: false });
    expect(filesToTake(['a'], 5, true)).toEqual({ take: [], replace: false });
  });

  it('says where the pin is: processing, uploading, ready, saving, succeeded', () => {
    expect(builderStatus([], false, false)).toBe('idle');
    expect(builderStatus([img('processing')], false, false)).toBe('processing');
    expect(builderStatus([img('processing'), img('uploading')], false, false)).toBe('uploading');
    expect(builderStatus([img('uploaded')], false, false)).toBe('ready');
    expect(builderStatus([img('uploaded')], true, false)).toBe('saving');
    expect(builderStatus([img('uploaded')], false, true)).toBe('succeeded');
  });

  it('creates only once every image is uploaded', () => {
    expect(readyUploads([])).toBeNull();
    expect(readyUploads([img('uploaded', 'a'), img('uploading', 'b')])).toBeNull();
    expect(readyUploads([img('uploaded', 'a'), img('failed', 'b')])).toBeNull();
    expect(readyUploads([img('uploaded', 'a'), img('uploaded', 'b')])).toEqual(['a', 'b']);
  });

  it('shows progress in whole percent', () => {
    expect(percent(0, 0)).toBe(0);
    expect(percent(50, 200)).toBe(25);
    expect(percent(200, 200)).toBe(100);
  });
});
