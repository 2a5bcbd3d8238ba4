import { organisasjonsnummerCheckDigit } from '@nbr/domain/organisations';
import type { FastifyInstance } from 'fastify';
import {
  type InsuranceProductInput,
  type PreRegistrationRow,
  preRegisterPolicies,
  storeInsuranceProduct,
} from '../modules/insurance/insurance.facade.ts';
import { bearer, signUpUser, type TestUser, uniqueEmail } from './identity-helpers.ts';
import { latestInvitationCode, nextCvr } from './organisation-helpers.ts';

/*
 * Insurers, their products and pre-registrations for API tests. An insurer is made the way the
 * product makes one: our staff admin creates it and invites its admin, who signs up and accepts,
 * and from then on signs in acting for the insurance company. Products and pre-registrations are
 * stored through the insurance facade: the insurer's admin has no product screen, and its CSV
 * upload of pre-registrations is tested through HTTP in insurer-admin.test.ts.
 */

/** A valid Danish checkout of the insurance purchase (issue 16 §2) by the holder Hanne Holder. */
export const DANISH_CHECKOUT = {
  name: 'Hanne Holder',
  email: 'hanne.holder@example.com',
  // 1 January 1990, century digit 1; fails modulus 11, which is no reason to refuse it (cpr.dk).
  identitySocialNumber: '010190-1234',
  streetAddress: 'Holdervej 1',
  city: 'Odense',
  zipCode: '5000',
  floor: '2',
  side: 'tv',
  mobilePhone: '+4520000001',
  bankRegister: '1234',
  bankAccount: '0012345678',
};

/** A simple tariff whose premiums are easy to check by hand. */
export const TEST_TARIFF = {
  price_bands: [
    { max_price: 10_000, annual_premium_minor: 50_000 },
    { max_price: 20_000, annual_premium_minor: 100_000 },
    { max_price: null, annual_premium_minor: 200_000 },
  ],
  category_surcharge_percent: { cargo: 50, racer: 10 },
  electric_surcharge_percent: 20,
} satisfies InsuranceProductInput['tariff'];

export function testProduct(
  coverKind: 'bike_theft' | 'contents_addon',
  overrides: Partial<InsuranceProductInput> = {},
): InsuranceProductInput {
  return {
    cover_kind: coverKind,
    names: { da: 'Testdækning', en: 'Test cover', no: 'Testdekning' },
    terms: { da: 'Vilkår', en: 'Terms', no: 'Vilkår (no)' },
    tariff: TEST_TARIFF,
    accepted_locks: ['varefakta'],
    required_uploads: ['frame_number', 'receipt', 'lock_proof'],
    ...overrides,
  };
}

export interface TestInsurer {
  partyId: string;
  /** The insurer's admin, signed in acting for the insurance company. */
  staff: TestUser;
}

/**
 * An insurance company created by `staffAdminToken` through the backoffice, with its admin signed
 * in acting for it, and a product of each cover kind unless `products` says otherwise.
 */
export async function createInsurer(
  app: FastifyInstance,
  staffAdminToken: string,
  options: { region?: 'dk' | 'no'; products?: InsuranceProductInput[] } = {},
): Promise<TestInsurer> {
  const email = uniqueEmail('insurer');
  const created = await app.inject({
    method: 'POST',
    url: '/api/backoffice/organisations',
    headers: bearer(staffAdminToken),
    payload: {
      name: `Test Forsikring ${email.slice(8, 14)} A/S`,
      type: 'insurance_company',
      region: options.region ?? 'dk',
      registration_number: options.region === 'no' ? nextOrganisasjonsnummer() : nextCvr(),
      admin_email: email,
    },
  });
  if (created.statusCode !== 201)
    throw new Error(`creating the insurer answered ${created.statusCode}: ${created.body}`);
  const partyId = created.json<{ party_id: string }>().party_id;
  const staff = await signUpUser(app, { email });
  const accepted = await app.inject({
    method: 'POST',
    url: `/api/organisations/invitations/${await latestInvitationCode(app, email)}/accept`,
    headers: bearer(staff.token),
  });
  if (accepted.statusCode !== 200)
    throw new Error(`accepting the invitation answered ${accepted.statusCode}: ${accepted.body}`);
  staff.token = accepted.json<{ authentication_token: string }>().authentication_token;
  for (const product of options.products ?? [testProduct('bike_theft'), testProduct('contents_addon')]) {
    await storeInsuranceProduct(app.db, partyId, product);
  }
  return { partyId, staff };
}

/** Valid Norwegian organisasjonsnumre, one per call: the register keeps registration numbers unique. */
let orgStem = 80_000_000 + Math.floor(Math.random() * 9_000_000);
function nextOrganisasjonsnummer(): string {
  for (;;) {
    orgStem += 1;
    const check = organisasjonsnummerCheckDigit(String(orgStem));
    if (check !== null) return `${orgStem}${check}`;
  }
}

/** Stores an insurer's existing customers as its CSV upload does (POST …/admin/pre-registrations). */
export async function preRegister(
  app: FastifyInstance,
  insurerPartyId: string,
  rows: PreRegistrationRow[],
): Promise<void> {
  await preRegisterPolicies(app.db, insurerPartyId, rows);
}

/** POST /api/insurance/policies/ as `token`. */
export function applyForPolicy(app: FastifyInstance, token: string | null, payload: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/insurance/policies/',
    headers: token ? bearer(token) : {},
    payload,
  });
}

/** An application that must succeed; answers the policy. */
export async function appliedPolicy(
  app: FastifyInstance,
  token: string,
  payload: Record<string, unknown>,
): Promise<{ id: string } & Record<string, unknown>> {
  const response = await applyForPolicy(app, token, payload);
  if (response.statusCode !== 201)
    throw new Error(`POST /api/insurance/policies/ answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

/** A 422's field issues as [location, code] pairs, e.g. ['body.bike_id', 'bike_not_on_policy']. */
export function issuesOf(response: { json(): unknown }): Array<[string, string]> {
  const body = response.json() as { detail: Array<{ loc: Array<string | number>; type: string }> };
  return body.detail.map((issue) => [issue.loc.join('.'), issue.type]);
}
