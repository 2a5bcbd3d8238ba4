import {
  type ClubExtraRegistrationCreate,
  type ClubOffer,
  type ClubOfferRole,
  type ClubOrderCreate,
  memberUnitPrice,
} from '@nbr/domain/club';
import type { Language } from '@nbr/domain/locale';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import type { IdempotencyClaim } from '../../platform/http/idempotency.ts';
import { findClubMembershipNumber, setClubMembershipNumber } from '../identity/identity.facade.ts';
import { type CheckoutStarted, orderToResume, placeAndSettleIfFree } from './checkout.service.ts';
import { presentClubOffer } from './club.presenter.ts';
import { type ClubWithOffers, findActiveClub } from './club.repository.ts';
import type { OrderWithLines } from './orders.repository.ts';
import { openVippsPayment, type VippsCheckoutDeps } from './vipps-checkout.service.ts';
import type { WebshopDeps } from './webshop.service.ts';

/*
 * The club variant (issue 15 §5): a club's offer at member prices, paid with Vipps MobilePay. The
 * member discount applies to a person who has given their club membership number (SPEC §3 User),
 * and is priced on the server from the club's offer rows when the order is placed; the order is
 * then the shop's ordinary order (placeOrder, settleOrder), paid by Vipps instead of a card.
 */

async function requireClub(deps: WebshopDeps, slug: string): Promise<ClubWithOffers> {
  const club = await findActiveClub(deps.db, slug);
  if (!club) throw new AppError('not_found');
  return club;
}

/** GET /api/webshop/{club}/: the offer with prices before and after the member discount. */
export async function getClubOffer(deps: WebshopDeps, slug: string, language: Language): Promise<ClubOffer> {
  return presentClubOffer(await requireClub(deps, slug), language);
}

/**
 * POST /api/webshop/{club}/apply-member-discount/{member_id}: keeps the membership number (already
 * checked by the shared schema) on the person; the club orders they place from now on are priced
 * at the member price. A payment already sent to Vipps keeps its amount (Vipps cannot change it).
 */
export async function applyMemberDiscount(
  deps: WebshopDeps,
  auth: RequestAuth,
  slug: string,
  memberNumber: string,
  language: Language,
): Promise<{ club_membership_number: string; offer: ClubOffer }> {
  const club = await requireClub(deps, slug);
  await setClubMembershipNumber(deps.db, auth.identityPartyId, memberNumber);
  return { club_membership_number: memberNumber, offer: presentClubOffer(club, language) };
}

/**
 * POST /api/webshop/{club}/ (the offer) and …/extra-bike-registration: places the order at the
 * member price when the person has a membership number, then opens its Vipps payment. An order a
 * 100 % discount covers needs no payment and is fulfilled at once.
 */
export async function startClubOrder(
  deps: VippsCheckoutDeps,
  auth: RequestAuth,
  slug: string,
  role: ClubOfferRole,
  input: ClubOrderCreate | ClubExtraRegistrationCreate,
  language: Language,
  idempotency: IdempotencyClaim | null,
): Promise<CheckoutStarted> {
  const club = await requireClub(deps, slug);
  const offer = club.offers.find((candidate) => candidate.role === role);
  if (!offer) throw new AppError('product_unavailable');
  const description = (order: OrderWithLines) => `${club.name}: ${order.lines[0]?.description ?? club.name}`;
  const resumed = await orderToResume(deps.db, auth, idempotency);
  if (resumed) return openVippsPayment(deps, resumed, description(resumed), idempotency);
  const memberNumber = await findClubMembershipNumber(deps.db, auth.identityPartyId);
  const bikeId = 'bike_id' in input ? input.bike_id : undefined;
  const { order, settled } = await placeAndSettleIfFree(
    deps,
    auth,
    {
      items: [{ product_id: offer.productId, quantity: 1, ...(bikeId ? { bike_id: bikeId } : {}) }],
      immediateStartConsent: input.immediate_start_consent,
      paymentMethod: 'vipps',
      ...(memberNumber
        ? {
            unitPrices: {
              [offer.productId]: memberUnitPrice(offer.product.priceMinor, {
                discountPercent: offer.discountPercent,
                memberPriceMinor: offer.memberPriceMinor,
              }),
            },
          }
        : {}),
      language,
      now: new Date(),
    },
    idempotency,
  );
  if (settled) return settled;
  return openVippsPayment(deps, order, description(order), idempotency);
}
