import type { SellersConfig } from '../../config.ts';

/*
 * What a receipt needs beyond its order: the seller of each region (SELLER_* in the configuration)
 * and where the web app is (the mail's link to the orders page). The receipt mail is queued inside
 * `settleOrder`, which every payment path calls with only its transaction, so the app sets these
 * once at start (app.ts) instead of threading them through every caller.
 */

export interface ReceiptSettings {
  publicUrl: string;
  sellers: SellersConfig;
}

let settings: ReceiptSettings | null = null;

/** Called once by the app at start, with its configuration. */
export function configureReceipts(value: ReceiptSettings): void {
  settings = value;
}

export function receiptSettings(): ReceiptSettings {
  if (!settings) throw new Error('receipts are not configured: the app calls configureReceipts at start');
  return settings;
}
