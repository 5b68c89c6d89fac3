import { Swiper } from 'antd-mobile';
import { startTransition, useEffect, useState } from 'react';
import { isApiError, messageOf } from '../../../application/ports/errors';
import type { Notifier } from '../../../application/ports/runtime';
import { NOTIFIER } from '../../../application/ports/tokens';
import { PORTAL_API, type CarouselImage, type PortalApi } from '../../../application/portal/ports';
import { loadCarousel } from '../../../application/portal/useCases';
import { carouselHeight, carouselLink } from '../../../domain/portal/portal';
import { useAssetUrl } from '../../shared/apps/assets';
import { useOpenWebAddress } from '../../shared/apps/useOpenApp';
import { useInjection } from '../../shared/di';
import { CAROUSEL_IMAGES } from '../prefetch';
import { CAROUSEL_LABEL } from '../strings';

/** Autoplay interval; the spec says only that the carousel autoplays and loops. */
const AUTOPLAY_MS = 4000;

/**
 * The carousel (mobile-carousel): autoplay and loop, (h-1)*13+1 px high. A slide with
 * an http(s) jump address opens it as a web-link app would (web-view page, or the shell).
 * Nothing shows when there is no image (or the images could not be loaded: the failure
 * is a toast, and the rest of the home page stays).
 */
export function CarouselWidget({ h }: { h: number }) {
  const api = useInjection<PortalApi>(PORTAL_API);
  const notifier = useInjection<Notifier>(NOTIFIER);
  const asset = useAssetUrl();
  const openWeb = useOpenWebAddress();
  // The list asked beside the portal layout is usually in by now: drawn at once.
  const [images, setImages] = useState<CarouselImage[] | null>(() => CAROUSEL_IMAGES.takeArrived() ?? null);
  const height = carouselHeight(h);

  useEffect(() => {
    if (images !== null) return;
    const ac = new AbortController();
    (CAROUSEL_IMAGES.take() ?? loadCarousel({ api }, { signal: ac.signal }))
      .then((list) => !ac.signal.aborted && startTransition(() => setImages(list)))
      .catch((e: unknown) => {
        if (isApiError(e) && e.cancelled) return;
        notifier.fail(messageOf(e));
        setImages([]);
      });
    return () => ac.abort();
    // Asked once per mount (a new portal load remounts the widget); not again when the list arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, notifier]);

  if (images === null) return <div className="cw-widget cw-carousel cw-carousel--loading" style={{ height }} aria-hidden="true" />;
  if (images.length === 0) return null;

  return (
    <section className="cw-widget cw-carousel" aria-label={CAROUSEL_LABEL} aria-roledescription="carousel">
      <Swiper autoplay autoplayInterval={AUTOPLAY_MS} loop={images.length > 1} style={{ '--height': `${height}px`, '--border-radius': '12px' }}>
        {images.map((image) => {
          const link = carouselLink(image);
          const name = image.imageName ?? '';
          return (
            <Swiper.Item key={image.id}>
              <button
                type="button"
                className="cw-carousel__slide"
                style={{ height }}
                aria-label={name}
                onClick={() => (link ? openWeb(link, name) : undefined)}
                data-link={link ?? undefined}
              >
                <img src={asset(image.imageAddress) ?? ''} alt={name} draggable={false} />
              </button>
            </Swiper.Item>
          );
        })}
      </Swiper>
    </section>
  );
}
