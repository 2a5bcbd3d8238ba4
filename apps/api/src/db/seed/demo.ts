import type { BikeCreate } from '@nbr/domain/bikes';
import { normaliseVoucherCode } from '@nbr/domain/webshop';
import { and, eq } from 'drizzle-orm';
import { registerBike } from '../../modules/bikes/bikes.service.ts';
import { hashPassword } from '../../modules/identity/passwords.ts';
import * as insurance from '../../modules/insurance/insurance.facade.ts';
import * as plates from '../../modules/plates/plates.service.ts';
import { findProductByHandle } from '../../modules/webshop/catalogue.repository.ts';
import { findVoucherByHash, hashVoucherCode } from '../../modules/webshop/vouchers.repository.ts';
import { storeVoucherBatch } from '../../modules/webshop/vouchers.service.ts';
import * as webshop from '../../modules/webshop/webshop.service.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { ValidationError } from '../../platform/errors.ts';
import { placeOfPostcode } from '../../platform/geo/postcodes.ts';
import { uuidv7 } from '../../platform/ids.ts';
import type { Database } from '../client.ts';
import { staffMembers } from '../schema/backoffice.ts';
import { consentEvents, identities, parties } from '../schema/identity.ts';
import { organisationMembers, organisations } from '../schema/organisations.ts';
import { seedDemoDock, seedDemoLeftBehindBike } from './demo-dock.ts';

export const DEMO_PASSWORD = 'demo-password-2026';

const DEMO_PEOPLE = [
  {
    email: 'anna@demo.cykelregister.dk',
    firstName: 'Anna',
    lastName: 'Jensen',
    streetAddress: 'Vesterbrogade 12',
    floor: '3',
    side: 'tv',
    zipCode: '1620',
    city: 'København V',
    mobile: '+4520123456',
    language: 'da',
    region: 'dk',
  },
  {
    email: 'ola@demo.cykelregister.dk',
    firstName: 'Ola',
    lastName: 'Nordmann',
    streetAddress: 'Karl Johans gate 22',
    floor: null,
    side: null,
    zipCode: '0159',
    city: 'Oslo',
    mobile: '+4791234567',
    language: 'no',
    region: 'no',
  },
  {
    email: 'staff@demo.cykelregister.dk',
    firstName: 'Sofie',
    lastName: 'Staff',
    streetAddress: null,
    floor: null,
    side: null,
    zipCode: null,
    city: null,
    mobile: null,
    language: 'da',
    region: 'dk',
    staffRole: 'admin',
  },
  {
    email: 'support@demo.cykelregister.dk',
    firstName: 'Søren',
    lastName: 'Support',
    streetAddress: null,
    floor: null,
    side: null,
    zipCode: null,
    city: null,
    mobile: null,
    language: 'da',
    region: 'dk',
    staffRole: 'support',
  },
] as const;

export interface DemoAccount {
  email: string;
  password: string;
  language: string;
  region: string;
  /** Whether this call created the account (false when it already existed). */
  created: boolean;
  /** The backoffice role the demo account was created with. */
  staffRole?: 'support' | 'admin';
}

/**
 * Creates the demo accounts that are missing, with verified e-mail addresses and the consents
 * sign-up implies. Safe to call on every start: existing accounts are left exactly as they are.
 */
export async function seedDemoData(db: Database): Promise<DemoAccount[]> {
  const accounts: DemoAccount[] = [];
  for (const { staffRole, ...person } of DEMO_PEOPLE.map((entry) => ({ staffRole: undefined, ...entry }))) {
    const [existing] = await db
      .select({ partyId: identities.partyId })
      .from(identities)
      .where(eq(identities.email, person.email))
      .limit(1);
    let created = false;
    if (!existing) {
      const passwordHash = await hashPassword(DEMO_PASSWORD);
      const now = new Date();
      const partyId = uuidv7(now.getTime());
      await db.transaction(async (tx) => {
        await tx.insert(parties).values({ id: partyId, kind: 'person', createdAt: now });
        await tx.insert(identities).values({
          partyId,
          passwordHash,
          emailVerifiedAt: now,
          signedUpAt: now,
          ...person,
        });
        await tx.insert(consentEvents).values(
          (['privacy', 'terms'] as const).map((type) => ({
            id: uuidv7(),
            partyId,
            type,
            action: 'grant' as const,
            source: 'signup',
            createdAt: now,
          })),
        );
        if (staffRole) {
          await tx.insert(staffMembers).values({ identityPartyId: partyId, role: staffRole, grantedAt: now });
          await recordAuditEvent(tx, {
            action: 'staff.grant',
            actorPartyId: null,
            targetPartyId: partyId,
            sessionId: null,
            details: { role: staffRole, previous_role: null, source: 'demo_seed' },
            now,
          });
        }
      });
      created = true;
    }
    accounts.push({
      email: person.email,
      password: DEMO_PASSWORD,
      language: person.language,
      region: person.region,
      created,
      ...(staffRole ? { staffRole } : {}),
    });
  }
  accounts.push(...(await seedDemoOrganisations(db)));
  // Issue 28: a public dock of Demo Kommune with a paired device the simulator signs in as.
  await seedDemoDock(db);
  await seedDemoDealers(db);
  await seedDemoInsurance(db);
  await seedDemoRegister(db);
  // After the demo people's bikes: one of them left behind in the demo dock.
  await seedDemoLeftBehindBike(db);
  await seedDemoVouchers(db);
  return accounts;
}

