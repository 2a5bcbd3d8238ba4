import { eq } from 'drizzle-orm';
import { hashPassword } from '../../modules/identity/passwords.ts';
import { uuidv7 } from '../../platform/ids.ts';
import type { Database } from '../client.ts';
import { consentEvents, identities, parties } from '../schema/identity.ts';

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
] as const;

export interface DemoAccount {
  email: string;
  password: string;
  language: string;
  region: string;
  /** Whether this call created the account (false when it already existed). */
  created: boolean;
}

/**
 * Creates the demo accounts that are missing, with verified e-mail addresses and the consents
 * sign-up implies. Safe to call on every start: existing accounts are left exactly as they are.
 */
export async function seedDemoData(db: Database): Promise<DemoAccount[]> {
  const accounts: DemoAccount[] = [];
  for (const person of DEMO_PEOPLE) {
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
      });
      created = true;
    }
    accounts.push({
      email: person.email,
      password: DEMO_PASSWORD,
      language: person.language,
      region: person.region,
      created,
    });
  }
  return accounts;
}
