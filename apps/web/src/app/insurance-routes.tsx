import type { RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { page } from './route-page.ts';

/*
 * The routes under /insurance (issue 16): the insurer's admin, the holder's hub and proof of
 * possession, lock tests. They are not part of the first download: the router patches them in
 * on the first navigation under /insurance (router.tsx, patchRoutesOnNavigation).
 */
/** The insurer's admin pages (§4), one chunk for all of them (pages/admin-routes.ts says why). */
const insurerAdmin = () => import('../features/insurance/pages/admin-routes.ts');

export const insuranceRoutes: RouteObject[] = [
  // Insurance (issue 16; features/insurance): sign-up and the policy pages, the holder's hub and
  // proof of possession (§2), lock tests (§3: the insurer's staff ask and decide, the holder
  // answers) and the insurer's admin (§4: only its members get past the page loaders), all in the
  // signed-in chrome; the API decides who sees what (404 to anyone else).
  {
    lazy: page(() => import('./app-layout.tsx')),
    children: [
      {
        ErrorBoundary: RouteErrorBoundary,
        children: [
          {
            path: paths.insurance.admin.path,
            lazy: page(() => insurerAdmin().then((pages) => pages.admin), ['insurer-admin', 'plate-orders']),
          },
          {
            path: paths.insurance.adminReports.path,
            lazy: page(() => insurerAdmin().then((pages) => pages.reports), ['insurer-admin']),
          },
          {
            path: paths.insurance.adminProducts.path,
            lazy: page(() => insurerAdmin().then((pages) => pages.products), ['insurer-admin']),
          },
          {
            path: paths.insurance.adminPolicyBike.path,
            lazy: page(() => insurerAdmin().then((pages) => pages.bike), ['insurer-admin']),
          },
          {
            // Resolved to the insurer the session acts for.
            path: paths.insurance.selfAdminReports.path,
            lazy: page(() => insurerAdmin().then((pages) => pages.selfReports)),
          },
          // Sign-up and purchase (§2, onboarding-*, policy-*): the person's policies, the onboarding
          // wizard and a policy's pages.
          {
            path: paths.insurance.home.path,
            lazy: page(() => import('../features/insurance/pages/policy-home-page.tsx'), ['insurance']),
          },
          {
            path: paths.insurance.onboarding.path,
            lazy: page(() => import('../features/insurance/pages/onboarding-start-page.tsx'), ['insurance']),
          },
          {
            path: paths.insurance.onboardingStep.path,
            lazy: page(() => import('../features/insurance/pages/onboarding-step-page.tsx'), ['insurance']),
          },
          {
            path: paths.insurance.policy.path,
            lazy: page(() => import('../features/insurance/pages/policy-insurer-page.tsx'), ['insurance']),
          },
          {
            path: paths.insurance.policyPersonalInfo.path,
            lazy: page(
              () => import('../features/insurance/pages/policy-personal-info-page.tsx'),
              ['insurance'],
            ),
          },
          {
            path: paths.insurance.policyContentsSignup.path,
            lazy: page(
              () => import('../features/insurance/pages/policy-contents-signup-page.tsx'),
              ['insurance'],
            ),
          },
          {
            path: paths.insurance.policyDetail.path,
            lazy: page(() => import('../features/insurance/pages/policy-detail-page.tsx'), ['insurance']),
          },
          {
            path: paths.insurance.policyHub.path,
            lazy: page(() => import('../features/insurance/pages/hub-page.tsx'), ['insurance-hub']),
          },
          {
            path: paths.insurance.policyEditBike.path,
            lazy: page(
              () => import('../features/insurance/pages/hub-edit-bike-page.tsx'),
              ['insurance-hub', 'bikes'],
            ),
          },
          {
            path: paths.insurance.policyVerifyBikePossessionIntro.path,
            lazy: page(
              () => import('../features/insurance/pages/possession-intro-page.tsx'),
              ['insurance-hub'],
            ),
          },
          {
            path: paths.insurance.policyVerifyBikePossession.path,
            lazy: page(() => import('../features/insurance/pages/possession-page.tsx'), ['insurance-hub']),
          },
          {
            path: paths.insurance.lockTestPortal.path,
            lazy: page(() => import('../features/insurance/pages/lock-test-portal-page.tsx'), ['lock-tests']),
          },
          {
            path: paths.insurance.lockTestResponse.path,
            lazy: page(() => import('../features/insurance/pages/lock-test-page.tsx'), ['lock-tests']),
          },
        ],
      },
    ],
  },
];

/** The Danish enrolment pages (/forsikrings-indtegning…), patched in on their first navigation. */
export const insuranceEnrolmentRoutes: RouteObject[] = [
  // The Danish insurance enrolment (issue 16 §2, features/insurance signup-*): the basket, the
  // overview with the checkout and the confirmation, in the signed-in chrome.
  {
    path: paths.insuranceSignup.enrolment.path,
    lazy: page(() => import('./app-layout.tsx')),
    children: [
      {
        ErrorBoundary: RouteErrorBoundary,
        children: [
          {
            index: true,
            lazy: page(() => import('../features/insurance/pages/signup-enrolment-page.tsx'), ['insurance']),
          },
          {
            path: paths.insuranceSignup.overview.path,
            lazy: page(() => import('../features/insurance/pages/signup-overview-page.tsx'), ['insurance']),
          },
          {
            path: paths.insuranceSignup.orderConfirmation.path,
            lazy: page(
              () => import('../features/insurance/pages/signup-confirmation-page.tsx'),
              ['insurance'],
            ),
          },
        ],
      },
    ],
  },
];