/**
 * Demo vouchers with known codes (development only), each usable once per person by up to a
 * thousand people: a registration in each region, and a 20 % discount at checkout.
 */
export const DEMO_VOUCHERS = [
  { code: 'DEMO-CYKEL-DK', note: 'Demo: a registration (dk)', product: 'dk-registration' },
  { code: 'DEMO-SYKKEL-NO', note: 'Demo: a registration (no)', product: 'no-registration' },
  { code: 'DEMO-RABAT-20', note: 'Demo: 20 % off', discount: 20 },
] as const;

async function seedDemoVouchers(db: Database): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const demo of DEMO_VOUCHERS) {
      if (await findVoucherByHash(tx, hashVoucherCode(normaliseVoucherCode(demo.code)))) continue;
      const product = 'product' in demo ? await findProductByHandle(tx, demo.product) : null;
      await storeVoucherBatch(tx, {
        note: demo.note,
        count: 1,
        max_redemptions: 1000,
        expires_at: new Date(now.getTime() + 365 * 24 * 60 * 60 * 1000).toISOString(),
        ...(product ? { product_id: product.id } : {}),
        ...('discount' in demo ? { discount_percent: demo.discount } : {}),
        createdByPartyId: null,
        codes: [demo.code],
        now,
      });
    }
  });
}

/** An insurer (so its admin pages can be tried) and a business of Anna's, both with valid CVR numbers. */
const DEMO_INSURER = {
  name: 'Demo Forsikring A/S',
  type: 'insurance_company',
  region: 'dk',
  registrationNumber: '12345674',
} as const;
const DEMO_BUSINESS = {
  name: 'Demo Cykler ApS',
  type: 'business',
  region: 'dk',
  registrationNumber: '87654311',
} as const;
const DEMO_BUSINESS_ADMIN = 'anna@demo.cykelregister.dk';

/** A business user of an organisation: no account of their own, every sign-in acts for it. */
interface DemoBusinessUser {
  email: string;
  firstName: string;
  lastName: string;
  language: string;
  region: string;
}

/**
 * The organisations whose business users the seed creates: the insurer, and the police and a
 * municipality (issue 17 §3: /org-bike-search and the bikes they hold for their owners).
 */
const DEMO_ORGANISATIONS_WITH_USERS: ReadonlyArray<{
  organisation: { name: string; type: string; region: string; registrationNumber: string };
  user: DemoBusinessUser;
}> = [
  {
    organisation: DEMO_INSURER,
    user: {
      email: 'forsikring@demo.cykelregister.dk',
      firstName: 'Frida',
      lastName: 'Forsikring',
      language: 'da',
      region: 'dk',
    },
  },
  {
    organisation: { name: 'Demo Politi', type: 'police', region: 'dk', registrationNumber: '11223346' },
    user: {
      email: 'politi@demo.cykelregister.dk',
      firstName: 'Peter',
      lastName: 'Politi',
      language: 'da',
      region: 'dk',
    },
  },
  {
    organisation: {
      name: 'Demo Kommune',
      type: 'municipality',
      region: 'dk',
      registrationNumber: '33445563',
    },
    user: {
      email: 'kommune@demo.cykelregister.dk',
      firstName: 'Karen',
      lastName: 'Kommune',
      language: 'da',
      region: 'dk',
    },
  },
];

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** An organisation as the seed writes it: found again by its registration number. */
type DemoOrganisation = Omit<typeof organisations.$inferInsert, 'partyId' | 'createdAt'> & {
  registrationNumber: string;
};

