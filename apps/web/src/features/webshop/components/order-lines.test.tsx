import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/i18n.ts';
import { OrderLines } from './order-lines.tsx';

/*
 * Issue 27: the VAT shown before paying is the receipt's, to the øre (149 kr holds 29,80 kr VAT; the
 * checkout said 30 kr), and it is the domain's priceOrder figure the API charges and prints.
 */

beforeAll(() => initTestI18n('da', ['common', 'webshop']));
afterEach(cleanup);

describe('OrderLines', () => {
  it('shows the VAT to the øre, as the receipt prints it', () => {
    render(
      <OrderLines
        lines={[{ key: 'single', name: 'Personlig', quantity: 1, totalMinor: 14_900 }]}
        totalMinor={14_900}
        vatMinor={2_980}
        currency="DKK"
      />,
    );
    expect(screen.getByTestId('order-vat').textContent?.replace(/\s/g, ' ')).toBe('29,80 kr.');
    expect(screen.getByTestId('order-total').textContent?.replace(/\s/g, ' ')).toBe('149 kr.');
  });
});
