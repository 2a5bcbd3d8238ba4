import { describe, expect, it } from 'vitest';
import type { OrderWithLines } from './orders.repository.ts';
import { buildReceipt } from './receipt.ts';

/*
 * The receipt's rules without a database (payments.md §4.2–4.5): VAT per rate, the discount, the
 * notes that depend on what was bought and on the consent, the Norwegian org.nr with MVA, brand
 * names of payment methods, and a pseudonymised order (the account deleted) that names no buyer.
 */

const SELLER = { name: 'Selger AS', address: 'Gate 1, 0150 Oslo', vatNumber: '987654321' };
const paidAt = new Date('2026-03-01T10:00:00Z');

function order(
  overrides: Partial<OrderWithLines> = {},
): OrderWithLines & { receiptNumber: number; paidAt: Date } {
  return {
    id: '019ac15e-0000-7000-8000-0000000000aa',
    partyId: '019ac15e-0000-7000-8000-0000000000bb',
    region: 'no',
    currency: 'NOK',
    status: 'fulfilled',
    shipmentStatus: 'none',
    subtotalMinor: 20_000,
    discountMinor: 4_000,
    totalMinor: 16_000,
    vatMinor: 3_200,
    voucherId: null,
    paymentMethod: 'vipps',
    providerReference: 'x',
    paymentUrl: null,
    shippingAddress: null,
    buyerEmail: null,
    language: 'no',
    immediateStartConsentAt: null,
    receiptNumber: 7,
    paidAt,
    fulfilledAt: paidAt,
    closedAt: null,
    pseudonymisedAt: paidAt,
    createdAt: paidAt,
    updatedAt: paidAt,
    lines: [
      {
        id: '019ac15e-0000-7000-8000-0000000000cc',
        orderId: '019ac15e-0000-7000-8000-0000000000aa',
        position: 0,
        productId: '019ac15e-0000-7000-8000-0000000000dd',
        kind: 'registration',
        description: 'Ekstra sykkelregistrering',
        quantity: 2,
        unitPriceMinor: 10_000,
        vatRatePercent: 25,
        totalMinor: 16_000,
        vatMinor: 3_200,
        bikeId: null,
        subscriptionId: null,
      },
    ],
    ...overrides,
  } as OrderWithLines & { receiptNumber: number; paidAt: Date };
}

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('buildReceipt', () => {
  it('a Norwegian sales document: org.nr in groups with MVA, VAT of the discounted amount, the brand of the method, no buyer after deletion', () => {
    const receipt = buildReceipt(order(), SELLER);
    expect(receipt.title).toBe('Kvittering (salgsdokument)');
    expect(receipt.number).toBe('NO-000007');
    expect(receipt.seller.vatNumber).toBe('Org.nr. 987 654 321 MVA');
    expect(receipt.buyer).toBeNull();
    expect(receipt.paymentMethod).toBe('Vipps MobilePay');
    expect(plain(receipt.lines[0]?.amount ?? '')).toContain('200,00');
    expect(plain(receipt.discount ?? '')).toContain('40,00');
    expect(plain(receipt.total)).toContain('160,00');
    expect(receipt.vat).toHaveLength(1);
    expect(plain(receipt.vat[0]?.label ?? '')).toBe('Mva. 25 % av 128,00 kr');
    expect(plain(receipt.vat[0]?.amount ?? '')).toContain('32,00');
    expect(receipt.notes).toEqual([receipt.t('receipt.no_fees'), receipt.t('receipt.withdrawal')]);
  });

  it('names the consent only for a registration bought with it, and delivery only for plates', () => {
    const consented = buildReceipt(order({ immediateStartConsentAt: paidAt }), SELLER);
    expect(consented.notes).toContain(consented.t('receipt.withdrawal_consent'));
    const base = order();
    const plates = buildReceipt(
      order({
        immediateStartConsentAt: paidAt,
        lines: base.lines.map((line) => ({ ...line, kind: 'plates', description: 'Oblater' })),
      }),
      SELLER,
    );
    expect(plates.notes).not.toContain(plates.t('receipt.withdrawal_consent'));
    expect(plates.notes).toContain('Oblater leveres innen 7–10 virkedager.');
  });

  it('a Danish receipt in English with the CVR number, and the refund once the order was refunded', () => {
    const receipt = buildReceipt(
      order({ region: 'dk', currency: 'DKK', paymentMethod: 'reepay', buyerEmail: 'k@example.dk' }),
      { name: 'Sælger ApS', address: 'Gade 1, 8000 Aarhus C', vatNumber: '12345678' },
      { language: 'en', refundedMinor: 16_000, refundedAt: new Date('2026-03-05T10:00:00Z') },
    );
    expect(receipt.title).toBe('Receipt (simplified invoice)');
    expect(receipt.seller.vatNumber).toBe('CVR no. 12345678');
    expect(receipt.buyer).toBe('k@example.dk');
    expect(receipt.paymentMethod).toBe('Payment card');
    expect(plain(receipt.refunded ?? '')).toBe('Refunded: DKK 160.00 (5 March 2026)');
  });
});