/** The organisation's party id, and whether this call created it (found by its registration number). */
async function ensureOrganisation(
  tx: Tx,
  values: DemoOrganisation,
  now: Date,
): Promise<{ partyId: string; created: boolean }> {
  const [existing] = await tx
    .select({ partyId: organisations.partyId })
    .from(organisations)
    .where(
      and(
        eq(organisations.region, values.region),
        eq(organisations.registrationNumber, values.registrationNumber),
      ),
    )
    .limit(1);
  if (existing) return { partyId: existing.partyId, created: false };
  const partyId = uuidv7(now.getTime());
  await tx.insert(parties).values({ id: partyId, kind: 'organisation', createdAt: now });
  await tx.insert(organisations).values({ partyId, ...values, createdAt: now });
  return { partyId, created: true };
}

/** Creates the business user of an organisation, as its admin, when the address has no account. */
async function ensureBusinessUser(
  tx: Tx,
  user: DemoBusinessUser,
  organisationPartyId: string,
  now: Date,
): Promise<DemoAccount> {
  const [existingUser] = await tx
    .select({ partyId: identities.partyId })
    .from(identities)
    .where(eq(identities.email, user.email))
    .limit(1);
  if (!existingUser) {
    const partyId = uuidv7(now.getTime());
    await tx.insert(parties).values({ id: partyId, kind: 'person', createdAt: now });
    await tx.insert(identities).values({
      partyId,
      ...user,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      emailVerifiedAt: now,
      signedUpAt: now,
      defaultPartyId: organisationPartyId,
    });
    await tx
      .insert(organisationMembers)
      .values({ organisationPartyId, identityPartyId: partyId, role: 'admin', createdAt: now })
      .onConflictDoNothing();
  }
  return {
    email: user.email,
    password: DEMO_PASSWORD,
    language: user.language,
    region: user.region,
    created: !existingUser,
  };
}

/**
 * Creates the demo organisations and their business users when missing. Like the people, what
 * exists is left alone: members someone removed while trying the app stay removed.
 */
async function seedDemoOrganisations(db: Database): Promise<DemoAccount[]> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const business = await ensureOrganisation(tx, DEMO_BUSINESS, now);
    if (business.created) {
      const [anna] = await tx
        .select({ partyId: identities.partyId })
        .from(identities)
        .where(eq(identities.email, DEMO_BUSINESS_ADMIN))
        .limit(1);
      if (anna) {
        await tx.insert(organisationMembers).values({
          organisationPartyId: business.partyId,
          identityPartyId: anna.partyId,
          role: 'admin',
          createdAt: now,
        });
      }
    }
    const accounts: DemoAccount[] = [];
    for (const { organisation, user } of DEMO_ORGANISATIONS_WITH_USERS) {
      const { partyId } = await ensureOrganisation(tx, organisation, now);
      accounts.push(await ensureBusinessUser(tx, user, partyId, now));
    }
    return accounts;
  });
}

/**
 * Dealers listed on /find-distributor, in Denmark and Norway, placed on the map by their postcode.
 * Created once: a dealer staff unlisted or changed while trying the backoffice stays so.
 */
export const DEMO_DEALERS = [
  {
    name: 'Demo Cykelhandel København',
    region: 'dk',
    registrationNumber: '44556677',
    streetAddress: 'Nørrebrogade 40',
    postcode: '2200',
    town: 'København N',
  },
  {
    name: 'Demo Cykelsmed Aarhus',
    region: 'dk',
    registrationNumber: '55667780',
    streetAddress: 'Frederiksgade 20',
    postcode: '8000',
    town: 'Aarhus C',
  },
  {
    name: 'Demo Sykkelbutikk Oslo',
    region: 'no',
    registrationNumber: '911223341',
    streetAddress: 'Torggata 10',
    postcode: '0181',
    town: 'Oslo',
  },
] as const;

async function seedDemoDealers(db: Database): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const dealer of DEMO_DEALERS) {
      await ensureOrganisation(
        tx,
        {
          ...dealer,
          type: 'dealer',
          ...placeOfPostcode(dealer.region, dealer.postcode),
          listedAsDistributor: true,
        },
        now,
      );
    }
  });
}

