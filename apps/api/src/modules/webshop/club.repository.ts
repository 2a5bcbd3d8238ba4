import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { clubMemberNumbers, clubOffers, clubs } from '../../db/schema/clubs.ts';
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

/** Whether a membership number (memberNumberKey) is on the club's uploaded list. */
export async function isOnMemberList(
  executor: Executor,
  slug: string,
  memberNumber: string,
): Promise<boolean> {
  const [row] = await executor
    .select({ club: clubMemberNumbers.club })
    .from(clubMemberNumbers)
    .where(and(eq(clubMemberNumbers.club, slug), eq(clubMemberNumbers.memberNumber, memberNumber)));
  return Boolean(row);
}

export async function countMemberList(executor: Executor, slug: string): Promise<number> {
  const [row] = await executor
    .select({ count: count() })
    .from(clubMemberNumbers)
    .where(eq(clubMemberNumbers.club, slug));
  return row?.count ?? 0;
}

/** Replaces the club's member list whole (in the caller's transaction) and dates it. */
export async function replaceMemberList(
  executor: Executor,
  slug: string,
  memberNumbers: readonly string[],
  now: Date,
): Promise<void> {
  // The club's row first: its lock makes a second upload at the same moment wait for this one.
  await executor.update(clubs).set({ memberListUploadedAt: now }).where(eq(clubs.slug, slug));
  await executor.delete(clubMemberNumbers).where(eq(clubMemberNumbers.club, slug));
  // In slices: a club of hundreds of thousands of members stays under the bind-parameter limit.
  for (let start = 0; start < memberNumbers.length; start += 10_000) {
    await executor
      .insert(clubMemberNumbers)
      .values(
        memberNumbers.slice(start, start + 10_000).map((memberNumber) => ({ club: slug, memberNumber })),
      );
  }
}
