import type { Bike } from '@nbr/domain/bikes';

/** The owner's own view of a bike has its pictures; the public one (else the first) stands for it. */
export function thumbnailOf(bike: Pick<Bike, 'pictures'>): string | null {
  const picture = bike.pictures.find((item) => item.kind === 'public') ?? bike.pictures[0];
  return picture ? (picture.thumbnail_url ?? picture.url) : null;
}
