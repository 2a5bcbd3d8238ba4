import { type ClubOffer, type ClubOfferRole, memberUnitPrice } from '@nbr/domain/club';
import type { Language } from '@nbr/domain/locale';
import { presentMoney, presentProduct } from './catalogue.presenter.ts';
import type { ClubWithOffers } from './club.repository.ts';

/** GET /api/webshop/{club}/: the club's offers, each with its price before and after the member discount. */
export function presentClubOffer(club: ClubWithOffers, language: Language): ClubOffer {
  const currency = club.offers[0]?.product.currency ?? (club.region === 'no' ? 'NOK' : 'DKK');
  return {
    club: club.slug,
    name: club.name,
    region: club.region as 'dk' | 'no',
    currency: currency as 'DKK' | 'NOK',
    payment_method: 'vipps',
    items: club.offers.map((offer) => ({
      role: offer.role as ClubOfferRole,
      // Paid once with Vipps ePayment: a period bought here ends unless bought again (no renewal).
      product: { ...presentProduct(offer.product, language), renews: false },
      price_before: presentMoney(
        offer.product.priceMinor,
        offer.product.vatRatePercent,
        offer.product.currency,
      ),
      price_after: presentMoney(
        memberUnitPrice(offer.product.priceMinor, {
          discountPercent: offer.discountPercent,
          memberPriceMinor: offer.memberPriceMinor,
        }),
        offer.product.vatRatePercent,
        offer.product.currency,
      ),
      discount_percent: offer.discountPercent,
    })),
  };
}
