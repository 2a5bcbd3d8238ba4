import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { flows, flowVersions } from '../db/schema/flows.ts';
import { nationalIdentityChecks } from '../db/schema/identity.ts';
import { surveys } from '../db/schema/surveys.ts';
import { orders } from '../db/schema/webshop.ts';
import { uuidv7 } from '../platform/ids.ts';
import { grantCredits, printStickers, registerBike, storeBikeFile } from './bike-api-helpers.ts';
import { uniqueFrameNumber } from './bike-helpers.ts';
import { insertCommand, insertDockWithLock, insertParking } from './dock-fixtures.ts';
import { bearer, logIn, type TestUser } from './identity-helpers.ts';
import { appliedPolicy, createInsurer, preRegister } from './insurance-helpers.ts';
import { createBusiness, createVettedOrganisation, signUpStaff } from './organisation-helpers.ts';
import { offerBike, signUpConfirmed } from './ownership-fixtures.ts';
import { switchInto } from './role-fixtures.ts';
import { reportStolen } from './theft-report-fixtures.ts';
import { signUpConfirmedUser, verifyThroughDevProvider } from './verification-helpers.ts';
import { catalogue, checkout } from './webshop-helpers.ts';

/** Letters only, so a name is unique in the database without looking like an id. */
function uniqueWord(prefix: string): string {
  const letters = [...randomBytes(8)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
  return `${prefix}${letters}`;
}

function uniquePhone(): string {
  return `+452${[...randomBytes(7)].map((byte) => byte % 10).join('')}`;
}

function inDays(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

async function expectStatus(
  response: { statusCode: number; body: string },
  status: number,
  what: string,
): Promise<void> {
  if (response.statusCode !== status)
    throw new Error(`${what} answered ${response.statusCode}: ${response.body}`);
}

export interface PersonEverywhere {
  person: TestUser;
  /** Someone the person dealt with (chats, a request, an offer, a pickup). */
  other: TestUser;
  /** What identifies the person, for scans of every table after a deletion. */
  identifying: {
    email: string;
    firstName: string;
    lastName: string;
    fullName: string;
    phone: string;
    mobile: string;
    streetAddress: string;
    nationalSubject: string;
    nationalName: string | null;
  };
  bikeIds: { withChat: string; offered: string; stolen: string };
  /** The person's policy (insuring withChat), linked to the insurer's pre-registration of them. */
  insurance: { policyId: string; insurerPolicyId: string };
  /** The business the person administers, and an order they placed for it. */
  organisation: { partyId: string; orderId: string; invoiceAddress: string };
  /** The municipality's dock the person parked in (issue 28). */
  dock: { dockId: string; operatorPartyId: string };
  /** The municipality's commuter survey the person answered (issue 29 §1). */
  surveyId: string;
  /** The campaign the person walked signed in, leaving their e-mail address in it (issue 29 §2). */
  flowMemo: string;
}

/**
 * A person with rows in as many tables as the API can reach: profile, consents, analytics, a national
 * identity check, credits, bikes with plates and a file, chats in both directions, an ownership
 * request to them, an offer from them, a theft report, a bike they hold for someone else, an
 * insurance policy linked to an insurer's pre-registration of them, an organisation, and a staff
 * member's switch into their account (an audit event about them).
 */
/** The CPR number the fixture's person gives at the insurance checkout (a valid date, no mod-11). */
export const FIXTURE_CPR = '010190-1234';

export async function personWithDataEverywhere(app: FastifyInstance): Promise<PersonEverywhere> {
  const phone = uniquePhone();
  const person = await signUpConfirmedUser(app, { phone });
  const firstName = uniqueWord('Ingrid');
  const lastName = uniqueWord('Privatsen');
  const mobile = uniquePhone();
  const streetAddress = `${uniqueWord('Hemmelig')}vej 7`;
  await expectStatus(
    await app.inject({
      method: 'PUT',
      url: '/api/identities/me',
      headers: bearer(person.token),
      payload: {
        first_name: firstName,
        last_name: lastName,
        street_address: streetAddress,
        mobile,
        city: 'Odense',
      },
    }),
    200,
    'PUT /me',
  );
  await expectStatus(
    await app.inject({
      method: 'POST',
      url: '/api/identities/consents/newsletter/',
      headers: bearer(person.token),
      payload: { action: 'grant' },
    }),
    200,
    'consent',
  );
  await expectStatus(
    await app.inject({
      method: 'POST',
      url: '/api/actions/page/settings?installed=false',
      headers: bearer(person.token, { 'app-version': '1.0.0', 'session-id': 'client-x' }),
      payload: { path: '/app/settings' },
    }),
    204,
    'tracking',
  );
  await expectStatus(await verifyThroughDevProvider(app, person.token), 200, 'identity verification');
  const [check] = await app.db
    .select()
    .from(nationalIdentityChecks)
    .where(eq(nationalIdentityChecks.partyId, person.partyId));
  if (!check) throw new Error('no national identity check recorded');

  await grantCredits(app, person.email, 5);
  // A paid order of plates, shipped to the person's name and street (kept, pseudonymised, on deletion).
  await app.db.insert(orders).values({
    id: uuidv7(),
    partyId: person.partyId,
    region: 'dk',
    currency: 'DKK',
    status: 'fulfilled',
    shipmentStatus: 'waiting',
    subtotalMinor: 4_900,
    totalMinor: 4_900,
    vatMinor: 980,
    paymentMethod: 'reepay',
    providerReference: uuidv7(),
    buyerEmail: person.email,
    shippingAddress: {
      name: `${firstName} ${lastName}`,
      street_address: streetAddress,
      zip_code: '5000',
      city: 'Odense',
      country: 'DK',
    },
    receiptNumber: Number.parseInt(randomBytes(3).toString('hex'), 16),
    paidAt: new Date(),
    fulfilledAt: new Date(),
  });
  const [plateA, plateB, plateC] = await printStickers(app, 3);
  const withChat = (
    await registerBike(app, person.token, {
      nickname: 'Hverdag',
      frame_number: uniqueFrameNumber(),
      plate_id: plateA,
    })
  ).bike_id;
  const offered = (
    await registerBike(app, person.token, {
      nickname: 'Gave',
      frame_number: uniqueFrameNumber(),
      plate_id: plateB,
    })
  ).bike_id;
  const stolen = (
    await registerBike(app, person.token, {
      nickname: 'Væk',
      frame_number: uniqueFrameNumber(),
      plate_id: plateC,
    })
  ).bike_id;
  await storeBikeFile(app, { bikeId: withChat, ownerPartyId: person.partyId, kind: 'private' });

  const other = await signUpConfirmed(app);
  // The other person writes to the owner; the owner answers.
  const contacted = await app.inject({
    method: 'POST',
    url: `/api/bikes/${withChat}/contact-owner`,
    headers: bearer(other.token),
    payload: { message: 'Hej, er det din cykel der står ved stationen?' },
  });
  await expectStatus(contacted, 201, 'contact owner');
  const chatId = contacted.json<{ chat_id: string }>().chat_id;
  await expectStatus(
    await app.inject({
      method: 'POST',
      url: `/api/chats/${chatId}/messages`,
      headers: bearer(person.token),
      payload: { content: 'Ja, tak for beskeden!' },
    }),
    201,
    'answer in chat',
  );
  await expectStatus(
    await app.inject({
      method: 'POST',
      url: '/api/ownership-requests/',
      headers: bearer(other.token),
      payload: { bike_id: withChat, message: 'Må jeg overtage den?' },
    }),
    201,
    'ownership request',
  );
  // A resale certificate of the stolen bike, issued before it was taken (issue 32 §4).
  await expectStatus(
    await app.inject({
      method: 'POST',
      url: `/api/bikes/${stolen}/resale-certificates`,
      headers: bearer(person.token),
    }),
    201,
    'resale certificate',
  );
  await offerBike(app, person.token, offered, other.email);
  await reportStolen(app, person.token, stolen, {
    first_name: firstName,
    last_name: lastName,
    email: person.email,
    mobile,
    street_address: streetAddress,
  });

  // The person (verified) holds the other person's bike for them.
  await grantCredits(app, other.email, 1);
  const othersBike = (await registerBike(app, other.token, { nickname: 'Fundet' })).bike_id;
  await expectStatus(
    await app.inject({
      method: 'POST',
      url: `/api/bikes/${othersBike}/pickups`,
      headers: bearer(person.token),
      payload: {
        place: 'Banegården, Odense',
        collect_until: inDays(10),
        note: 'Ring først.',
        found_on: inDays(-1),
      },
    }),
    201,
    'item pickup',
  );

  // An insurer uploaded the person as its contents customer; they insure a bike and link the two.
  const staffAdmin = await signUpStaff(app, 'admin');
  const insurer = await createInsurer(app, staffAdmin.token);
  const insurerPolicyId = `INDBO-${uniqueWord('p')}`;
  await preRegister(app, insurer.partyId, [
    {
      insurer_policy_id: insurerPolicyId,
      holder_email: person.email,
      holder_name: `${firstName} ${lastName}`,
    },
  ]);
  const policy = await appliedPolicy(app, person.token, {
    insurer_party_id: insurer.partyId,
    coverage: 'contents_addon',
    number_of_bikes: 2,
    bike_ids: [withChat],
  });
  await expectStatus(
    await app.inject({
      method: 'POST',
      url: `/api/insurance/${insurer.partyId}/policies/pre-registration-lookup/${insurerPolicyId}/`,
      headers: bearer(person.token),
      payload: { policy_id: policy.id },
    }),
    200,
    'pre-registration lookup',
  );
  // The insurer asks for a lock test and the person answers it from their lock certificate.
  const lockTest = await app.inject({
    method: 'POST',
    url: `/api/insurance/${insurer.partyId}/lock-tests`,
    headers: bearer(insurer.staff.token),
    payload: { email: person.email, policy_id: insurerPolicyId },
  });
  await expectStatus(lockTest, 201, 'lock test request');
  await expectStatus(
    await app.inject({
      method: 'PUT',
      url: `/api/insurance/lock-tests/${lockTest.json<{ id: string }>().id}/answer`,
      headers: bearer(person.token),
      payload: {
        approval: 'varefakta',
        certificate_number: 'VK 4410',
        lock_name: 'Trelock BS 650',
        key_number: 'T-2231',
        bike_id: withChat,
        certificate_frame_number: 'WBK 1',
        dealer_stamp: true,
      },
    }),
    200,
    'lock test answer',
  );
  // They completed the checkout of that policy (national id and bank account included) and started
  // signing up again at the same insurer (issue 16 §2).
  await expectStatus(
    await app.inject({
      method: 'PUT',
      url: `/api/insurance/policies/${policy.id}/holder-details`,
      headers: bearer(person.token),
      payload: {
        name: `${firstName} ${lastName}`,
        email: person.email,
        identitySocialNumber: FIXTURE_CPR,
        streetAddress,
        city: 'Odense',
        zipCode: '5000',
        mobilePhone: mobile,
        otherPhone: phone,
        bankRegister: '1234',
        bankAccount: '0012345678',
      },
    }),
    200,
    'insurance checkout',
  );
  await expectStatus(
    await app.inject({
      method: 'PUT',
      url: '/api/insurance/onboarding-draft',
      headers: bearer(person.token),
      payload: {
        acknowledgement_privacy: true,
        insurer_party_id: insurer.partyId,
        first_name: firstName,
        last_name: lastName,
        street_address: streetAddress,
        mobile,
      },
    }),
    200,
    'insurance onboarding draft',
  );

  // The business they administer, and an order they placed for it while acting for it: its receipt
  // address is theirs until they delete their account (issue 27).
  const organisationPartyId = await createBusiness(app, person);
  const invoiceAddress = `faktura-${organisationPartyId.slice(-8)}@business.example`;
  await expectStatus(
    await app.inject({
      method: 'PATCH',
      url: `/api/backoffice/organisations/${organisationPartyId}`,
      headers: bearer((await signUpStaff(app, 'support')).token),
      payload: { billing_email: invoiceAddress },
    }),
    200,
    'the business’s invoice address',
  );
  const actingForIt = await app.inject({
    method: 'PUT',
    url: '/api/identities/authentications/acting-party',
    headers: bearer(await logIn(app, person.email, person.password)),
    payload: { party_id: organisationPartyId },
  });
  await expectStatus(actingForIt, 200, 'act for the business');
  const registration = (await catalogue(app))['dk-registration'];
  if (!registration) throw new Error('no dk-registration product');
  const organisationOrderId = (
    await checkout(app, actingForIt.json<{ authentication_token: string }>().authentication_token, {
      items: [{ product_id: registration.id, quantity: 1 }],
    })
  ).order_id;
  const staff = await signUpStaff(app, 'support');
  // A support ticket about the bike, naming the person, answered by staff (issue 17 §2); and a
  // question the person wrote as a visitor from their address, confirmed through the mailed link.
  const ticket = await app.inject({
    method: 'POST',
    url: '/api/support/tickets',
    headers: bearer(person.token),
    payload: {
      subject_kind: 'bike',
      bike_id: withChat,
      message: `I am ${firstName} ${lastName}, call me on ${mobile} at ${streetAddress}`,
    },
  });
  await expectStatus(ticket, 201, 'support ticket');
  const ticketId = ticket.json<{ ticket: { id: string } }>().ticket.id;
  await expectStatus(
    await app.inject({
      method: 'POST',
      url: `/api/backoffice/tickets/${ticketId}/messages`,
      headers: bearer(staff.token),
      payload: { content: `Hello ${firstName}, we have called ${phone}` },
    }),
    201,
    'support answer',
  );
  await expectStatus(
    await app.inject({
      method: 'POST',
      url: '/api/support/guest-tickets',
      payload: { email: person.email, message: `From ${firstName} ${lastName} without signing in` },
    }),
    201,
    'support question as a visitor',
  );
  // Docks (issue 28): a municipality's dock names the person in its list of people. They locked the
  // stolen bike there and unlocked it, the operator opened the lock holding another of their bikes
  // with a reason, and a third bike stands locked there now.
  const dockOperator = await createVettedOrganisation(
    app,
    staffAdmin.token,
    'municipality',
    `${uniqueWord('Dok')} Kommune`,
  );
  const dock = await insertDockWithLock(app.db, {
    operatorPartyId: dockOperator.partyId,
    name: 'Fixturens Cykelhus',
    lockLabel: 'F1',
    access: 'people',
    people: [person.email],
  });
  const hour = 3600 * 1000;
  const unlocked = await insertParking(app.db, {
    ...dock,
    partyId: person.partyId,
    bikeId: stolen,
    lockedAt: new Date(Date.now() - 50 * hour),
    unlockedAt: new Date(Date.now() - 48 * hour),
    unlockedBy: 'owner',
  });
  await insertCommand(app.db, dock, {
    action: 'lock',
    requestedByPartyId: person.partyId,
    bikeId: stolen,
    parkingId: unlocked,
    status: 'accepted',
    deviceAnswer: 'Locked',
    at: new Date(Date.now() - 50 * hour),
  });
  await insertCommand(app.db, dock, {
    action: 'unlock',
    requestedByPartyId: person.partyId,
    parkingId: unlocked,
    status: 'accepted',
    deviceAnswer: 'Unlocked',
    at: new Date(Date.now() - 48 * hour),
  });
  const openedByOperator = await insertParking(app.db, {
    ...dock,
    partyId: person.partyId,
    bikeId: withChat,
    lockedAt: new Date(Date.now() - 30 * hour),
    unlockedAt: new Date(Date.now() - 26 * hour),
    unlockedBy: 'operator',
  });
  await insertCommand(app.db, dock, {
    action: 'unlock',
    requestedByPartyId: dockOperator.member.partyId,
    operatorPartyId: dockOperator.partyId,
    reason: 'The lock jammed; the owner called us',
    parkingId: openedByOperator,
    status: 'accepted',
    deviceAnswer: 'Unlocked',
    at: new Date(Date.now() - 26 * hour),
  });
  await insertParking(app.db, {
    ...dock,
    partyId: person.partyId,
    bikeId: offered,
    lockedAt: new Date(Date.now() - hour),
  });

  // Issue 29 §1: the person answered the municipality's commuter survey, all three steps.
  const surveyId = uuidv7();
  await app.db.insert(surveys).values({
    id: surveyId,
    organisationPartyId: dockOperator.partyId,
    title: 'Fixturens pendlerundersøgelse',
    opensOn: '2020-01-01',
    closesOn: '2099-12-31',
  });
  const surveySteps = [
    [
      'addresses',
      {
        home_postcode: '8000',
        work_postcode: '8200',
        home_position: null,
        work_position: null,
        workplace_id: null,
      },
    ],
    ['commuting-days', { days: [1, 2, 3, 4, 5] }],
    [
      'travel',
      {
        legs: [{ mode: 'bike', distance_km: 4, minutes: 15 }],
        would_cycle_more_with_parking: true,
        would_cycle_more_with_dock: true,
      },
    ],
  ] as const;
  for (const [step, payload] of surveySteps) {
    const answered = await app.inject({
      method: 'PUT',
      url: `/api/surveys/${surveyId}/answer/${step}`,
      headers: bearer(person.token),
      payload,
    });
    await expectStatus(answered, 200, `survey step ${step}`);
  }

  // Issue 29 §2: the person walked a campaign signed in and left their e-mail address in it.
  const flowId = uuidv7();
  const flowMemo = `fixture-${flowId.slice(-8)}`;
  const flowDefinition = {
    title: { da: 'Fixturens kampagne' },
    steps: [
      {
        memo: 'kontakt',
        title: { da: 'Kontakt' },
        blocks: [],
        questions: [{ id: 'email', kind: 'email', label: { da: 'E-mail' }, required: true }],
        action: null,
        routes: [],
        otherwise: 'end',
      },
    ],
  };
  const now = new Date();
  await app.db.insert(flows).values({
    id: flowId,
    memo: flowMemo,
    draft: flowDefinition,
    draftUpdatedAt: now,
    publishedVersion: 1,
    createdAt: now,
    updatedAt: now,
  });
  await app.db
    .insert(flowVersions)
    .values({ flowId, version: 1, definition: flowDefinition, publishedAt: now });
  const walk = await app.inject({
    method: 'POST',
    url: `/api/flows/${flowMemo}/walks`,
    headers: bearer(person.token),
  });
  await expectStatus(walk, 201, 'flow walk');
  const started = walk.json() as { walk: { id: string }; token: string };
  const walked = await app.inject({
    method: 'PUT',
    url: `/api/flows/walks/${started.walk.id}/steps/kontakt`,
    headers: { ...bearer(person.token), 'x-flow-walk-token': started.token },
    payload: { answers: { email: person.email } },
  });
  await expectStatus(walked, 200, 'flow step');

  await switchInto(app, staff.token, person.partyId);

  return {
    person,
    other,
    identifying: {
      email: person.email,
      firstName,
      lastName,
      fullName: `${firstName} ${lastName}`,
      phone,
      mobile,
      streetAddress,
      nationalSubject: check.subject,
      nationalName: check.name,
    },
    bikeIds: { withChat, offered, stolen },
    insurance: { policyId: policy.id, insurerPolicyId },
    organisation: { partyId: organisationPartyId, orderId: organisationOrderId, invoiceAddress },
    dock: { dockId: dock.dockId, operatorPartyId: dockOperator.partyId },
    surveyId,
    flowMemo,
  };
}
