import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { clubOffers, clubs } from '../../db/schema/clubs.ts';
import { products } from '../../db/schema/webshop.ts';
import type { ProductRow } from './catalogue.repository.ts';

export type ClubRow = typeof clubs.$inferSelect;
export type ClubOfferRow = typeof clubOffers.$inferSelect;

export interface ClubWithOffers extends ClubRow {
  offers: Array<ClubOfferRow & { product: ProductRow }>;
}

/** An active club with its offers (each with its product), or null. */
export async function findActiveClub(executor: Executor, slug: string): Promise<ClubWithOffers | null> {
  const [club] = await executor
    .select()
    .from(clubs)
    .where(and(eq(clubs.slug, slug), eq(clubs.active, true)));
  if (!club) return null;
  const rows = await executor
    .select({ offer: clubOffers, product: products })
    .from(clubOffers)
    .innerJoin(products, eq(products.id, clubOffers.productId))
    .where(eq(clubOffers.club, slug))
    .orderBy(asc(products.position));
  return { ...club, offers: rows.map((row) => ({ ...row.offer, product: row.product })) };
}
