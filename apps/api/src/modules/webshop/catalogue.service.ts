import type { Language, Region } from '@nbr/domain/locale';
import { isRegion } from '@nbr/domain/locale-values';
import type { Product } from '@nbr/domain/webshop';
import type { Executor } from '../../db/client.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { presentProduct } from './catalogue.presenter.ts';
import * as repository from './catalogue.repository.ts';
import type { WebshopDeps } from './webshop.service.ts';

/*
 * The catalogue (issue 15 §1): products per region in its currency. The region is the one asked
 * for, else the signed-in person's, else Denmark.
 */

/** The shop region of the signed-in person (their chosen region), else Denmark. */
export async function regionOfPerson(executor: Executor, auth: RequestAuth | null): Promise<Region> {
  if (!auth) return 'dk';
  const stored = await repository.findRegionOfParty(executor, auth.identityPartyId);
  return isRegion(stored) ? stored : 'dk';
}

/**
 * How long a card window takes payments (the session's ttl; Reepay's default is three months). A
 * checkout left unpaid is cancelled by the reconciliation pass once this and a margin have passed
 * (CARD_ABANDONED_AFTER_MS), as a Vipps payment nobody answers expires (issue 27).
 */
export const CARD_WINDOW_TTL = 'PT30M';
export const CARD_ABANDONED_AFTER_MS = 45 * 60_000;

/** The language of the provider's payment window. */
export const PROVIDER_LOCALE: Record<Language, string> = {
  da: 'da_DK',
  no: 'nb_NO',
  en: 'en_GB',
  is: 'en_GB',
};

async function regionFor(
  deps: WebshopDeps,
  auth: RequestAuth | null,
  asked: Region | undefined,
): Promise<Region> {
  return asked ?? regionOfPerson(deps.db, auth);
}

/** GET /api/webshop/products?region=: what is on sale, prices in whole kroner incl. VAT. */
export async function listProducts(
  deps: WebshopDeps,
  auth: RequestAuth | null,
  asked: Region | undefined,
  language: Language,
): Promise<Product[]> {
  const region = await regionFor(deps, auth, asked);
  return (await repository.listActiveProducts(deps.db, region)).map((row) => presentProduct(row, language));
}

/** Product kinds bought for one bike, each at most once while the bike is the buyer's. */
const PER_BIKE_KINDS = ['registration', 'bikedna'] as const;

/**
 * POST /api/webshop/bike-services/{bike_id}: whether something can still be bought for this bike
 * of the caller: a registration while its ownership holds no credit, the BikeDNA marking until it
 * has been bought for it. Someone else's bike, or none, answers 404.
 */
export async function getBikeServices(deps: WebshopDeps, auth: RequestAuth, bikeId: string) {
  if (!isUuid(bikeId)) throw new AppError('not_found');
  const bike = await repository.findOwnedBike(deps.db, auth.partyId, bikeId);
  if (!bike) throw new AppError('not_found');
  const region = await regionFor(deps, auth, undefined);
  const onSale = new Set((await repository.listActiveProducts(deps.db, region)).map((row) => row.kind));
  const paid = new Set(await repository.paidKindsForBike(deps.db, bikeId));
  const open = PER_BIKE_KINDS.filter((kind) => {
    if (!onSale.has(kind) || paid.has(kind)) return false;
    return kind !== 'registration' || !bike.hasCredit;
  });
  return { has_products: open.length > 0 };
}
