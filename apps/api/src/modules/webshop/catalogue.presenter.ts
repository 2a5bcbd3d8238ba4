import type { PlanKind } from '@nbr/domain/credits';
import type { Language } from '@nbr/domain/locale';
import {
  PLATE_DELIVERY_BUSINESS_DAYS,
  type Product,
  type ProductKind,
  splitGross,
} from '@nbr/domain/webshop';
import type { LocalisedText } from '../../db/schema/webshop.ts';
import type { ProductRow } from './catalogue.repository.ts';

/** A product text in the caller's language; Icelandic (partial) reads English. */
export function localised(text: LocalisedText, language: Language): string {
  return language === 'is' ? text.en : text[language];
}

/** Money as a consumer sees it: whole kroner including VAT, with the VAT in it (payments.md §4.1). */
export function presentMoney(grossMinor: number, vatRatePercent: number, currency: string) {
  const parts = splitGross(grossMinor, vatRatePercent);
  return {
    amount_minor: parts.gross_minor,
    amount: Math.floor(parts.gross_minor / 100),
    vat_minor: parts.vat_minor,
    currency: currency as 'DKK' | 'NOK',
  };
}

/** One product of GET /api/webshop/products. */
export function presentProduct(row: ProductRow, language: Language): Product {
  return {
    id: row.id,
    handle: row.handle,
    region: row.region as 'dk' | 'no',
    kind: row.kind as ProductKind,
    name: localised(row.names, language),
    description: localised(row.descriptions, language),
    plan: (row.plan as PlanKind | null) ?? null,
    credits: row.credits,
    period_months: row.periodMonths,
    renews: row.renews,
    physical: row.physical,
    delivery_business_days: row.physical ? { ...PLATE_DELIVERY_BUSINESS_DAYS } : null,
    vat_rate_percent: row.vatRatePercent,
    price: presentMoney(row.priceMinor, row.vatRatePercent, row.currency),
  };
}
