import {
  createBrowserRouter,
  createPath,
  type DataRouter,
  type HydrationState,
  type LoaderFunctionArgs,
  matchRoutes,
  type RouteObject,
  redirect,
} from 'react-router';
import { paths } from '../config/paths.ts';
import { type LoginDependency, registerUnknownAddressCheck, requiresLogin } from '../lib/access.ts';
import { currentLocation, registerNavigator } from '../lib/navigation.ts';
import { rememberRedirect } from '../lib/redirect.ts';
import { sessionStore } from '../lib/session-store.ts';
import { PublicLayout } from './public-layout.tsx';
import { RootLayout } from './root-layout.tsx';
import { RootErrorBoundary, RouteErrorBoundary } from './route-error-boundary.tsx';
import { notFound, page, setNavigationTarget } from './route-page.ts';

/** What a route may declare for the shell. */
export interface RouteHandle {
  /** What returning to this page after login needs (default loggedIn). */
  loginDependency?: LoginDependency;
}

const regionPage = page(() => import('../features/region-pages/pages/region-page.tsx'), ['region-pages'], {
  serverRendered: true,
});

/** The routes that have screens today; every other address of config/paths.ts is a 404 until built. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    // The access check is synchronous; there is nothing to show while it runs.
    HydrateFallback: () => null,
    loader: accessLoader,
    shouldRevalidate: () => true,
    children: [
      {
        Component: PublicLayout,
        children: [
          {
            ErrorBoundary: RouteErrorBoundary,
            children: [
              {
                index: true,
                lazy: page(() => import('../features/content/pages/home-page.tsx'), ['content'], {
                  serverRendered: true,
                }),
              },
              {
                path: paths.content.privacy.path,
                lazy: page(() => import('../features/content/pages/privacy-page.tsx'), ['content'], {
                  serverRendered: true,
                }),
              },
              {
                path: paths.content.measurementSettings.path,
                lazy: page(() => import('./routes/measurement-settings-page.tsx')),
              },
              {
                path: paths.content.terms.path,
                lazy: page(() => import('../features/content/pages/terms-page.tsx'), ['content'], {
                  serverRendered: true,
                }),
              },
              {
                path: paths.content.ourMission.path,
                lazy: page(() => import('../features/content/pages/our-mission-page.tsx'), ['content'], {
                  serverRendered: true,
                }),
              },
              {
                path: paths.content.advisoryBoard.path,
                lazy: page(() => import('../features/content/pages/advisory-board-page.tsx'), ['content'], {
                  serverRendered: true,
                }),
              },
              {
                path: paths.content.accessibility.path,
                lazy: page(() => import('../features/content/pages/accessibility-page.tsx'), ['content'], {
                  serverRendered: true,
                }),
              },
              {
                path: paths.content.howItWorks.path,
                lazy: page(() => import('../features/content/pages/how-it-works-page.tsx'), ['content'], {
                  serverRendered: true,
                }),
              },
              {
                path: paths.auth.login.path,
                lazy: page(() => import('../features/identity/pages/login-page.tsx'), ['auth'], {
                  serverRendered: true,
                }),
              },
              {
                path: paths.auth.nationalSignInReturn.path,
                lazy: page(
                  () => import('../features/identity/pages/national-sign-in-return-page.tsx'),
                  ['auth'],
                ),
              },
              {
                path: paths.auth.signup.path,
                lazy: page(() => import('../features/identity/pages/signup-page.tsx'), ['auth'], {
                  serverRendered: true,
                }),
              },
              {
                path: paths.auth.signupNewsletter.path,
                lazy: page(() => import('../features/identity/pages/newsletter-page.tsx'), ['auth']),
              },
              {
                path: paths.auth.signupNewsletterSleek.path,
                lazy: page(() => import('../features/identity/pages/newsletter-sleek-page.tsx'), ['auth']),
              },
              {
                path: paths.auth.forgotPassword.path,
                lazy: page(() => import('../features/identity/pages/forgot-password-page.tsx'), ['auth'], {
                  serverRendered: true,
                }),
              },
              {
                path: paths.auth.forgotPasswordCheckMail.path,
                lazy: page(() => import('../features/identity/pages/check-mail-page.tsx'), ['auth']),
              },
              {
                path: paths.auth.resetPassword.path,
                lazy: page(() => import('../features/identity/pages/reset-password-page.tsx'), ['auth']),
              },
              {
                path: paths.auth.resetPasswordSuccess.path,
                lazy: page(
                  () => import('../features/identity/pages/reset-password-success-page.tsx'),
                  ['auth'],
                ),
              },
              {
                path: paths.auth.verifyEmail.path,
                lazy: page(() => import('../features/identity/pages/verify-email-page.tsx'), ['auth']),
              },
              // The farewell after an account deletion: under /app, but the deletion ended the session,
              // so it is open to visitors (lib/access.ts) and shown in the public layout.
              {
                path: paths.app.settingsDeleteCompleted.path,
                lazy: page(
                  () => import('../features/identity/pages/delete-completed-page.tsx'),
                  ['settings'],
                ),
              },
              {
                path: paths.auth.successfullyDeleted.path,
                lazy: page(
                  () => import('../features/identity/pages/successfully-deleted-page.tsx'),
                  ['settings'],
                ),
              },
              {
                path: paths.public.search.path,
                lazy: page(() => import('../features/search/pages/search-page.tsx'), ['search', 'finds'], {
                  serverRendered: true,
                }),
              },
              // Issue 17 §2: questions to support (signed in, or a visitor through a mailed link).
              {
                path: paths.public.supportChat.path,
                lazy: page(() => import('../features/support/pages/support-chat-page.tsx'), ['support']),
              },
              {
                // The card provider's return address for an organisation's purchase (issue 15 §6).
                path: paths.purchase.organisationPaymentCompleteRedirect.path,
                lazy: page(
                  () => import('../features/organisations/pages/organisation-payment-complete-page.tsx'),
                  ['organisations'],
                ),
              },
              // Dealers that sell plates and register bikes, as a list and on a map (issue 17 §3).
              {
                path: paths.public.findDistributor.path,
                lazy: page(
                  () => import('../features/distributors/pages/find-distributor-page.tsx'),
                  ['distributors'],
                  { serverRendered: true },
                ),
              },
              // Issue 29 §1: the commuter survey, answered by visitors and signed-in people alike
              // (the organisation's admin panel under /survey is not one of these).
              {
                path: paths.surveys.survey.path,
                lazy: page(() => import('../features/surveys/pages/survey-page.tsx'), ['survey']),
              },
              {
                path: paths.surveys.addresses.path,
                lazy: page(() => import('../features/surveys/pages/addresses-page.tsx'), ['survey']),
              },
              {
                path: paths.surveys.commutingDays.path,
                lazy: page(() => import('../features/surveys/pages/commuting-days-page.tsx'), ['survey']),
              },
              {
                path: paths.surveys.pendlerTravel.path,
                lazy: page(() => import('../features/surveys/pages/travel-page.tsx'), ['survey']),
              },
              // The public stolen-bike map and one stolen bike on it (features/stolen-map).
              {
                path: paths.public.stolenBikeMap.path,
                lazy: page(
                  () => import('../features/stolen-map/pages/stolen-bike-map-page.tsx'),
                  ['stolen-map', 'search'],
                  { serverRendered: true },
                ),
              },
              {
                path: paths.public.stolenBikeMapBike.path,
                lazy: page(
                  () => import('../features/stolen-map/pages/stolen-bike-map-bike-page.tsx'),
                  ['stolen-map', 'search'],
                  { serverRendered: true },
                ),
              },
              // Contacting a bike's owner (features/finds): under /app, but open to visitors (a finder
              // needs no account, lib/access.ts), so shown in the public layout for everyone.
              {
                path: paths.app.contactBikeOwner.path,
                lazy: page(
                  () => import('../features/finds/pages/contact-bike-owner-page.tsx'),
                  ['finds', 'search'],
                ),
              },
              {
                path: paths.app.contactBikeOwnerSuccess.path,
                lazy: page(
                  () => import('../features/finds/pages/contact-bike-owner-success-page.tsx'),
                  ['finds'],
                ),
              },
              {
                path: paths.app.contactBikeOwnerConfirm.path,
                lazy: page(
                  () => import('../features/finds/pages/contact-bike-owner-confirm-page.tsx'),
                  ['finds'],
                ),
              },
              {
                // Issue 32 §4: a resale certificate, genuine and current or not, for anyone with its address.
                path: paths.public.certificate.path,
                lazy: page(
                  () => import('../features/certificates/pages/certificate-page.tsx'),
                  ['certificates', 'ownership'],
                  { serverRendered: true },
                ),
              },
              {
                path: paths.stickers.sticker.path,
                lazy: page(
                  () => import('../features/plates/pages/sticker-page.tsx'),
                  ['plates', 'search', 'ownership', 'finds'],
                  { serverRendered: true },
                ),
              },
              {
                path: paths.stickers.scanCode.path,
                lazy: page(
                  () => import('../features/plates/pages/sticker-page.tsx'),
                  ['plates', 'search', 'ownership', 'finds'],
                  { serverRendered: true },
                ),
              },
              {
                path: paths.stickers.noRegistration.path,
                lazy: page(() => import('../features/plates/pages/no-registration-page.tsx'), ['plates']),
              },
              {
                path: paths.stickers.insurancePlate.path,
                lazy: page(() => import('../features/plates/pages/insurance-plate-page.tsx'), ['plates']),
              },
              {
                path: paths.signupFromScan.start.path,
                lazy: page(() => import('./routes/signup-from-scan-page.tsx'), ['plates', 'auth']),
              },
              {
                path: paths.signupFromScan.createBikesLoop.path,
                lazy: page(() => import('./routes/create-bikes-loop-page.tsx'), ['plates', 'bikes']),
              },
              {
                path: paths.signupFromScan.bike.path,
                lazy: page(() => import('../features/plates/pages/created-bike-page.tsx'), ['plates']),
              },
              {
                path: paths.signupFromScan.addPhotos.path,
                lazy: page(() => import('./routes/add-photos-page.tsx'), ['plates', 'bikes']),
              },
              {
                path: paths.signupFromScan.addPhotosComplete.path,
                lazy: page(() => import('../features/plates/pages/add-photos-complete-page.tsx'), ['plates']),
              },
              // Insurance sign-up (issue 16 §2): what the benefit is, public.
              {
                path: paths.insuranceSignup.benefit.path,
                lazy: page(
                  () => import('../features/insurance/pages/signup-benefit-page.tsx'),
                  ['insurance'],
                ),
              },
              // The webshop (issue 15): the catalogue is public; the checkout and the return pages need
              // an account (lib/access.ts), /purchase-failed does not.
              {
                path: paths.public.webshop.path,
                lazy: page(() => import('../features/webshop/pages/webshop-page.tsx'), ['webshop'], {
                  serverRendered: true,
                }),
              },
              {
                path: paths.public.goToWebshop.path,
                loader: ({ request }) =>
                  redirect(`${paths.public.webshop.getHref()}${new URL(request.url).search}`),
              },
              {
                path: paths.public.checkout.path,
                lazy: page(() => import('../features/webshop/pages/checkout-page.tsx'), ['webshop']),
              },
              {
                path: paths.purchase.completeRedirect.path,
                lazy: page(() => import('../features/webshop/pages/purchase-return-page.tsx'), ['webshop']),
              },
              {
                path: paths.purchase.subscriptionRedirect.path,
                lazy: page(() => import('../features/webshop/pages/purchase-return-page.tsx'), ['webshop']),
              },
              {
                path: paths.purchase.failed.path,
                lazy: page(() => import('../features/webshop/pages/purchase-failed-page.tsx'), ['webshop']),
              },
              // Flows (issue 29 §2): campaigns staff publish, walked by visitors and people alike; the
              // poster address /{memo} never shadows a page above (static addresses rank first, and
              // such a memo is refused when saved).
              {
                path: paths.flows.flow.path,
                lazy: page(() => import('../features/flows/pages/flow-start-page.tsx'), ['flows']),
              },
              {
                path: paths.flows.step.path,
                lazy: page(() => import('../features/flows/pages/flow-step-page.tsx'), ['flows']),
              },
              {
                path: paths.flows.shortFlow.path,
                lazy: page(() => import('../features/flows/pages/flow-start-page.tsx'), ['flows']),
              },
              // Region pages (issue 29 §3): /dk, /no and the pages below them. Each region is a fixed
              // first segment, which ranks above a flow's short address (/:memo), so /xx is never a
              // region page; an unpublished page below a region shows the 404 page.
              { path: paths.public.regionDk.path, caseSensitive: true, lazy: regionPage },
              { path: `${paths.public.regionDk.path}/*`, caseSensitive: true, lazy: regionPage },
              { path: paths.public.regionNo.path, caseSensitive: true, lazy: regionPage },
              { path: `${paths.public.regionNo.path}/*`, caseSensitive: true, lazy: regionPage },
              { path: paths.public.notFound.path, lazy: notFound },
              { path: '*', lazy: notFound },
            ],
          },
        ],
      },
      {
        // Issue 29 §1: the survey's admin panel, for the organisation's admins and backoffice staff, in
        // the signed-in chrome (its chart library comes with the page, never in the first download).
        path: paths.surveys.adminPanel.path,
        lazy: page(() => import('./app-layout.tsx')),
        children: [
          {
            ErrorBoundary: RouteErrorBoundary,
            children: [
              {
                index: true,
                lazy: page(
                  () => import('../features/survey-admin/pages/admin-panel-page.tsx'),
                  ['survey-admin'],
                ),
              },
            ],
          },
        ],
      },
      {
        path: paths.app.home.path,
        lazy: page(() => import('./app-layout.tsx')),
        children: [
          {
            ErrorBoundary: RouteErrorBoundary,
            children: [
              { index: true, lazy: page(() => import('./routes/app-home.tsx'), ['bikes', 'referrals']) },
              {
                path: paths.app.settings.path,
                lazy: page(() => import('./routes/settings-page.tsx'), ['settings', 'organisations']),
              },
              {
                path: paths.app.bikePublic.path,
                lazy: page(
                  () => import('../features/search/pages/bike-public-page.tsx'),
                  ['search', 'ownership', 'finds'],
                ),
              },
              {
                path: paths.app.qrId.path,
                lazy: page(() => import('../features/plates/pages/qr-id-page.tsx'), ['plates']),
              },
              {
                path: paths.app.referencing.path,
                lazy: page(() => import('../features/referrals/pages/referencing-page.tsx'), ['referrals']),
              },
              {
                path: paths.app.organisations.path,
                lazy: page(
                  () => import('../features/organisations/pages/organisations-page.tsx'),
                  ['organisations'],
                ),
              },
              {
                path: paths.app.organisationCreate.path,
                lazy: page(
                  () => import('../features/organisations/pages/create-organisation-page.tsx'),
                  ['organisations'],
                ),
              },
              {
                path: paths.app.organisationMembers.path,
                lazy: page(
                  () => import('../features/organisations/pages/members-page.tsx'),
                  ['organisations'],
                ),
              },
              {
                path: paths.app.organisationApiKeys.path,
                lazy: page(
                  () => import('../features/organisations/pages/api-keys-page.tsx'),
                  ['organisations'],
                ),
              },
              {
                path: paths.app.organisationIntegrateCardPayment.path,
                lazy: page(
                  () => import('../features/organisations/pages/integrate-card-payment-page.tsx'),
                  ['organisations'],
                ),
              },
              {
                path: paths.app.organisationInvitation.path,
                lazy: page(
                  () => import('../features/organisations/pages/invitation-page.tsx'),
                  ['organisations'],
                ),
              },
              {
                path: paths.app.settingsCaution.path,
                lazy: page(() => import('../features/identity/pages/caution-page.tsx'), ['settings']),
              },
              {
                path: paths.app.settingsDeleteUser.path,
                lazy: page(() => import('../features/identity/pages/delete-user-page.tsx'), ['settings']),
              },
              {
                path: paths.app.redirectVerificationBegin.path,
                lazy: page(
                  () => import('../features/identity/pages/verification-begin-redirect-page.tsx'),
                  ['verification'],
                ),
              },
              {
                path: paths.app.redirectVerificationComplete.path,
                lazy: page(
                  () => import('../features/identity/pages/verification-complete-redirect-page.tsx'),
                  ['verification'],
                ),
              },
              // Bikes: my bikes, one bike and its sub-pages, registering.
              {
                path: paths.app.myBikes.path,
                lazy: page(() => import('../features/bikes/pages/my-bikes-page.tsx'), ['bikes']),
              },
              {
                path: paths.app.bike.path,
                lazy: page(
                  () => import('./routes/bike-page.tsx'),
                  ['bikes', 'ownership', 'webshop', 'finds', 'certificates'],
                ),
              },
              {
                path: paths.app.bikeEdit.path,
                lazy: page(() => import('../features/bikes/pages/edit-bike-page.tsx'), ['bikes']),
              },
              {
                path: paths.app.bikeEditEquipment.path,
                lazy: page(() => import('../features/bikes/pages/edit-equipment-page.tsx'), ['bikes']),
              },
              {
                path: paths.app.bikePostEdit.path,
                lazy: page(() => import('../features/bikes/pages/post-edit-page.tsx'), ['bikes']),
              },
              {
                path: paths.app.bikeReportDeleted.path,
                lazy: page(() => import('../features/bikes/pages/report-deleted-page.tsx'), ['bikes']),
              },
              {
                path: paths.app.bikeIntroStep.path,
                lazy: page(() => import('../features/bikes/pages/intro-step-page.tsx'), ['bikes']),
              },
              {
                path: paths.app.bikeCompleteConfirm.path,
                lazy: page(() => import('../features/bikes/pages/complete-confirm-page.tsx'), ['bikes']),
              },
              {
                path: paths.app.bikeCompleteConfirmMissingFrameNumber.path,
                lazy: page(
                  () => import('../features/bikes/pages/complete-confirm-missing-frame-number-page.tsx'),
                  ['bikes'],
                ),
              },
              {
                path: paths.app.registerBike.path,
                lazy: page(() => import('../features/bikes/pages/register-bike-page.tsx'), ['bikes']),
              },
              {
                path: paths.app.registerBikePreRegistration.path,
                lazy: page(() => import('../features/bikes/pages/pre-registration-page.tsx'), ['bikes']),
              },
              {
                path: paths.app.registerBikePreRegistrationInsuranceWarning.path,
                lazy: page(() => import('../features/bikes/pages/insurance-warning-page.tsx'), ['bikes']),
              },
              {
                path: paths.app.registerBikeInsuranceStop.path,
                lazy: page(() => import('../features/bikes/pages/insurance-stop-page.tsx'), ['bikes']),
              },
              {
                path: paths.app.bikesRegister.path,
                lazy: page(() => import('../features/bikes/pages/bikes-register-page.tsx'), ['bikes']),
              },
              {
                path: paths.app.bikesRegisterPurchase.path,
                lazy: page(() => import('../features/webshop/pages/register-purchase-page.tsx'), ['webshop']),
              },
              {
                path: paths.app.bikesRegisterPurchaseClub.path,
                lazy: page(
                  () => import('../features/webshop/pages/purchase-naf-page.tsx'),
                  ['club', 'webshop'],
                ),
              },
              {
                path: paths.app.bikesRegisterRedeem.path,
                lazy: page(() => import('../features/webshop/pages/register-redeem-page.tsx'), ['webshop']),
              },
              {
                path: paths.app.orders.path,
                lazy: page(() => import('../features/webshop/pages/orders-page.tsx'), ['webshop']),
              },
              {
                path: paths.app.bikeRegistrationPurchase.path,
                lazy: page(
                  () => import('../features/webshop/pages/bike-registration-purchase-page.tsx'),
                  ['webshop'],
                ),
              },
              {
                path: paths.app.bikeAttachExistingCredit.path,
                lazy: page(
                  () => import('../features/webshop/pages/bike-attach-credit-page.tsx'),
                  ['webshop'],
                ),
              },
              {
                path: paths.app.bikeRedeemVoucher.path,
                lazy: page(
                  () => import('../features/webshop/pages/bike-redeem-voucher-page.tsx'),
                  ['webshop'],
                ),
              },
              {
                path: paths.app.bikeSubscriptionStatus.path,
                lazy: page(
                  () => import('../features/webshop/pages/bike-subscription-status-page.tsx'),
                  ['webshop'],
                ),
              },
              {
                path: paths.app.bikeBuyPlate.path,
                lazy: page(() => import('../features/webshop/pages/bike-buy-plate-page.tsx'), ['webshop']),
              },
              // Chats: the inbox and one conversation.
              {
                path: paths.app.chats.path,
                lazy: page(() => import('../features/chats/pages/chats-page.tsx'), ['chats']),
              },
              {
                path: paths.app.chat.path,
                lazy: page(() => import('../features/chats/pages/chat-page.tsx'), ['chats']),
              },
              // Ownership: give, receive, request and verify (features/ownership).
              {
                path: paths.app.bikesOwnershipPortal.path,
                lazy: page(
                  () => import('../features/ownership/pages/ownership-portal-page.tsx'),
                  ['ownership'],
                ),
              },
              {
                path: paths.app.transferOwnership.path,
                lazy: page(
                  () => import('../features/ownership/pages/transfer-choose-bike-page.tsx'),
                  ['ownership'],
                ),
              },
              {
                path: paths.app.transferOwnershipChooseRecipient.path,
                lazy: page(
                  () => import('../features/ownership/pages/transfer-choose-recipient-page.tsx'),
                  ['ownership'],
                ),
              },
              {
                path: paths.app.transferOwnershipConfirm.path,
                lazy: page(
                  () => import('../features/ownership/pages/transfer-confirm-page.tsx'),
                  ['ownership'],
                ),
              },
              {
                path: paths.app.bikeTransferOwnership.path,
                lazy: page(
                  () => import('../features/ownership/pages/bike-transfer-ownership-page.tsx'),
                  ['ownership'],
                ),
              },
              {
                path: paths.app.myBikesReceiveBike.path,
                lazy: page(() => import('../features/ownership/pages/receive-bike-page.tsx'), ['ownership']),
              },
              {
                path: paths.app.requestOwnership.path,
                lazy: page(() => import('./routes/request-ownership-page.tsx'), ['ownership']),
              },
              {
                path: paths.app.requestOwnershipBike.path,
                lazy: page(
                  () => import('../features/ownership/pages/request-ownership-bike-page.tsx'),
                  ['ownership', 'search'],
                ),
              },
              {
                path: paths.app.requestOwnershipSuccess.path,
                lazy: page(
                  () => import('../features/ownership/pages/request-ownership-success-page.tsx'),
                  ['ownership'],
                ),
              },
              {
                path: paths.app.verifyOwnership.path,
                lazy: page(
                  () => import('../features/ownership/pages/verify-ownership-page.tsx'),
                  ['ownership'],
                ),
              },
              {
                path: paths.app.verifyOwnershipFrame.path,
                lazy: page(() => import('./routes/verify-frame-page.tsx'), ['ownership', 'bikes']),
              },
              {
                path: paths.app.verifyOwnershipOwner.path,
                lazy: page(() => import('./routes/verify-owner-page.tsx'), ['ownership', 'bikes']),
              },
              // Stolen and found: the theft report wizard, the report and found (features/theft).
              {
                path: paths.app.myBikesReportStolen.path,
                lazy: page(
                  () => import('../features/theft/pages/report-stolen-choose-bike-page.tsx'),
                  ['theft', 'bikes'],
                ),
              },
              {
                path: paths.app.bikeReportStolen.path,
                lazy: page(
                  () => import('../features/theft/pages/report-stolen-page.tsx'),
                  ['theft', 'bikes'],
                ),
              },
              {
                path: paths.app.bikeReportStolenStep.path,
                lazy: page(
                  () => import('../features/theft/pages/report-stolen-step-page.tsx'),
                  ['theft', 'bikes'],
                ),
              },
              {
                path: paths.app.bikeStolenBikeReport.path,
                lazy: page(
                  () => import('../features/theft/pages/stolen-bike-report-page.tsx'),
                  ['theft', 'bikes'],
                ),
              },
              // Bikes held for pickup (features/finds); contacting an owner is in the public layout.
              {
                path: paths.app.itemPickup.path,
                lazy: page(() => import('../features/finds/pages/item-pickup-page.tsx'), ['finds', 'search']),
              },
              // Issue 32 §2: a found bike that may be the person's stolen one, claimed into a chat.
              {
                path: paths.app.possiblyYours.path,
                lazy: page(() => import('../features/finds/pages/possibly-yours-page.tsx'), ['finds']),
              },
              {
                path: paths.app.redirectEditBike.path,
                loader: ({ params }) => redirect(paths.app.bikeEdit.getHref({ bikeId: params.bikeId ?? '' })),
              },
              {
                path: paths.app.redirectSignupComplete.path,
                lazy: page(() => import('../features/identity/pages/signup-complete-page.tsx'), ['auth']),
              },
              { path: '*', lazy: notFound },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The access rule of SPEC §2 for every navigation: a visitor on a page that needs a session goes
 * to /login and the page is remembered (with what it needs) for after the login. A signed-in user
 * who opens /login or /signup goes straight to the app (the newsletter steps after sign-up are
 * paths of their own and stay reachable).
 */
