import { type ExternalLink, paths } from '../config/paths.ts';

export type SidebarIcon =
  | 'home'
  | 'bike'
  | 'plus'
  | 'alarm'
  | 'box'
  | 'transfer'
  | 'cart'
  | 'shield'
  | 'chat'
  | 'user'
  | 'help'
  | 'book'
  | 'map'
  | 'search'
  | 'briefcase'
  | 'lock'
  | 'chart'
  | 'gift';

interface BaseEntry {
  id: string;
  /** Key in common:nav. */
  labelKey: string;
  icon: SidebarIcon;
  /**
   * Whether the area behind the entry exists yet. Entries of areas not built are hidden rather
   * than leading to an empty page.
   */
  isAvailable: boolean;
  /** Shown only to backoffice staff (the profile's staff_role). */
  staffOnly?: boolean;
  /**
   * Shown only to a session acting for an insurance company; the href's :insurerPartyId is that
   * company (SPEC §6: the insurer's way into the app is its admin page).
   */
  insurerOnly?: boolean;
  /** Shown only to a session that may use the organisation search (police, municipality, insurer). */
  orgSearchOnly?: boolean;
  /**
   * Shown only to a session acting for an organisation as its admin, and to backoffice staff: the
   * organisation's own tools (issue 29 §1: its commuter surveys).
   */
  surveyAdminOnly?: boolean;
  /**
   * Shown only where the person has insurance or can buy it (issue 30 §3): a policy of theirs, or an
   * insurer offering a cover in their region.
   */
  insuranceOnly?: boolean;
}

export interface InternalEntry extends BaseEntry {
  kind: 'internal';
  href: string;
  /** Whether the entry is current only on exactly its own address (not on pages below it). */
  end?: boolean;
}

export interface ExternalEntry extends BaseEntry {
  kind: 'external';
  link: ExternalLink;
}

export type SidebarEntry = InternalEntry | ExternalEntry;

/** The sidebar of the signed-in area, in the order of SPEC §2. */
export const SIDEBAR: readonly SidebarEntry[] = [
  {
    id: 'home',
    kind: 'internal',
    labelKey: 'nav.home',
    icon: 'home',
    href: paths.app.home.getHref(),
    end: true,
    isAvailable: true,
  },
  {
    id: 'my-bikes',
    kind: 'internal',
    labelKey: 'nav.myBikes',
    icon: 'bike',
    href: paths.app.myBikes.getHref(),
    isAvailable: true,
  },
  {
    id: 'register-bike',
    kind: 'internal',
    labelKey: 'nav.registerBike',
    icon: 'plus',
    href: paths.app.bikesRegister.getHref(),
    isAvailable: true,
  },
  {
    id: 'stolen-bikes',
    kind: 'internal',
    labelKey: 'nav.stolenBikes',
    icon: 'alarm',
    href: paths.app.myBikesReportStolen.getHref(),
    isAvailable: true,
  },
  {
    id: 'item-pickup',
    kind: 'internal',
    labelKey: 'nav.itemsForPickup',
    icon: 'box',
    href: paths.app.itemPickup.getHref(),
    isAvailable: true,
  },
  {
    id: 'ownership-transfer',
    kind: 'internal',
    labelKey: 'nav.ownershipTransfer',
    icon: 'transfer',
    href: paths.app.bikesOwnershipPortal.getHref(),
    isAvailable: true,
  },
  {
    id: 'webshop',
    kind: 'internal',
    labelKey: 'nav.webshop',
    icon: 'cart',
    href: paths.public.webshop.getHref(),
    isAvailable: true,
  },
  {
    id: 'orders',
    kind: 'internal',
    labelKey: 'nav.orders',
    icon: 'cart',
    href: paths.app.orders.getHref(),
    isAvailable: true,
  },
  {
    id: 'insurances',
    kind: 'internal',
    labelKey: 'nav.insurances',
    icon: 'shield',
    href: paths.insurance.home.getHref(),
    isAvailable: true,
    insuranceOnly: true,
  },
  {
    // Issue 28: docks of smart locks the person may park in.
    id: 'docks',
    kind: 'internal',
    labelKey: 'nav.docks',
    icon: 'lock',
    href: paths.app.docks.getHref(),
    isAvailable: true,
  },
  {
    id: 'messages',
    kind: 'internal',
    labelKey: 'nav.messages',
    icon: 'chat',
    href: paths.app.chats.getHref(),
    isAvailable: true,
  },
  {
    id: 'account',
    kind: 'internal',
    labelKey: 'nav.account',
    icon: 'user',
    href: paths.app.settings.getHref(),
    isAvailable: true,
  },
  {
    // Issue 30 §1: the person's invitation link and what it earned.
    id: 'referrals',
    kind: 'internal',
    labelKey: 'nav.referrals',
    icon: 'gift',
    href: paths.app.referencing.getHref(),
    isAvailable: true,
  },
  {
    id: 'backoffice',
    kind: 'internal',
    labelKey: 'nav.backoffice',
    icon: 'briefcase',
    href: paths.backoffice.home.getHref(),
    isAvailable: true,
    staffOnly: true,
  },
  {
    // Issue 29 §1: the organisation's commuter surveys and their figures (staff see every organisation's).
    id: 'surveys',
    kind: 'internal',
    labelKey: 'nav.surveys',
    icon: 'chart',
    href: paths.surveys.adminPanel.getHref(),
    isAvailable: true,
    surveyAdminOnly: true,
  },
  {
    id: 'insurer-admin',
    kind: 'internal',
    labelKey: 'nav.insurerAdmin',
    icon: 'briefcase',
    href: paths.insurance.admin.path,
    isAvailable: true,
    insurerOnly: true,
  },
  {
    id: 'org-bike-search',
    kind: 'internal',
    labelKey: 'nav.orgBikeSearch',
    icon: 'search',
    href: paths.public.orgBikeSearch.getHref(),
    isAvailable: true,
    orgSearchOnly: true,
  },
  {
    id: 'stolen-bike-map',
    kind: 'internal',
    labelKey: 'nav.stolenBikeMap',
    icon: 'map',
    href: paths.public.stolenBikeMap.getHref(),
    isAvailable: true,
  },
  {
    id: 'search',
    kind: 'internal',
    labelKey: 'nav.search',
    icon: 'search',
    href: paths.public.search.getHref(),
    isAvailable: true,
  },
  {
    // Issue 17 §2: support is a conversation with our staff in the register (tickets), no longer a
    // page elsewhere.
    id: 'support',
    kind: 'internal',
    labelKey: 'nav.support',
    icon: 'help',
    href: paths.public.supportChat.getHref(),
    isAvailable: true,
  },
  {
    id: 'help-center',
    kind: 'external',
    labelKey: 'nav.helpCenter',
    icon: 'book',
    link: 'helpCenter',
    isAvailable: true,
  },
];

