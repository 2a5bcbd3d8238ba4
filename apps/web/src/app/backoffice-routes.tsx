import type { RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { notFound, page } from './route-page.ts';

/*
 * The routes under /backoffice (our staff's screens). They are not part of the first download: the
 * router patches them in on the first navigation under /backoffice (router.tsx,
 * patchRoutesOnNavigation).
 */
export const backofficeRoutes: RouteObject[] = [
  {
    path: paths.backoffice.home.path,
    lazy: page(() => import('./backoffice-layout.tsx'), ['backoffice']),
    children: [
      {
        ErrorBoundary: RouteErrorBoundary,
        children: [
          {
            index: true,
            lazy: page(() => import('../features/backoffice/pages/backoffice-home-page.tsx'), ['backoffice']),
          },
          {
            path: paths.backoffice.identities.path,
            lazy: page(() => import('../features/backoffice/pages/identities-page.tsx'), ['backoffice']),
          },
          // Support tickets from /support/chat (issue 17 §2).
          {
            path: paths.backoffice.tickets.path,
            lazy: page(
              () => import('../features/support/pages/staff-tickets-page.tsx'),
              ['backoffice', 'support'],
            ),
          },
          {
            path: paths.backoffice.ticket.path,
            lazy: page(
              () => import('../features/support/pages/staff-ticket-page.tsx'),
              ['backoffice', 'support'],
            ),
          },
          // Issue 17 §1 operations: printed stickers, the v2 landing page, orders, stolen bikes, diverse.
          {
            path: paths.backoffice.plates.path,
            lazy: page(() => import('../features/backoffice-ops/pages/plates-page.tsx'), ['backoffice-ops']),
          },
          {
            path: paths.backoffice.v2.path,
            lazy: page(() => import('../features/backoffice-ops/pages/v2-home-page.tsx'), ['backoffice-ops']),
          },
          // Issue 30 §2: the team's own view of what the product does for people.
          {
            path: paths.backoffice.v2Measurement.path,
            lazy: page(() => import('../features/backoffice/pages/measurement-page.tsx'), ['backoffice']),
          },
          {
            path: paths.backoffice.v2Orders.path,
            lazy: page(() => import('../features/backoffice-ops/pages/orders-page.tsx'), ['backoffice-ops']),
          },
          {
            path: paths.backoffice.v2StolenBikes.path,
            lazy: page(
              () => import('../features/backoffice-ops/pages/stolen-bikes-page.tsx'),
              ['backoffice-ops'],
            ),
          },
          // Issue 32 §2: found bikes and the stolen ones they may be.
          {
            path: paths.backoffice.v2FoundBikes.path,
            lazy: page(
              () => import('../features/backoffice-ops/pages/found-bikes-page.tsx'),
              ['backoffice-ops'],
            ),
          },
          {
            path: paths.backoffice.v2Diverse.path,
            lazy: page(() => import('../features/backoffice-ops/pages/diverse-page.tsx'), ['backoffice-ops']),
          },
          // Issue 32 §5: bulk onboarding of a register.
          {
            path: paths.backoffice.v2BulkImport.path,
            lazy: page(
              () => import('../features/backoffice-ops/pages/bulk-import-page.tsx'),
              ['backoffice-ops'],
            ),
          },
          // Issue 29 §2: the flows staff build, preview, publish and measure.
          {
            path: paths.backoffice.v2Flows.path,
            lazy: page(
              () => import('../features/backoffice-flows/pages/flows-page.tsx'),
              ['backoffice-flows'],
            ),
          },
          {
            path: paths.backoffice.v2Flow.path,
            lazy: page(
              () => import('../features/backoffice-flows/pages/flow-page.tsx'),
              ['backoffice-flows'],
            ),
          },
          // Region pages (issue 29 §3): /dk, /no and the pages below them.
          {
            path: paths.backoffice.v2RegionPages.path,
            lazy: page(
              () => import('../features/region-pages/pages/staff-region-pages-page.tsx'),
              ['region-pages'],
            ),
          },
          {
            path: paths.backoffice.v2RegionPage.path,
            lazy: page(
              () => import('../features/region-pages/pages/staff-region-page-page.tsx'),
              ['region-pages'],
            ),
          },
          // A person, organisations and the ownership-verification queue (issue 17 §1).
          {
            path: paths.backoffice.identity.path,
            lazy: page(() => import('../features/backoffice/pages/person-page.tsx'), ['backoffice']),
          },
          {
            path: paths.backoffice.organisations.path,
            lazy: page(
              () => import('../features/backoffice/pages/organisations-page.tsx'),
              ['backoffice', 'organisations'],
            ),
          },
          {
            path: paths.backoffice.organisation.path,
            lazy: page(
              () => import('../features/backoffice/pages/organisation-page.tsx'),
              ['backoffice', 'organisations'],
            ),
          },
          {
            path: paths.backoffice.ownershipVerifications.path,
            lazy: page(
              () => import('../features/backoffice/pages/ownership-verifications-page.tsx'),
              ['backoffice'],
            ),
          },
          // Insurance verification, our staff's check of insured bikes (issue 16 §5).
          {
            path: paths.backoffice.insuranceVerification.path,
            lazy: page(
              () => import('../features/backoffice/pages/insurance-verification-page.tsx'),
              ['backoffice'],
            ),
          },
          {
            path: paths.backoffice.insuranceVerificationInsurer.path,
            lazy: page(
              () => import('../features/backoffice/pages/insurance-verification-page.tsx'),
              ['backoffice'],
            ),
          },
          {
            path: paths.backoffice.v2InsuranceVerification.path,
            lazy: page(
              () => import('../features/backoffice/pages/insurance-verification-v2-page.tsx'),
              ['backoffice'],
            ),
          },
          {
            path: paths.backoffice.v2InsuranceVerificationFrameNumber.path,
            lazy: page(
              () => import('../features/backoffice/pages/insurance-verification-frame-number-page.tsx'),
              ['backoffice'],
            ),
          },
          {
            path: paths.backoffice.v2InsuranceVerificationVerifyPlateId.path,
            lazy: page(
              () => import('../features/backoffice/pages/insurance-verification-verify-plate-id-page.tsx'),
              ['backoffice'],
            ),
          },
          {
            path: paths.backoffice.v2InsuranceVerificationVerifyReceipt.path,
            lazy: page(
              () => import('../features/backoffice/pages/insurance-verification-verify-receipt-page.tsx'),
              ['backoffice'],
            ),
          },
          {
            path: paths.backoffice.v2InsuranceVerificationSummary.path,
            lazy: page(
              () => import('../features/backoffice/pages/insurance-verification-summary-page.tsx'),
              ['backoffice'],
            ),
          },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];