export function accessLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const claims = sessionStore.getClaims();
  if (!claims && requiresLogin(url.pathname)) {
    const matches = matchRoutes(routes, url.pathname) ?? [];
    const needsVerified = matches.some(
      (match) => (match.route.handle as RouteHandle | undefined)?.loginDependency === 'verifiedIdentity',
    );
    rememberRedirect(`${url.pathname}${url.search}`, needsVerified ? 'verifiedIdentity' : 'loggedIn');
    throw redirect(paths.auth.login.getHref());
  }
  const pathname = url.pathname.replace(/\/+$/, '');
  if (claims && (pathname === paths.auth.login.path || pathname === paths.auth.signup.path)) {
    throw redirect(paths.app.home.getHref());
  }
  return null;
}

/**
 * Whether the app has no screen for this address (only a 404 splat matches): a visitor then sees the
 * 404 page where they are, not the login first. An area whose routes are not patched in yet counts
 * as known (the router patches it in before its loaders run).
 */
export function isUnknownAddress(pathname: string): boolean {
  const area = LAZY_AREAS.find(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  if (area && !patchedAreas.has(area.prefix)) return false;
  const known = unknownAddresses.get(pathname);
  if (known !== undefined) return known;
  // The first load's loaders run while the router is being made: until an area is patched in (by the
  // router, which then exists), the routes it was made from are all there is.
  const deepest = (matchRoutes(area && browserRouter ? browserRouter.routes : routes, pathname) ?? []).at(-1);
  const unknown = !deepest || deepest.route.path === '*';
  // Matching ranks every route of the app afresh (React Router keeps nothing between calls): the
  // answers are kept, a bounded number (the server asks for every page it paints).
  if (unknownAddresses.size >= KEPT_ANSWERS) unknownAddresses.clear();
  unknownAddresses.set(pathname, unknown);
  return unknown;
}

/** Answers of isUnknownAddress; emptied when an area is patched in (its addresses become known). */
const unknownAddresses = new Map<string, boolean>();
const KEPT_ANSWERS = 2000;

/**
 * Areas whose routes are not in the first download: the first navigation under one of them loads
 * its routes and patches them in beside the others (a splat of the public area matched until then,
 * which is what makes the router ask). Each area is patched once.
 */
const LAZY_AREAS: ReadonlyArray<{ prefix: string; load: () => Promise<RouteObject[]> }> = [
  { prefix: '/insurance', load: async () => (await import('./insurance-routes.tsx')).insuranceRoutes },
  {
    prefix: paths.insuranceSignup.enrolment.path,
    load: async () => (await import('./insurance-routes.tsx')).insuranceEnrolmentRoutes,
  },
  { prefix: '/backoffice', load: async () => (await import('./backoffice-routes.tsx')).backofficeRoutes },
  {
    prefix: paths.public.orgBikeSearch.path,
    load: async () => (await import('./org-search-routes.tsx')).orgSearchRoutes,
  },
  { prefix: paths.app.docks.path, load: async () => (await import('./docks-routes.tsx')).docksRoutes },
];
const patchedAreas = new Set<string>();

registerUnknownAddressCheck(isUnknownAddress);

/** The browser's router (main.tsx makes it once); the server paints with a static one (entry-server.tsx). */
let browserRouter: DataRouter | null = null;

/**
 * Makes the browser's router. `hydrationData` is what the server's render left in the page (its
 * loaders' answers), so the router starts where the painted page is instead of loading it again.
 */
export function createAppRouter(hydrationData?: HydrationState): DataRouter {
  const router = createBrowserRouter(routes, {
    hydrationData,
    async patchRoutesOnNavigation({ path, patch }) {
      const pathname = path.split(/[?#]/)[0] ?? '';
      const area = LAZY_AREAS.find(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`));
      if (!area || patchedAreas.has(area.prefix)) return;
      patch('root', await area.load());
      patchedAreas.add(area.prefix);
      unknownAddresses.clear();
    },
  });
  browserRouter = router;
  setNavigationTarget(() => {
    const target = router.state.navigation.location;
    return target ? createPath(target) : currentLocation();
  });
  registerNavigator((href, options) => router.navigate(href, options));
  return router;
}
