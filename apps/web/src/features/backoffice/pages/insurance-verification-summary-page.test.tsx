import type { InsuranceVerification } from '@nbr/domain/insurance';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { insuranceVerificationQueryKey } from '../api/get-insurance-verification.ts';
import { Component as SummaryPage } from './insurance-verification-summary-page.tsx';

/*
 * The summary of our staff's check: approving is offered once every step that applies is
 * confirmed; a decided check offers neither approving nor sending back.
 */

beforeAll(() => initTestI18n('en', ['common', 'backoffice']));

afterEach(() => {
  cleanup();
  queryClient.clear();
});

const ITEM = '019ac15e-0000-7000-8000-000500000001';

function show(values: Partial<InsuranceVerification>) {
  const verification: InsuranceVerification = {
    insured_item_id: ITEM,
    policy_id: '019ac15e-0000-7000-8000-000500000002',
    insurer: { party_id: '019ac15e-0000-7000-8000-000500000003', name: 'Test Forsikring A/S' },
    holder: { name: 'Hanne Holder', email: 'hanne@example.test' },
    verification_status: 'pending',
    submitted_at: '2026-11-01T10:00:00.000Z',
    decided_at: null,
    rejection_reason: null,
    steps: { frame_number: true, plate: null, receipt: true },
    applicable_steps: ['frame_number', 'receipt'],
    uploads: [],
    register: {
      bike_id: '019ac15e-0000-7000-8000-000500000004',
      nickname: 'Blue',
      brand: 'Kildemoes',
      model: 'Logic',
      frame_number: 'WDA12345Z',
      plate_id: null,
      category: 'city',
      type: 'unisex',
      is_electric: false,
      price: 8000,
      currency: 'DKK',
      purchase_date: '2025-04-01',
    },
    ...values,
  };
  queryClient.setQueryData(insuranceVerificationQueryKey(ITEM), verification);
  return renderRoute(
    [{ path: '/backoffice/v2/insurance-verification/:insuredItemId/summary', element: <SummaryPage /> }],
    `/backoffice/v2/insurance-verification/${ITEM}/summary`,
  );
}

const approveButton = () => screen.queryByRole('button', { name: 'Approve the bike' });

describe('/backoffice/v2/insurance-verification/{id}/summary', () => {
  it('offers approving once every step that applies is confirmed', () => {
    show({});
    expect(screen.getByText(/Every step that applies is confirmed/)).toBeTruthy();
    expect(approveButton()?.hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Send back' })).toBeTruthy();
  });

  it('holds approving back while a step that applies is open or answered no', () => {
    show({ steps: { frame_number: true, plate: null, receipt: false } });
    expect(screen.getByText('Confirm every step that applies before approving.')).toBeTruthy();
    expect(approveButton()?.hasAttribute('disabled')).toBe(true);
  });

  it('offers no decision on a check already decided', () => {
    show({ verification_status: 'verified' });
    expect(screen.getByText('This bike has been approved.')).toBeTruthy();
    expect(approveButton()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send back' })).toBeNull();
  });
});
