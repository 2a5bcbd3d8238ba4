import type { Region } from '@nbr/domain/locale';

/*
 * Every URL of SPEC §2, once. Each entry has the React Router pattern (`path`) and a `getHref` that
 * builds a concrete address. Only routes that have screens are in the router; the rest wait here so
 * that links and redirects never spell an address by hand.
 */

/** The parameter names of a React Router pattern, e.g. '/a/:bikeId/b/:step' → 'bikeId' | 'step'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

export type PathParams<P extends string> = Record<PathParamNames<P>, string>;

/** Query-string values; undefined and null are left out. */
export type SearchParams = Record<string, string | number | boolean | null | undefined>;

type HrefArgs<P extends string> = [PathParamNames<P>] extends [never]
  ? [search?: SearchParams]
  : [params: PathParams<P>, search?: SearchParams];

export interface AppPath<P extends string> {
  readonly path: P;
  getHref(...args: HrefArgs<P>): string;
}

function toQuery(search: SearchParams | undefined): string {
  if (!search) return '';
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

export function definePath<P extends string>(path: P): AppPath<P> {
  return {
    path,
    getHref(...args: HrefArgs<P>) {
      const hasParams = path.includes(':');
      const params = (hasParams ? args[0] : undefined) as Record<string, string> | undefined;
      const search = (hasParams ? args[1] : args[0]) as SearchParams | undefined;
      const href = path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
        const value = params?.[name];
        if (value === undefined || value === '')
          throw new Error(`Missing path parameter "${name}" for ${path}`);
        return encodeURIComponent(value);
      });
      return `${href}${toQuery(search)}`;
    },
  };
}

/** The card payment provider whose integration page is /app/organisations/integrate-{provider}. */
export const CARD_PAYMENT_PROVIDER = 'reepay';

/** The steps of the theft-report wizard, in order; they unlock one by one from personal-info. */
export const REPORT_STOLEN_STEPS = [
  'personal-info',
  'insurance',
  'bike-info',
  'culprit-info',
  'time-location',
  'send-report',
  'report-confirmed',
] as const;
export type ReportStolenStep = (typeof REPORT_STOLEN_STEPS)[number];

export const INSURANCE_ONBOARDING_STEPS = [
  'consent',
  'insurance-details',
  'insurance-type',
  'shipping-info',
] as const;
export type InsuranceOnboardingStep = (typeof INSURANCE_ONBOARDING_STEPS)[number];

