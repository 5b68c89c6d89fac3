import { useUnit } from 'effector-react';
import { useDeferredValue, useState } from 'react';
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
      <CarouselSlides
        height={height}
        onOpen={openWeb}
        slides={images.map((image) => ({ id: image.id, picture: asset(image.imageAddress) ?? '', name: image.imageName ?? '', link: carouselLink(image) }))}
      />
    </section>
  );
}

export interface CarouselSlide {
  readonly id: string;
  readonly picture: string;
  readonly name: string;
  /** An http(s) jump address, or null. */
  readonly link: string | null;
}

/**
 * The slides. The first slide's picture is home's largest paint: the others ask for theirs
 * once it has come (or failed), so that it has the phone's connections and bandwidth to
 * itself; autoplay shows the second slide seconds later. With pictures of 100 KB (the
 * sandbox's are 1 KB drawings), home's largest paint at 4x CPU, 150 ms and 1.6 Mbps: 3.95
 * -> 3.14 s, median of 3 (bench/notes.md, eleventh session).
 */
export function CarouselSlides({ slides, height, onOpen }: { slides: readonly CarouselSlide[]; height: number; onOpen: (link: string, name: string) => void }) {
  const [firstIn, setFirstIn] = useState(false);
  const firstCame = () => setFirstIn(true);
  return (
    <Carousel
      autoplayMs={AUTOPLAY_MS}
      height={height}
      slides={slides.map(({ id, picture, name, link }, i) => (
        <button
          key={id}
          type="button"
          className="cw-carousel__slide"
          style={{ height }}
          aria-label={name}
          onClick={() => (link ? onOpen(link, name) : undefined)}
          data-link={link ?? undefined}
        >
          {i === 0 ? (
            <img src={picture} alt={name} draggable={false} onLoad={firstCame} onError={firstCame} />
          ) : firstIn ? (
            <img src={picture} alt={name} draggable={false} />
          ) : null}
        </button>
      ))}
    />
  );
}