/** Who is looking at the sidebar. */
export interface SidebarViewer {
  isStaff?: boolean;
  /** The insurance company the session acts for (token organisation_type insurance_company). */
  insurerPartyId?: string | null;
  /** The session may use the organisation search (lib/access.ts mayUseOrgBikeSearch). */
  mayUseOrgSearch?: boolean;
  /** The session acts for an organisation as its admin, or is backoffice staff: its surveys. */
  mayRunSurveys?: boolean;
  /** The person has a policy or an insurer offers a cover in their region (hasInsuranceArea). */
  hasInsurance?: boolean;
}

/**
 * Whether the insurance area has something for the person: a policy of theirs (whatever its state:
 * its page is where they follow it), or a cover an insurer offers in their region now. Unknown
 * (still loading) counts as no, so the entry appears rather than vanishes.
 */
export function hasInsuranceArea(
  policies: readonly unknown[] | undefined,
  offers: readonly unknown[] | undefined,
): boolean {
  return (policies?.length ?? 0) > 0 || (offers?.length ?? 0) > 0;
}

/**
 * The entries to show: only areas that exist, the backoffice only to staff, the insurances only
 * where the person has or can buy insurance, the insurer admin only to a session acting for an
 * insurer (with its address filled in).
 */
export function visibleSidebarEntries(
  entries: readonly SidebarEntry[] = SIDEBAR,
  viewer: SidebarViewer = {},
): SidebarEntry[] {
  const { insurerPartyId } = viewer;
  return entries.flatMap((entry): SidebarEntry[] => {
    if (!entry.isAvailable || (entry.staffOnly && viewer.isStaff !== true)) return [];
    if (entry.orgSearchOnly && viewer.mayUseOrgSearch !== true) return [];
    if (entry.surveyAdminOnly && viewer.mayRunSurveys !== true) return [];
    if (entry.insuranceOnly && viewer.hasInsurance !== true) return [];
    if (!entry.insurerOnly) return [entry];
    if (!insurerPartyId || entry.kind !== 'internal') return [];
    return [{ ...entry, href: paths.insurance.admin.getHref({ insurerPartyId }) }];
  });
}

/** Whether an internal entry is the current page (or, unless `end`, an ancestor of it). */
export function isCurrentEntry(entry: InternalEntry, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (entry.end) return path === entry.href;
  return path === entry.href || path.startsWith(`${entry.href}/`);
}

/**
 * The one entry to mark current: of those matching the page, the most specific (longest address),
 * so /app/my-bikes/report-stolen is "Stolen bikes", not "My bikes" as well.
 */
export function currentEntryId(entries: readonly SidebarEntry[], pathname: string): string | null {
  let best: InternalEntry | null = null;
  for (const entry of entries) {
    if (entry.kind !== 'internal' || !isCurrentEntry(entry, pathname)) continue;
    if (!best || entry.href.length > best.href.length) best = entry;
  }
  return best?.id ?? null;
}