/**
 * The demo insurer's products (Danish practice, insurance.md §2): the bike add-on to its contents
 * cover and a standalone bike-theft policy, both for bikes locked with a Varefakta-approved lock.
 * The figures are the demo's own, not any insurer's tariff.
 */
export const DEMO_INSURANCE_PRODUCTS: insurance.InsuranceProductInput[] = [
  {
    cover_kind: 'contents_addon',
    names: {
      da: 'Cykel Plus – tilvalg til indboforsikringen',
      en: 'Bike Plus – add-on to your contents insurance',
      no: 'Sykkel Pluss – tillegg til innboforsikringen',
    },
    terms: {
      da: 'Hæver dækningen af dine cykler ud over indboforsikringens grænse. Tyveri dækkes, når cyklen har et fastgjort stelnummer og var låst med en Varefakta-godkendt lås, tyveriet er anmeldt til politiet, og du har kvittering for købet. Cykler med motor, der hjælper over 25 km/t, er ikke dækket.',
      en: 'Raises the cover of your bikes above the limit of your contents insurance. Theft is covered when the bike has a permanent frame number and was locked with a Varefakta-approved lock, the theft is reported to the police, and you have the receipt. Bikes whose motor assists above 25 km/h are not covered.',
      no: 'Hever dekningen av syklene dine over grensen i innboforsikringen. Tyveri dekkes når sykkelen har et fast rammenummer og var låst med en Varefakta-godkjent lås, tyveriet er anmeldt til politiet, og du har kvittering for kjøpet. Sykler med motor som hjelper over 25 km/t er ikke dekket.',
    },
    tariff: {
      price_bands: [
        { max_price: 10_000, annual_premium_minor: 10_000 },
        { max_price: 25_000, annual_premium_minor: 20_000 },
        { max_price: 50_000, annual_premium_minor: 30_000 },
        { max_price: null, annual_premium_minor: 50_000 },
      ],
      category_surcharge_percent: { cargo: 25, racer: 20, mountainTour: 10 },
      electric_surcharge_percent: 50,
    },
    accepted_locks: ['varefakta'],
    required_uploads: ['frame_number', 'receipt', 'lock_proof'],
  },
  {
    cover_kind: 'bike_theft',
    names: { da: 'Cykelforsikring', en: 'Bike insurance', no: 'Sykkelforsikring' },
    terms: {
      da: 'Dækker tyveri af den forsikrede cykel. Cyklen skal have et fastgjort stelnummer og være låst med en Varefakta-godkendt lås med udfyldt låsebevis; tyveri skal straks anmeldes til politiet og hurtigst muligt til os, og du skal kunne vise kvittering for købet. Glemte, tabte eller bortkomne cykler og cykler med motor, der hjælper over 25 km/t, er ikke dækket.',
      en: 'Covers theft of the insured bike. The bike must have a permanent frame number and be locked with a Varefakta-approved lock with a completed lock certificate; a theft must be reported to the police at once and to us as soon as possible, and you must be able to show the receipt. Forgotten, lost or misplaced bikes and bikes whose motor assists above 25 km/h are not covered.',
      no: 'Dekker tyveri av den forsikrede sykkelen. Sykkelen må ha et fast rammenummer og være låst med en Varefakta-godkjent lås med utfylt låsebevis; tyveri må straks anmeldes til politiet og snarest mulig til oss, og du må kunne vise kvittering for kjøpet. Glemte, tapte eller bortkomne sykler og sykler med motor som hjelper over 25 km/t er ikke dekket.',
    },
    tariff: {
      price_bands: [
        { max_price: 5_000, annual_premium_minor: 40_000 },
        { max_price: 10_000, annual_premium_minor: 70_000 },
        { max_price: 20_000, annual_premium_minor: 120_000 },
        { max_price: 40_000, annual_premium_minor: 200_000 },
        { max_price: null, annual_premium_minor: 320_000 },
      ],
      category_surcharge_percent: { cargo: 30, racer: 15, mountainTour: 10 },
      electric_surcharge_percent: 40,
    },
    accepted_locks: ['varefakta'],
    required_uploads: ['main_image', 'frame_number', 'receipt', 'lock_proof'],
  },
];

/**
 * One of the demo insurer's existing contents customers, with an address no demo account has: who
 * signs up with it and asks for the bike cover is sent to confirm their contents cover (SPEC §8).
 */
