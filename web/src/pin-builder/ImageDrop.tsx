import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_BUILDER_MAX_IMAGES, type PinAspectRatio } from '@pinhive/contracts';
import { Spinner } from '../components/Spinner';
import type { BuilderImages } from './useBuilderImages';

interface ImageDropProps {
  images: BuilderImages;
  /** Several images at once (the gating's multi-pin): the picker takes several files, and up to 5 in all. */
  multiPin: boolean;
  /** The preview's frame (section 3's 2:3, 3:4 or 1:1). */
  ratio: PinAspectRatio;
}

const ratioStyle = (ratio: PinAspectRatio) => ({ aspectRatio: ratio.replace(':', ' / ') });

/**
 * Where images come in: dropped onto the area, or chosen with the file picker (the area's label:
 * focusable, Enter or Space opens the picker). Each image shows its state, its upload progress,
 * or why it was refused.
 */
export function ImageDrop({ images, multiPin, ratio }: ImageDropProps) {
  const { t } = useTranslation();
  const id = useId();
  const [over, setOver] = useState(false);
  const room = multiPin ? images.list.length < PIN_BUILDER_MAX_IMAGES : true;

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    images.add(Array.from(event.dataTransfer.files), multiPin);
  };

  return (
    <div className="pin-builder__media">
      {images.list.length > 0 ? (
        <ul className="pin-builder__images">
          {images.list.map((image) => (
            <li key={image.key} className={`pin-builder__image pin-builder__image--${image.state}`}>
              <div className="pin-builder__frame" style={ratioStyle(ratio)}>
                <img src={image.preview} alt={t('pinBuilder.preview', { name: image.name })} />
              </div>
              <div className="pin-builder__image-state">
                {image.state === 'processing' ? <Spinner label={t('pinBuilder.status.processing')} /> : null}
                {image.state === 'uploading' ? (
                  <progress max={100} value={images.percentOf(image)} aria-label={t('pinBuilder.progress', { name: image.name })}>
                    {images.percentOf(image)}%
                  </progress>
                ) : null}
                {image.state === 'failed' ? (
                  <p className="pin-builder__image-error" role="alert">
                    {image.error}
                  </p>
                ) : null}
                <button type="button" className="button button--text" onClick={() => images.remove(image.key)}>
                  {t('pinBuilder.remove', { name: image.name })}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {room ? (
        <label
          htmlFor={`${id}-file`}
          className={`pin-builder__drop${over ? ' pin-builder__drop--over' : ''}${images.list.length > 0 ? ' pin-builder__drop--compact' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
        >
          <input
            id={`${id}-file`}
            className="visually-hidden"
            type="file"
            accept="image/*"
            multiple={multiPin}
            onChange={(event) => {
              images.add(Array.from(event.target.files ?? []), multiPin);
              event.target.value = '';
            }}
          />
          <span className="pin-builder__drop-title">{images.list.length > 0 && !multiPin ? t('pinBuilder.replace') : multiPin ? t('pinBuilder.dropMany') : t('pinBuilder.drop')}</span>
          <span className="pin-builder__drop-hint">{t('pinBuilder.fileHint')}</span>
        </label>
      ) : null}
      {multiPin ? <p className="pin-builder__hint">{t('pinBuilder.multiHint', { count: PIN_BUILDER_MAX_IMAGES })}</p> : null}
    </div>
  );
}
