import { type Product, type ProductKind, priceOrder } from '@nbr/domain/webshop';
import { useSyncExternalStore } from 'react';
import { readJson, STORAGE_KEYS, writeJson } from '../../../lib/storage.ts';

/*
 * The basket of one-time goods (a registration, plate packs). Plans are bought one at a time through
 * their own checkout, and an add-on for a bike (BikeDNA, a registration for it) from that bike's page,
 * so the basket holds products by id and quantity only. It is kept on this device so that a visitor
 * who signs in on the way to the checkout finds it again. Prices always come from the catalogue the
 * API answers, never from what was stored.
 */

export interface BasketItem {
  product_id: string;
  quantity: number;
}

export const MAX_QUANTITY = 10;

/** Kinds the basket takes: subscriptions have their own checkout, BikeDNA is bought for a bike. */
export const BASKET_KINDS: readonly ProductKind[] = ['registration', 'plates'];

export function isBasketProduct(product: Pick<Product, 'kind'>): boolean {
  return BASKET_KINDS.includes(product.kind);
}

function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(MAX_QUANTITY, Math.max(1, Math.trunc(quantity)));
}

/** One more of a product (a new line, or the line's quantity up to MAX_QUANTITY). */
export function addItem(items: readonly BasketItem[], productId: string, quantity = 1): BasketItem[] {
  const existing = items.find((item) => item.product_id === productId);
  if (!existing) return [...items, { product_id: productId, quantity: clampQuantity(quantity) }];
  return items.map((item) =>
    item.product_id === productId ? { ...item, quantity: clampQuantity(item.quantity + quantity) } : item,
  );
}

/** Sets a line's quantity; 0 or less removes it. */
export function setQuantity(items: readonly BasketItem[], productId: string, quantity: number): BasketItem[] {
  if (quantity < 1) return items.filter((item) => item.product_id !== productId);
  return items.map((item) =>
    item.product_id === productId ? { ...item, quantity: clampQuantity(quantity) } : item,
  );
}

export interface PricedBasketLine {
  product: Product;
  quantity: number;
  bikeId?: string;
  /** Whole kroner are shown; the sum is kept in minor units like the API's. */
  totalMinor: number;
}

export interface PricedBasket {
  lines: PricedBasketLine[];
  totalMinor: number;
  vatMinor: number;
  currency: Product['price']['currency'] | null;
  /** Items whose product is no longer on sale (or of another region) and were left out. */
  dropped: number;
}

/**
 * Prices the basket from the catalogue: lines of products on sale in the catalogue's region, in
 * basket order. Only an estimate for the screen: the API prices the order itself.
 */
export function priceBasket(
  items: readonly (BasketItem & { bike_id?: string })[],
  catalogue: readonly Product[],
): PricedBasket {
  const lines: PricedBasketLine[] = [];
  let dropped = 0;
  for (const item of items) {
    const product = catalogue.find((candidate) => candidate.id === item.product_id);
    if (!product) {
      dropped += 1;
      continue;
    }
    const quantity = clampQuantity(item.quantity);
    lines.push({
      product,
      quantity,
      ...(item.bike_id ? { bikeId: item.bike_id } : {}),
      totalMinor: product.price.amount_minor * quantity,
    });
  }
  return {
    lines,
    totalMinor: lines.reduce((sum, line) => sum + line.totalMinor, 0),
    vatMinor: vatOfLines(lines),
    currency: lines[0]?.product.price.currency ?? null,
    dropped,
  };
}

/**
 * The VAT in these lines exactly as the API prices the order and the receipt prints it (the domain's
 * priceOrder: per line over its total), not the catalogue's VAT per unit times the quantity.
 */
export function vatOfLines(lines: readonly { product: Product; quantity: number }[]): number {
  return priceOrder(
    lines.map((line) => ({
      unitPriceMinor: line.product.price.amount_minor,
      quantity: line.quantity,
      vatRatePercent: line.product.vat_rate_percent,
    })),
  ).vatMinor;
}

/** Physical goods need a shipping address. */
export function needsShipping(lines: readonly PricedBasketLine[]): boolean {
  return lines.some((line) => line.product.physical);
}

/**
 * A registration is used at once, so its 14-day right of withdrawal ends when it is delivered: the
 * buyer has to ask for that with an unticked box (payments.md §4.3).
 */
export function needsImmediateStartConsent(lines: readonly PricedBasketLine[]): boolean {
  return lines.some((line) => line.product.kind === 'registration' || line.product.kind === 'subscription');
}

/** Whether the order may be sent: a basket with lines, and the consent when it is needed. */
export function canPlaceOrder(lines: readonly PricedBasketLine[], consent: boolean): boolean {
  return lines.length > 0 && (!needsImmediateStartConsent(lines) || consent);
}

// --- the stored basket ----------------------------------------------------------------------------

const listeners = new Set<() => void>();
let cached: { raw: string | null; items: BasketItem[] } = { raw: null, items: [] };

function isItem(value: unknown): value is BasketItem {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.product_id === 'string' && typeof candidate.quantity === 'number';
}

export function readBasket(): BasketItem[] {
  const stored = readJson<unknown>(STORAGE_KEYS.basket);
  const raw = JSON.stringify(stored ?? null);
  if (raw === cached.raw) return cached.items;
  const items = Array.isArray(stored) ? stored.filter(isItem).map((item) => ({ ...item })) : [];
  cached = { raw, items };
  return items;
}

export function writeBasket(items: readonly BasketItem[]): void {
  writeJson(STORAGE_KEYS.basket, items);
  for (const listener of listeners) listener();
}

export function clearBasket(): void {
  writeBasket([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The basket the server paints, and the browser while it hydrates: empty, since the basket lives on
 * the device. The stored one shows right after hydration. One constant, so React sees no change.
 */
const NO_ITEMS: BasketItem[] = [];
const serverBasket = () => NO_ITEMS;

export function useBasket(): {
  items: BasketItem[];
  add: (productId: string) => void;
  set: (productId: string, quantity: number) => void;
  clear: () => void;
} {
  const items = useSyncExternalStore(subscribe, readBasket, serverBasket);
  return {
    items,
    add: (productId) => writeBasket(addItem(readBasket(), productId)),
    set: (productId, quantity) => writeBasket(setQuantity(readBasket(), productId, quantity)),
    clear: clearBasket,
  };
}