export const paths = {
  /** Public pages. */
  public: {
    home: definePath('/'),
    search: definePath('/search'),
    orgBikeSearch: definePath('/org-bike-search'),
    /** One bike as the police, a municipality or an insurer sees it (issue 17 §3). */
    orgBikeSearchBike: definePath('/org-bike-search/bikes/:bikeId'),
    webshop: definePath('/webshop'),
    goToWebshop: definePath('/go-to-webshop'),
    findDistributor: definePath('/find-distributor'),
    supportChat: definePath('/support/chat'),
    stolenBikeMap: definePath('/stolen-bike-map'),
    stolenBikeMapBike: definePath('/stolen-bike-map/:bikeId'),
    /** A resale certificate a seller handed a buyer (issue 32 §4): its QR code leads here. */
    certificate: definePath('/certifikat/:certificateId'),
    checkout: definePath('/checkout/:orderFamily'),
    notFound: definePath('/404'),
    /** A region's landing page and everything below it (/dk, /no/...): regionPageHref builds them. */
    region: definePath('/:region'),
    regionAny: definePath('/:region/*'),
    /**
     * The router's routes of the region pages, one per region (REGIONS): a fixed first segment ranks
     * above a flow's short address `/:fullyQualifiedFlowMemo`, so /dk is never taken for a flow and
     * /xx never for a region.
     */
    regionDk: definePath('/dk'),
    regionNo: definePath('/no'),
  },
  /** Editorial pages. */
  content: {
    ourMission: definePath('/our-mission'),
    privacy: definePath('/privacy'),
    /** The answer to the measurement question (issue 30 §2), for visitors and signed-in people alike. */
    measurementSettings: definePath('/privacy/settings'),
    terms: definePath('/terms'),
    advisoryBoard: definePath('/advisory-board'),
    howItWorks: definePath('/hvordan'),
    /** The accessibility statement (required of Danish and Norwegian public-sector sites). */
    accessibility: definePath('/accessibility'),
  },
  /** Signing in, signing up and recovering an account. */
  auth: {
    login: definePath('/login'),
    /** Where MitID/BankID return the browser after a sign-in (NATIONAL_SIGN_IN_RETURN_PATH). */
    nationalSignInReturn: definePath('/login/national-identity'),
    signup: definePath('/signup'),
    signupNewsletter: definePath('/signup/newsletter'),
    signupNewsletterSleek: definePath('/signup/newsletter-sleek'),
    forgotPassword: definePath('/forgot-password'),
    forgotPasswordCheckMail: definePath('/forgot-passw-check-mail'),
    resetPassword: definePath('/reset-password'),
    resetPasswordSuccess: definePath('/reset-password-succes'),
    verifyEmail: definePath('/verify-email'),
    successfullyDeleted: definePath('/successfully-deleted'),
  },
  /** Signing up after scanning a sticker, then registering bikes in a loop. */
  signupFromScan: {
    start: definePath('/signup/from-scan'),
    createBikesLoop: definePath('/signup/from-scan/create-bikes-loop'),
    bike: definePath('/signup/from-scan/create-bikes-loop/:bikeId'),
    addPhotos: definePath('/signup/from-scan/create-bikes-loop/:bikeId/add-photos'),
    addPhotosComplete: definePath('/signup/from-scan/create-bikes-loop/:bikeId/add-photos/complete'),
  },
  /** Stickers and plates. */
  stickers: {
    sticker: definePath('/sticker-id/:stickerId'),
    /** The GS1 Digital Link on the QR code: /sticker-id/01/{GTIN}/21/{stickerId}. */
    scanCode: definePath('/sticker-id/01/:gtin/21/:stickerId'),
    insurancePlate: definePath('/sticker-id/insurance-plate'),
    noRegistration: definePath('/sticker-id/no-registration'),
  },
  /** Landing pages of payment providers. */
  purchase: {
    failed: definePath('/purchase-failed'),
    completeRedirect: definePath('/purchase-complete-redirect'),
    subscriptionRedirect: definePath('/purchase-subscription-redirect'),
    organisationPaymentCompleteRedirect: definePath('/organisation-payment-complete-redirect'),
  },
  /** Configurable flows. */
  flows: {
    flow: definePath('/flows/:fullyQualifiedFlowMemo'),
    step: definePath('/flows/:fullyQualifiedFlowMemo/:stepMemo'),
    /** The short form of a flow address at the top level. */
    shortFlow: definePath('/:fullyQualifiedFlowMemo'),
  },
  /** Insurance sign-up (Danish names). */
  insuranceSignup: {
    benefit: definePath('/forsikringsfordel'),
    enrolment: definePath('/forsikrings-indtegning'),
    overview: definePath('/forsikrings-indtegning/overblik'),
    orderConfirmation: definePath('/forsikrings-indtegning/order-confirmation'),
  },
  surveys: {
    survey: definePath('/survey'),
    addresses: definePath('/survey/addresses'),
    adminPanel: definePath('/survey/admin-panel'),
    commutingDays: definePath('/survey/commuting-days'),
    pendlerTravel: definePath('/survey/pendler-travel'),
  },
  insurance: {
    home: definePath('/insurance'),
    onboarding: definePath('/insurance/onboarding'),
    /** One of INSURANCE_ONBOARDING_STEPS. */
    onboardingStep: definePath('/insurance/onboarding/:step'),
    admin: definePath('/insurance/:insurerPartyId/admin'),
    adminReports: definePath('/insurance/:insurerPartyId/admin/reports'),
    adminProducts: definePath('/insurance/:insurerPartyId/admin/products'),
    adminPolicyBike: definePath('/insurance/:insurerPartyId/admin/policies/:policyId/bikes/:bikeId'),
    selfAdminReports: definePath('/insurance/self/admin/reports'),
    lockTestPortal: definePath('/insurance/:insurerPartyId/lock-test-portal'),
    lockTestResponse: definePath('/insurance/:insurerPartyId/lock-test-portal/:lockTestResponseId'),
    policy: definePath('/insurance/:insurerPartyId/policy'),
    policyPersonalInfo: definePath('/insurance/:insurerPartyId/policy/personal-info'),
    policyContentsSignup: definePath('/insurance/:insurerPartyId/policy/contents-signup'),
    policyDetail: definePath('/insurance/:insurerPartyId/policy/:policyId'),
    policyHub: definePath('/insurance/:insurerPartyId/policy/:policyId/hub'),
    policyEditBike: definePath('/insurance/:insurerPartyId/policy/:policyId/bikes/:bikeId/edit-bike'),
    policyVerifyBikePossession: definePath(
      '/insurance/:insurerPartyId/policy/:policyId/bikes/:bikeId/verify-bike-possession',
    ),
    policyVerifyBikePossessionIntro: definePath(
      '/insurance/:insurerPartyId/policy/:policyId/bikes/:bikeId/verify-bike-possession/intro',
    ),
  },
  /** The signed-in area. */
  app: {
    home: definePath('/app'),
    settings: definePath('/app/settings'),
    settingsCaution: definePath('/app/settings/caution'),
    settingsDeleteUser: definePath('/app/settings/delete-user'),
    settingsDeleteCompleted: definePath('/app/settings/delete-completed'),
    chats: definePath('/app/chats'),
    chat: definePath('/app/chats/:chatId'),
    docks: definePath('/app/docks'),
    dockLocks: definePath('/app/docks/:dockId/locks'),
    dockLock: definePath('/app/docks/:dockId/locks/:lockId'),
    dockLockWebsocket: definePath('/app/docks/:dockId/locks/:lockId/websocket'),
    /** The docks the organisation the session acts for runs (its admins, issue 28). */
    docksOperate: definePath('/app/docks/operate'),
    docksOperateNew: definePath('/app/docks/operate/new'),
    dockOperate: definePath('/app/docks/:dockId/operate'),
    dockOperateEdit: definePath('/app/docks/:dockId/operate/edit'),
    dockOperateLockHistory: definePath('/app/docks/:dockId/operate/locks/:lockId/history'),
    itemPickup: definePath('/app/item-pickup'),
    /** A found bike that may be the person's stolen one (issue 32 §2): the notices, claimed into a chat. */
    possiblyYours: definePath('/app/possibly-yours'),
    qrId: definePath('/app/qr-id'),
    referencing: definePath('/app/referencing'),
    registerBike: definePath('/app/register-bike'),
    registerBikePreRegistration: definePath('/app/register-bike/pre-registration'),
    registerBikePreRegistrationInsuranceWarning: definePath(
      '/app/register-bike/pre-registration-insurance-warning',
    ),
    registerBikeInsuranceStop: definePath('/app/register-bike/insurance-stop'),
    organisations: definePath('/app/organisations'),
    organisationCreate: definePath('/app/organisations/create'),
    organisationMembers: definePath('/app/organisations/:organisationId/members'),
    organisationApiKeys: definePath('/app/organisations/:organisationId/api-keys'),
    organisationInvitation: definePath('/app/organisations/invitations/:code'),
    organisationIntegrateCardPayment: definePath(`/app/organisations/integrate-${CARD_PAYMENT_PROVIDER}`),
    redirectEditBike: definePath('/app/redirects/edit-bike/:bikeId'),
    redirectSignupComplete: definePath('/app/redirects/signup-complete'),
    redirectVerificationBegin: definePath('/app/redirects/verification-begin-redirect'),
    redirectVerificationComplete: definePath('/app/redirects/verification-complete-redirect'),
    bikesRegister: definePath('/app/bikes/register'),
    bikesRegisterPurchase: definePath('/app/bikes/register/purchase'),
    /** The club variant of the purchase page. */
    bikesRegisterPurchaseClub: definePath('/app/bikes/register/purchase-naf'),
    bikesRegisterRedeem: definePath('/app/bikes/register/redeem'),
    bikesOwnershipPortal: definePath('/app/bikes/ownership-portal'),
    contactBikeOwner: definePath('/app/bikes/:bikeId/contact-bike-owner'),
    contactBikeOwnerSuccess: definePath('/app/bikes/:bikeId/contact-bike-owner/success'),
    /** The link mailed to a visitor who wrote to an owner (`?code=`): the message is sent when it is followed. */
    contactBikeOwnerConfirm: definePath('/app/bikes/:bikeId/contact-bike-owner/confirm'),
    requestOwnership: definePath('/app/bikes/request-ownership'),
    requestOwnershipBike: definePath('/app/bikes/request-ownership/:bikeId'),
    requestOwnershipSuccess: definePath('/app/bikes/request-ownership/success/:chatId'),
    transferOwnership: definePath('/app/bikes/transfer-ownership'),
    transferOwnershipChooseRecipient: definePath('/app/bikes/transfer-ownership/:bikeId/choose-recipient'),
    transferOwnershipConfirm: definePath('/app/bikes/transfer-ownership/:bikeId/confirm'),
    verifyOwnership: definePath('/app/bikes/verify-ownership'),
    verifyOwnershipFrame: definePath('/app/bikes/verify-ownership/:bikeId/frame'),
    verifyOwnershipOwner: definePath('/app/bikes/verify-ownership/:bikeId/owner'),
    /** The person's webshop orders (issue 15). */
    orders: definePath('/app/orders'),
    myBikes: definePath('/app/my-bikes'),
    myBikesReceiveBike: definePath('/app/my-bikes/receive-bike'),
    myBikesReportStolen: definePath('/app/my-bikes/report-stolen'),
    bike: definePath('/app/my-bikes/:bikeId'),
    bikeEdit: definePath('/app/my-bikes/:bikeId/edit'),
    bikeEditEquipment: definePath('/app/my-bikes/:bikeId/edit/equipment'),
    bikeIntroStep: definePath('/app/my-bikes/:bikeId/intro-step'),
    bikePostEdit: definePath('/app/my-bikes/:bikeId/post-edit'),
    bikePublic: definePath('/app/my-bikes/:bikeId/public'),
    bikeRedeemVoucher: definePath('/app/my-bikes/:bikeId/redeem-voucher'),
    bikeRegistrationPurchase: definePath('/app/my-bikes/:bikeId/registration-purchase'),
    bikeReportDeleted: definePath('/app/my-bikes/:bikeId/report-deleted'),
    bikeStolenBikeReport: definePath('/app/my-bikes/:bikeId/stolen-bike-report'),
    bikeSubscriptionStatus: definePath('/app/my-bikes/:bikeId/subscription-status'),
    bikeTransferOwnership: definePath('/app/my-bikes/:bikeId/transfer-ownership'),
    bikeBuyPlate: definePath('/app/my-bikes/:bikeId/buy-plate'),
    bikeAttachExistingCredit: definePath('/app/my-bikes/:bikeId/attach-existing-credit'),
    bikeCompleteConfirm: definePath('/app/my-bikes/:bikeId/complete-confirm'),
    bikeCompleteConfirmMissingFrameNumber: definePath(
      '/app/my-bikes/:bikeId/complete-confirm-missing-frame-number',
    ),
    bikeReportStolen: definePath('/app/my-bikes/:bikeId/report-stolen'),
    /** One of REPORT_STOLEN_STEPS. */
    bikeReportStolenStep: definePath('/app/my-bikes/:bikeId/report-stolen/:step'),
  },
  backoffice: {
    home: definePath('/backoffice'),
    identities: definePath('/backoffice/identities'),
    identity: definePath('/backoffice/identities/:identityPartyId'),
    organisations: definePath('/backoffice/organisations'),
    organisation: definePath('/backoffice/organisations/:organisationId'),
    ownershipVerifications: definePath('/backoffice/ownership-verifications'),
    plates: definePath('/backoffice/plates'),
    insuranceVerification: definePath('/backoffice/insurance-verification'),
    insuranceVerificationInsurer: definePath('/backoffice/insurance-verification/:insurerPartyId'),
    tickets: definePath('/backoffice/tickets'),
    ticket: definePath('/backoffice/tickets/:ticketId'),
    v2: definePath('/backoffice/v2'),
    v2Diverse: definePath('/backoffice/v2/diverse'),
    /** Issue 32 §5: admins import a dealer's, insurer's or town's register. */
    v2BulkImport: definePath('/backoffice/v2/bulk-import'),
    /** Issue 29 §2: staff build, publish and measure the data-defined flows. */
    v2Flows: definePath('/backoffice/v2/flows'),
    v2Flow: definePath('/backoffice/v2/flows/:memo'),
    /** Region pages (issue 29 §3): the list, and one page's texts per language. */
    v2RegionPages: definePath('/backoffice/v2/region-pages'),
    v2RegionPage: definePath('/backoffice/v2/region-pages/:pageId'),
    v2Orders: definePath('/backoffice/v2/orders'),
    v2StolenBikes: definePath('/backoffice/v2/stolen-bikes'),
    /** Found bikes and the stolen ones they may be (issue 32 §2). */
    v2FoundBikes: definePath('/backoffice/v2/found-bikes'),
    /** Issue 30 §2: the funnel per day and the web vitals per page. */
    v2Measurement: definePath('/backoffice/v2/measurement'),
    v2InsuranceVerification: definePath('/backoffice/v2/insurance-verification'),
    v2InsuranceVerificationFrameNumber: definePath(
      '/backoffice/v2/insurance-verification/:insuredItemId/frame-number',
    ),
    v2InsuranceVerificationSummary: definePath(
      '/backoffice/v2/insurance-verification/:insuredItemId/summary',
    ),
    v2InsuranceVerificationVerifyPlateId: definePath(
      '/backoffice/v2/insurance-verification/:insuredItemId/verify-plate-id',
    ),
    v2InsuranceVerificationVerifyReceipt: definePath(
      '/backoffice/v2/insurance-verification/:insuredItemId/verify-receipt',
    ),
  },
} as const;

/** A region page's address: the landing page `/no` for '', else `/no/naf/medlem`. */
export function regionPageHref(region: Region, pagePath: string): string {
  const href = paths.public.region.getHref({ region });
  return pagePath ? `${href}/${pagePath.split('/').map(encodeURIComponent).join('/')}` : href;
}

/**
 * Pages outside this app (marketing, support, help centre), configured in one place.
 * Each has a Danish and a Norwegian address; the region picks one.
 */
export const externalLinks = {
  support: { dk: 'https://support.cykelregister.dk/', no: 'https://support.sykkelregister.no/' },
  helpCenter: {
    dk: 'https://support.cykelregister.dk/hc/da',
    no: 'https://support.sykkelregister.no/hc/no',
  },
  /** Where the police take a report of a bike theft online (the register sends none itself). */
  policeReport: { dk: 'https://politi.dk/anmeld', no: 'https://www.politiet.no/' },
} as const;
export type ExternalLink = keyof typeof externalLinks;

export function externalHref(link: ExternalLink, region: Region): string {
  return externalLinks[link][region];
}