export const DEMO_PRE_REGISTRATION = {
  insurer_policy_id: 'DEMO-INDBO-1001',
  holder_email: 'indbo@demo.cykelregister.dk',
  holder_name: 'Ida Indbo',
} as const;

/** The demo insurer's products (once: products someone changed stay) and its pre-registered customer. */
async function seedDemoInsurance(db: Database): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    const insurer = await ensureOrganisation(tx, DEMO_INSURER, now);
    if (!(await insurance.hasProducts(tx, insurer.partyId))) {
      for (const product of DEMO_INSURANCE_PRODUCTS) {
        await insurance.storeInsuranceProduct(tx, insurer.partyId, product, now);
      }
    }
    await insurance.preRegisterPolicies(tx, insurer.partyId, [DEMO_PRE_REGISTRATION], now);
  });
}

/** Credits each demo owner gets (a subscription without a period end, so it stays active). */
export const DEMO_CREDITS = 5;
/** The note of the demo sticker batches, which also marks that the register was seeded. */
export const DEMO_STICKER_NOTE = 'demo seed';
export const DEMO_BIKE_STICKERS = 50;
export const DEMO_EQUIPMENT_STICKERS = 10;

/** One bike per demo person; Anna's carries the first sticker of the demo batch. */
const DEMO_BIKES: Array<{ owner: string; withPlate: boolean; bike: BikeCreate }> = [
  {
    owner: 'anna@demo.cykelregister.dk',
    withPlate: true,
    bike: {
      nickname: 'Annas FDB',
      frame_number: 'WDA12345Z',
      brand: 'FDB',
      model: 'Classic 7',
      category: 'city',
      color: 'green',
      type: 'female',
      is_electric: false,
      price: 6500,
      visibility: 'active',
    },
  },
  {
    owner: 'ola@demo.cykelregister.dk',
    withPlate: false,
    bike: {
      nickname: 'Olas DBS',
      frame_number: 'WBK54321M',
      brand: 'DBS',
      model: 'Intruder',
      production_year: 2017,
      category: 'hybrid',
      color: 'black',
      type: 'unisex',
      is_electric: true,
      price: 18900,
      visibility: 'searchable',
    },
  },
];

async function partyIdByEmail(tx: Tx, email: string): Promise<string | null> {
  const [row] = await tx
    .select({ partyId: identities.partyId })
    .from(identities)
    .where(eq(identities.email, email))
    .limit(1);
  return row?.partyId ?? null;
}

/**
 * The register's demo data: credits for Anna, Ola and the demo business, a batch of free bike
 * stickers and one of equipment stickers, and one bike each for Anna and Ola. Once: the demo sticker
 * batch marks it done, so bikes deleted while trying the app stay deleted.
 */
async function seedDemoRegister(db: Database): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    const owners = [
      await partyIdByEmail(tx, 'anna@demo.cykelregister.dk'),
      await partyIdByEmail(tx, 'ola@demo.cykelregister.dk'),
      (await ensureOrganisation(tx, DEMO_BUSINESS, now)).partyId,
    ];
    for (const partyId of owners) {
      if (partyId && !(await webshop.hasCreditsFrom(tx, partyId, 'seed'))) {
        await webshop.grantCredits(tx, partyId, { count: DEMO_CREDITS, source: 'seed', now });
      }
    }
    if (await plates.hasBatchWithNote(tx, DEMO_STICKER_NOTE)) return;
    const bikeStickers = await plates.createBatch(tx, {
      count: DEMO_BIKE_STICKERS,
      kind: 'bike',
      note: DEMO_STICKER_NOTE,
    });
    await plates.createBatch(tx, {
      count: DEMO_EQUIPMENT_STICKERS,
      kind: 'equipment',
      note: DEMO_STICKER_NOTE,
    });
    for (const [index, demo] of DEMO_BIKES.entries()) {
      const ownerPartyId = await partyIdByEmail(tx, demo.owner);
      if (!ownerPartyId) continue;
      const plateId = demo.withPlate ? (bikeStickers.codes[index] ?? null) : null;
      try {
        await registerBike(tx, {
          ownerPartyId,
          createdByPartyId: ownerPartyId,
          bike: { ...demo.bike, plate_id: plateId },
          now,
        });
      } catch (error) {
        // The frame number was registered by hand before the seed ran: leave that bike alone.
        if (!(error instanceof ValidationError)) throw error;
      }
    }
  });
}
