import {
  CLUB_MEMBER_LIST_FRESH_DAYS,
  type ClubExtraRegistrationCreate,
  type ClubMemberList,
  type ClubMembershipState,
  type ClubOffer,
  type ClubOfferRole,
  type ClubOrderCreate,
  clubMembershipState,
  isMemberListFresh,
  memberNumberKey,
  memberUnitPrice,
  parseMemberListCsv,
} from '@nbr/domain/club';
import type { Language } from '@nbr/domain/locale';
import type { Executor } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import type { IdempotencyClaim } from '../../platform/http/idempotency.ts';
import { translate } from '../../platform/i18n/translate.ts';
import { findClubMembershipNumber, setClubMembershipNumber } from '../identity/identity.facade.ts';
import { type CheckoutStarted, orderToResume, placeAndSettleIfFree } from './checkout.service.ts';
import { presentClubOffer } from './club.presenter.ts';
import {
  type ClubWithOffers,
  countMemberList,
  findActiveClub,
  isOnMemberList,
  replaceMemberList,
} from './club.repository.ts';
import type { OrderWithLines } from './orders.repository.ts';
import { openVippsPayment, type VippsCheckoutDeps } from './vipps-checkout.service.ts';
import type { WebshopDeps } from './webshop.service.ts';

/*
 * The club variant (issue 15 §5): a club's offer at member prices, paid with Vipps MobilePay. The
 * member discount applies to a person who has given their club membership number (SPEC §3 User)
 * and whose number is on the club's member list as staff last uploaded it, while that list is fresh
 * (issue 27: a well-formed number alone proves nothing); without a fresh list nobody's membership
 * can be confirmed and the list price applies. It is priced on the server from the club's offer
 * rows when the order is placed; the order is then the shop's ordinary order (placeOrder,
 * settleOrder), paid by Vipps instead of a card.
 */

async function requireClub(deps: WebshopDeps, slug: string): Promise<ClubWithOffers> {
  const club = await findActiveClub(deps.db, slug);
  if (!club) throw new AppError('not_found');
  return club;
}

/** Whether a person's membership number gets the member price now (see ClubMembershipState). */
export async function membershipOf(
  executor: Executor,
  club: ClubWithOffers,
  memberNumber: string | null,
  now: Date,
): Promise<ClubMembershipState> {
  const fresh = isMemberListFresh(club.memberListUploadedAt, now);
  const onList =
    fresh &&
    memberNumber !== null &&
    (await isOnMemberList(executor, club.slug, memberNumberKey(memberNumber)));
  return clubMembershipState(memberNumber, { uploadedAt: club.memberListUploadedAt, onList }, now);
}

/** GET /api/webshop/{club}/membership: the person's number and whether it gets the member price. */
export async function getMembership(deps: WebshopDeps, auth: RequestAuth, slug: string) {
  const club = await requireClub(deps, slug);
  const memberNumber = await findClubMembershipNumber(deps.db, auth.identityPartyId);
  return {
    club_membership_number: memberNumber,
    membership: await membershipOf(deps.db, club, memberNumber, new Date()),
  };
}

async function presentMemberList(
  executor: Executor,
  club: ClubWithOffers,
  now: Date,
): Promise<ClubMemberList> {
  return {
    club: club.slug,
    name: club.name,
    member_count: await countMemberList(executor, club.slug),
    uploaded_at: club.memberListUploadedAt?.toISOString() ?? null,
    fresh: isMemberListFresh(club.memberListUploadedAt, now),
    fresh_days: CLUB_MEMBER_LIST_FRESH_DAYS,
  };
}

/** GET /api/backoffice/clubs/{club}/member-list: its size and upload date (never the numbers). */
export async function getMemberList(deps: WebshopDeps, slug: string): Promise<ClubMemberList> {
  return presentMemberList(deps.db, await requireClub(deps, slug), new Date());
}

/**
 * PUT /api/backoffice/clubs/{club}/member-list: replaces the club's member list with the numbers of
 * the club's CSV export, in one transaction (a person checked meanwhile sees the old list or the
 * new, never half), dated now; audited with the count, never the numbers.
 */
export async function uploadMemberList(
  deps: WebshopDeps,
  auth: RequestAuth,
  slug: string,
  csv: string,
): Promise<ClubMemberList> {
  const club = await requireClub(deps, slug);
  const { numbers, skipped } = parseMemberListCsv(csv);
  if (numbers.length === 0) throw new AppError('club_member_list_empty');
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    await replaceMemberList(tx, slug, numbers, now);
    await recordAuditEventBy(tx, auth, {
      action: 'webshop.club_member_list_uploaded',
      targetPartyId: null,
      details: { club: slug, member_count: numbers.length, skipped_lines: skipped },
      now,
    });
    return {
      ...(await presentMemberList(tx, { ...club, memberListUploadedAt: now }, now)),
      skipped_lines: skipped,
    };
  });
}

/** GET /api/webshop/{club}/: the offer with prices before and after the member discount. */
export async function getClubOffer(deps: WebshopDeps, slug: string, language: Language): Promise<ClubOffer> {
  return presentClubOffer(await requireClub(deps, slug), language);
}

/**
 * POST /api/webshop/{club}/apply-member-discount/{member_id}: keeps the membership number (already
 * checked by the shared schema) on the person and answers whether it gets the member price (on the
 * club's fresh member list); the club orders they place from now on are priced by that, checked
 * again at each order. A payment already sent to Vipps keeps its amount (Vipps cannot change it).
 */
export async function applyMemberDiscount(
  deps: WebshopDeps,
  auth: RequestAuth,
  slug: string,
  memberNumber: string,
  language: Language,
): Promise<{ club_membership_number: string; offer: ClubOffer; membership: ClubMembershipState }> {
  const club = await requireClub(deps, slug);
  await setClubMembershipNumber(deps.db, auth.identityPartyId, memberNumber);
  return {
    club_membership_number: memberNumber,
    offer: presentClubOffer(club, language),
    membership: await membershipOf(deps.db, club, memberNumber, new Date()),
  };
}

/**
 * POST /api/webshop/{club}/ (the offer) and …/extra-bike-registration: places the order at the
 * member price when the person's membership is confirmed (membershipOf), else at the list price,
 * then opens its Vipps payment. An order a
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
  const now = new Date();
  const memberNumber = await findClubMembershipNumber(deps.db, auth.identityPartyId);
  const isMember = (await membershipOf(deps.db, club, memberNumber, now)) === 'confirmed';
  const bikeId = 'bike_id' in input ? input.bike_id : undefined;
  const { order, settled } = await placeAndSettleIfFree(
    deps,
    auth,
    {
      items: [{ product_id: offer.productId, quantity: 1, ...(bikeId ? { bike_id: bikeId } : {}) }],
      immediateStartConsent: input.immediate_start_consent,
      paymentMethod: 'vipps',
      // Paid once with Vipps, never renewed: its line (receipt, orders, the Vipps app) says so,
      // not the catalogue's "Abonnement".
      ...(offer.product.kind === 'subscription'
        ? {
            lineDescriptions: {
              [offer.productId]: translate(language, 'webshop.club_one_time_registration', {
                months: offer.product.periodMonths ?? 12,
              }),
            },
          }
        : {}),
      ...(isMember
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
      now,
    },
    idempotency,
  );
  if (settled) return settled;
  return openVippsPayment(deps, order, description(order), idempotency);
}
