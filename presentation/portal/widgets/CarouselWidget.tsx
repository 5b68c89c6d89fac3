import { useUnit } from 'effector-react';
import { useDeferredValue } from 'react';
import { carouselHeight, carouselLink } from '../../../domain/portal/portal';
import { usePicture } from '../../shared/apps/assets';
import { useOpenWebAddress } from '../../shared/apps/useOpenApp';
import { Carousel } from './Carousel';
import { CAROUSEL_LABEL } from '../strings';
import { useHomeModel } from '../useHome';

/** Autoplay interval; the spec says only that the carousel autoplays and loops. */
const AUTOPLAY_MS = 4000;

/**
 * The carousel (mobile-carousel): autoplay and loop, (h-1)*13+1 px high. A slide with
 * an http(s) jump address opens it as a web-link app would (web-view page, or the shell).
 * Nothing shows when there is no image (or the images could not be loaded: the home
 * model tells the failure, and the rest of the home page stays). The list is the home
 * model's, asked beside the portal layout, so it is usually in when this is drawn.
 */
export function CarouselWidget({ h }: { h: number }) {
  const images = useDeferredValue(useUnit(useHomeModel().$carousel));
  const asset = usePicture();
  const openWeb = useOpenWebAddress();
  const height = carouselHeight(h);

  if (images === null) return <div className="cw-widget cw-carousel cw-carousel--loading" style={{ height }} aria-hidden="true" />;
  if (images.length === 0) return null;

  return (
    <section className="cw-widget cw-carousel" aria-label={CAROUSEL_LABEL} aria-roledescription="carousel">
      <Carousel
        autoplayMs={AUTOPLAY_MS}
        height={height}
        slides={images.map((image) => {
          const link = carouselLink(image);
          const name = image.imageName ?? '';
          return (
            <button
              key={image.id}
              type="button"
              className="cw-carousel__slide"
              style={{ height }}
              aria-label={name}
              onClick={() => (link ? openWeb(link, name) : undefined)}
              data-link={link ?? undefined}
            >
              <img src={asset(image.imageAddress) ?? ''} alt={name} draggable={false} />
            </button>
          );
        })}
      />
    </section>
  );
}
