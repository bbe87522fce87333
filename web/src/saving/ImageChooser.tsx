import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/Spinner';
import { findPinImages } from '../pins/api';

/**
 * No `media` given: the images FindPinImagesResource finds on `url`, to choose one. A failed
 * scrape is silent (section 8): it reads as "no images".
 */
export function ImageChooser({ url, onChoose }: { url: string; onChoose: (image: string) => void }) {
  const { t } = useTranslation();
  const found = useQuery({
    queryKey: ['foundImages', url],
    queryFn: ({ signal }) => findPinImages(url, signal),
    enabled: url.length > 0,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const images = [...new Set((found.data?.items ?? []).filter((item) => item.type === 'pinnable').map((item) => item.url))];

  if (url && found.isPending) {
    return (
      <div className="image-chooser__state">
        <Spinner size="large" label={t('saving.imagesLoading')} />
      </div>
    );
  }
  if (images.length === 0) return <p className="image-chooser__state">{url ? t('saving.noImages') : t('saving.noDraft')}</p>;
  return (
    <section className="image-chooser" aria-labelledby="image-chooser-title">
      <h2 className="image-chooser__title" id="image-chooser-title">
        {t('saving.imagesFound')}
      </h2>
      <ul className="image-chooser__grid">
        {images.map((image, index) => (
          <li key={image}>
            <button type="button" className="image-chooser__item" onClick={() => onChoose(image)}>
              <img src={image} alt={t('saving.imageChoice', { index: index + 1, count: images.length })} loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
