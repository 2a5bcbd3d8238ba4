import { describe, expect, it } from 'vitest';
import { externalHref } from '../config/paths.ts';
import {
  currentEntryId,
  hasInsuranceArea,
  isCurrentEntry,
  SIDEBAR,
  visibleSidebarEntries,
} from './sidebar.ts';

describe('sidebar', () => {
  it('lists every entry of SPEC §2 once', () => {
    const labels = SIDEBAR.map((entry) => entry.labelKey);
    for (const key of [
      'nav.myBikes',
      'nav.registerBike',
      'nav.stolenBikes',
      'nav.itemsForPickup',
      'nav.ownershipTransfer',
      'nav.webshop',
      'nav.insurances',
      'nav.docks',
      'nav.messages',
      'nav.account',
      'nav.support',
      'nav.helpCenter',
    ]) {
      expect(labels.filter((label) => label === key)).toHaveLength(1);
    }
  });

  it('hides entries of areas that are not built', () => {
    const visible = visibleSidebarEntries(SIDEBAR, { hasInsurance: true }).map((entry) => entry.id);
    expect(visible).toEqual([
      'home',
      'my-bikes',
      'register-bike',
      'stolen-bikes',
      'item-pickup',
      'ownership-transfer',
      'webshop',
      'orders',
      'insurances',
      'docks',
      'messages',
      'account',
      'referrals',
      'stolen-bike-map',
      'search',
      'support',
      'help-center',
    ]);
    expect(visibleSidebarEntries([{ ...SIDEBAR[1]!, isAvailable: false }])).toEqual([]);
  });

  it('shows the backoffice to staff only', () => {
    expect(
      visibleSidebarEntries(SIDEBAR, { isStaff: false }).some((entry) => entry.id === 'backoffice'),
    ).toBe(false);
    expect(
      visibleSidebarEntries(SIDEBAR, { isStaff: true, hasInsurance: true }).map((entry) => entry.id),
    ).toEqual([
      'home',
      'my-bikes',
      'register-bike',
      'stolen-bikes',
      'item-pickup',
      'ownership-transfer',
      'webshop',
      'orders',
      'insurances',
      'docks',
      'messages',
      'account',
      'referrals',
      'backoffice',
      'stolen-bike-map',
      'search',
      'support',
      'help-center',
    ]);
  });

  it('shows the commuter surveys to an organisation’s admin and to staff only (issue 29 §1)', () => {
    const ids = (viewer: Parameters<typeof visibleSidebarEntries>[1]) =>
      visibleSidebarEntries(SIDEBAR, viewer).map((entry) => entry.id);
    expect(ids({})).not.toContain('surveys');
    expect(ids({ isStaff: true })).not.toContain('surveys');
    const entries = visibleSidebarEntries(SIDEBAR, { mayRunSurveys: true });
    expect(entries.find((entry) => entry.id === 'surveys')).toMatchObject({
      kind: 'internal',
      href: '/survey/admin-panel',
      labelKey: 'nav.surveys',
    });
  });

  it('offers a session acting for an insurance company its admin page', () => {
    const insurer = '0190a0b0-0000-7000-8000-0000000000aa';
    expect(
      visibleSidebarEntries(SIDEBAR, { insurerPartyId: null }).some((e) => e.id === 'insurer-admin'),
    ).toBe(false);
    const entries = visibleSidebarEntries(SIDEBAR, { insurerPartyId: insurer, hasInsurance: true });
    expect(entries.map((entry) => entry.id)).toEqual([
      'home',
      'my-bikes',
      'register-bike',
      'stolen-bikes',
      'item-pickup',
      'ownership-transfer',
      'webshop',
      'orders',
      'insurances',
      'docks',
      'messages',
      'account',
      'referrals',
      'insurer-admin',
      'stolen-bike-map',
      'search',
      'support',
      'help-center',
    ]);
    const admin = entries.find((entry) => entry.id === 'insurer-admin');
    if (admin?.kind !== 'internal') throw new Error('internal entry expected');
    expect(admin.href).toBe(`/insurance/${insurer}/admin`);
    expect(isCurrentEntry(admin, `/insurance/${insurer}/admin/reports`)).toBe(true);
    expect(isCurrentEntry(admin, '/app')).toBe(false);
  });

  it('shows Insurances where the person has a policy or can buy a cover (issue 30 §3)', () => {
    const shows = (viewer: Parameters<typeof visibleSidebarEntries>[1]) =>
      visibleSidebarEntries(SIDEBAR, viewer).some((entry) => entry.id === 'insurances');
    expect(shows({})).toBe(false);
    expect(shows({ hasInsurance: false })).toBe(false);
    expect(shows({ hasInsurance: true })).toBe(true);
    const policy = { policy_id: 'p1' };
    const offer = { product_id: 'o1' };
    // A policy of theirs, or an insurer's cover in their region.
    expect(hasInsuranceArea([policy], [])).toBe(true);
    expect(hasInsuranceArea([], [offer])).toBe(true);
    expect(hasInsuranceArea([policy], undefined)).toBe(true);
    // Neither, or not known yet: no entry that would lead to an empty page.
    expect(hasInsuranceArea([], [])).toBe(false);
    expect(hasInsuranceArea(undefined, undefined)).toBe(false);
    expect(hasInsuranceArea(undefined, [])).toBe(false);
  });

  it('offers the organisation search only to a session that may use it', () => {
    expect(visibleSidebarEntries(SIDEBAR, {}).some((entry) => entry.id === 'org-bike-search')).toBe(false);
    const entry = visibleSidebarEntries(SIDEBAR, { mayUseOrgSearch: true }).find(
      (candidate) => candidate.id === 'org-bike-search',
    );
    expect(entry).toMatchObject({
      kind: 'internal',
      href: '/org-bike-search',
      labelKey: 'nav.orgBikeSearch',
    });
  });

  it('marks the account entry current on every settings page, home only on /app itself', () => {
    const account = SIDEBAR.find((entry) => entry.id === 'account');
    const home = SIDEBAR.find((entry) => entry.id === 'home');
    if (account?.kind !== 'internal' || home?.kind !== 'internal')
      throw new Error('internal entries expected');
    expect(isCurrentEntry(account, '/app/settings')).toBe(true);
    expect(isCurrentEntry(account, '/app/settings/delete-user')).toBe(true);
    expect(isCurrentEntry(account, '/app/settingsx')).toBe(false);
    expect(isCurrentEntry(home, '/app/')).toBe(true);
    expect(isCurrentEntry(home, '/app/settings')).toBe(false);
  });

  it('marks only the most specific matching entry current', () => {
    expect(currentEntryId(SIDEBAR, '/app/my-bikes/report-stolen')).toBe('stolen-bikes');
    expect(currentEntryId(SIDEBAR, '/app/my-bikes/0190a0b0-0000-7000-8000-000000000001')).toBe('my-bikes');
    expect(currentEntryId(SIDEBAR, '/app/')).toBe('home');
    expect(currentEntryId(SIDEBAR, '/somewhere-else')).toBeNull();
  });

  it('leads support to the support chat in the register', () => {
    const support = SIDEBAR.find((entry) => entry.id === 'support');
    expect(support?.kind === 'internal' ? support.href : null).toBe('/support/chat');
  });

  it('picks the external address of the region', () => {
    expect(externalHref('support', 'dk')).toContain('.dk');
    expect(externalHref('support', 'no')).toContain('.no');
  });
});
