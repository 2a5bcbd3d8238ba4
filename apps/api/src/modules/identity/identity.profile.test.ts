import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentEvents, identities } from '../../db/schema/identity.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import {
  bearer,
  claimsOf,
  codeFromMail,
  latestMail,
  logIn,
  mailsTo,
  signUpUser,
  uniqueEmail,
} from '../../test/identity-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

async function identityRow(partyId: string) {
  const [row] = await db().select().from(identities).where(eq(identities.partyId, partyId));
  if (!row) throw new Error('identity missing');
  return row;
}

function getMe(token: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: '/api/identities/me', headers: bearer(token, headers) });
}

function putMe(token: string | null, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/identities/me',
    headers: token ? bearer(token, headers) : headers,
    payload,
  });
}

describe('GET /api/identities/me', () => {
  it('answers the profile of the signed-in person, and nothing secret', async () => {
    const user = await signUpUser(t.app, { zip_code: '8000', phone: '+4522334455', friend_ref: 'ref-1' });
    const response = await getMe(user.token);
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toMatchObject({
      party_id: user.partyId,
      identity_party_id: user.partyId,
      email: user.email,
      pending_email: null,
      email_verified: false,
      verified_on: null,
      zip_code: '8000',
      // The sign-up form's number is the mobile number.
      mobile: '+4522334455',
      phone: null,
      language: 'da',
      region: 'dk',
    });
    expect(JSON.stringify(profile)).not.toMatch(/argon2|password|ref-1/);
  });

  it('answers 401 without a token and invalid_token for a garbage one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/identities/me' })).statusCode).toBe(401);
    expect((await getMe('garbage')).json()).toEqual({ detail: 'invalid_token', code: 'invalid_token' });
  });
});

describe('PUT /api/identities/me', () => {
  it('saves profile fields at once (save_status complete), and clears a field sent as null or empty', async () => {
    const user = await signUpUser(t.app, { phone: '+4511223344' });
    const response = await putMe(user.token, {
      first_name: ' Karen ',
      last_name: 'Blixen',
      street_address: 'Rungstedlund 111',
      zip_code: '2960',
      city: 'Rungsted Kyst',
      mobile: '+45 40 50 60 70',
      phone: '',
      club_membership_number: '1234567',
      region: 'dk',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      save_status: 'complete',
      name: 'Karen Blixen',
      first_name: 'Karen',
      street_address: 'Rungstedlund 111',
      mobile: '+4540506070',
      phone: null,
      club_membership_number: '1234567',
      pending_email: null,
    });
    const row = await identityRow(user.partyId);
    expect(row).toMatchObject({ firstName: 'Karen', city: 'Rungsted Kyst', phone: null });
    // A field left out is left as it is.
    const partial = await putMe(user.token, { city: 'København' });
    expect(partial.json()).toMatchObject({ city: 'København', first_name: 'Karen', zip_code: '2960' });
  });

  it('answers 422 for bad input and saves none of the fields', async () => {
    const user = await signUpUser(t.app);
    const response = await putMe(user.token, {
      first_name: 'Valid',
      zip_code: '12',
      club_membership_number: '12',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('validation_failed');
    expect(response.json().detail).toEqual(
      expect.arrayContaining([
        { loc: ['body', 'zip_code'], msg: expect.any(String), type: 'invalid_zip_code' },
        {
          loc: ['body', 'club_membership_number'],
          msg: expect.any(String),
          type: 'invalid_club_membership_number',
        },
      ]),
    );
    expect((await identityRow(user.partyId)).firstName).toBeNull();
  });

  it('keeps a new e-mail pending until the link mailed to it is followed (partial save), then switches', async () => {
    const user = await signUpUser(t.app, { chosen_language: 'en' });
    const newEmail = uniqueEmail('moved');
    const response = await putMe(user.token, { email: newEmail.toUpperCase(), first_name: 'Ada' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      save_status: 'partial',
      email: user.email,
      pending_email: newEmail,
      first_name: 'Ada',
    });

    const notice = await latestMail(db(), user.email, 'email_change_notice');
    expect(notice.text).toContain(newEmail);
    const confirmation = await latestMail(db(), newEmail, 'email_change_confirmation');
    expect(confirmation.subject).toBe('Confirm your new e-mail address');
    const { code } = codeFromMail(confirmation, '/verify-email');

    // Until then the old address signs in and the new one does not.
    expect(await logIn(t.app, user.email, user.password)).toEqual(expect.any(String));
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications',
      payload: { email: newEmail, password: user.password },
    });
    expect(early.statusCode).toBe(401);

    const validated = await t.app.inject({
      method: 'POST',
      url: `/api/identities/authentications/email-verifications/${code}/validate`,
    });
    expect(validated.statusCode).toBe(200);
    expect(validated.json()).toEqual({ email: newEmail, email_verified: true });

    const me = await getMe(user.token);
    expect(me.json()).toMatchObject({ email: newEmail, pending_email: null, email_verified: true });
    const token = await logIn(t.app, newEmail, user.password);
    expect(claimsOf(token).email).toBe(newEmail);
  });

  it('answers a taken address as it answers a free one, and mails the taken address a notice without a link', async () => {
    const other = await signUpUser(t.app);
    const user = await signUpUser(t.app);
    const free = uniqueEmail('free');
    const asFree = await putMe(user.token, { email: free }, { 'accept-language': 'nb-NO' });
    const otherUser = await signUpUser(t.app);
    const asTaken = await putMe(
      otherUser.token,
      { email: other.email, first_name: 'Saves' },
      { 'accept-language': 'nb-NO' },
    );
    expect(asTaken.statusCode).toBe(asFree.statusCode);
    expect(asTaken.statusCode).toBe(200);
    // The same shape and the same save status: nothing in the answer tells the two apart.
    expect(Object.keys(asTaken.json()).sort()).toEqual(Object.keys(asFree.json()).sort());
    expect(asTaken.json()).toMatchObject({ save_status: 'partial', pending_email: other.email });
    expect(asFree.json()).toMatchObject({ save_status: 'partial', pending_email: free });
    expect(await identityRow(otherUser.partyId)).toMatchObject({
      firstName: 'Saves',
      pendingEmail: other.email,
      email: otherUser.email,
    });

    // Only the taken address's mailbox learns it is taken: a notice, and no link that could work.
    const toOwner = await mailsTo(db(), other.email);
    expect(toOwner.map((mail) => mail.template)).toContain('address_in_use_notice');
    expect(toOwner.map((mail) => mail.template)).not.toContain('email_change_confirmation');
    const notice = toOwner.find((mail) => mail.template === 'address_in_use_notice')!;
    expect(notice.links.filter((link) => link.includes('code='))).toEqual([]);
    expect(await mailsTo(db(), free, 'email_change_confirmation')).toHaveLength(1);
    // The asker's own address is told of the change request in both cases alike.
    expect(await mailsTo(db(), otherUser.email, 'email_change_notice')).toHaveLength(1);
    expect(await mailsTo(db(), user.email, 'email_change_notice')).toHaveLength(1);

    // Asking for the link again sends the notice again, never a code.
    await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications/email-verifications',
      headers: { authorization: `Bearer ${otherUser.token}` },
    });
    expect(await mailsTo(db(), other.email, 'email_change_confirmation')).toHaveLength(0);
  });

  it('refuses the confirmation when the address was taken meanwhile', async () => {
    const user = await signUpUser(t.app);
    const wanted = uniqueEmail('contested');
    await putMe(user.token, { email: wanted });
    const { code } = codeFromMail(
      await latestMail(db(), wanted, 'email_change_confirmation'),
      '/verify-email',
    );
    await signUpUser(t.app, { email: wanted });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/identities/authentications/email-verifications/${code}/validate`,
    });
    expect(response.statusCode).toBe(409);
    expect((await identityRow(user.partyId)).email).toBe(user.email);
  });

  it('cancels a pending change when the current address is sent back', async () => {
    const user = await signUpUser(t.app);
    await putMe(user.token, { email: uniqueEmail('maybe') });
    const response = await putMe(user.token, { email: user.email });
    expect(response.json()).toMatchObject({
      save_status: 'complete',
      pending_email: null,
      email: user.email,
    });
  });

  it('answers 401 without a token', async () => {
    const response = await putMe(null, { first_name: 'X' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('not_authenticated');
  });
});

describe('the flat of a Norwegian address (bolignummer)', () => {
  const norwegian = () => signUpUser(t.app, { chosen_region: 'no', chosen_language: 'no' });

  it('takes a bolignummer in any case and stores it upper case', async () => {
    const user = await norwegian();
    for (const [typed, stored] of [
      ['H0101', 'H0101'],
      [' u0203 ', 'U0203'],
      ['K0001', 'K0001'],
      ['L0302', 'L0302'],
    ] as const) {
      const response = await putMe(user.token, { street_address: 'Storgata 1', door: typed });
      expect(response.statusCode, typed).toBe(200);
      expect(response.json().door).toBe(stored);
    }
    expect((await identityRow(user.partyId)).door).toBe('L0302');
    // Empty clears it, as for every field.
    expect((await putMe(user.token, { door: '' })).json().door).toBeNull();
  });

  it('refuses anything else with a translated 422 and saves nothing', async () => {
    const user = await norwegian();
    await putMe(user.token, { door: 'H0101' });
    for (const bad of ['H010', 'H01011', 'A0101', '0101', 'HH101', 'tv', '3. th', 'H 0101']) {
      const response = await putMe(user.token, { city: 'Bergen', door: bad });
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().detail).toEqual([
        {
          loc: ['body', 'door'],
          msg: 'Skriv bolignummeret som en bokstav og fire sifre, for eksempel H0101.',
          type: 'invalid_unit_number',
        },
      ]);
    }
    expect(await identityRow(user.partyId)).toMatchObject({ door: 'H0101', city: null });
  });

  it('ignores the Danish floor and side of a Norwegian address', async () => {
    const user = await norwegian();
    const response = await putMe(user.token, { floor: '3', side: 'tv', door: 'H0301', city: 'Oslo' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ floor: null, side: null, door: 'H0301', city: 'Oslo' });
    expect(await identityRow(user.partyId)).toMatchObject({ floor: null, side: null, door: 'H0301' });
  });

  it('checks the address in the region it is saved with', async () => {
    const danish = await signUpUser(t.app, { chosen_region: 'dk' });
    // A Danish door is free text, with floor and side beside it.
    const kept = await putMe(danish.token, { floor: '3', side: 'tv', door: 'B' });
    expect(kept.json()).toMatchObject({ floor: '3', side: 'tv', door: 'B' });
    // Moving to Norway in the same save: the door must then be a bolignummer.
    const moving = await putMe(danish.token, { region: 'no', door: 'B' });
    expect(moving.statusCode).toBe(422);
    expect(moving.json().detail[0]).toMatchObject({ loc: ['body', 'door'], type: 'invalid_unit_number' });
    expect((await identityRow(danish.partyId)).region).toBe('dk');
  });
});

describe('e-mail verification', () => {
  it('mails a new link on request; the old link stops working and the new one verifies', async () => {
    // Signed in, address not confirmed yet, one link in the mailbox.
    const { email, token } = await signUpUser(t.app, { skip_email: false });
    const first = codeFromMail(await latestMail(db(), email, 'email_verification'), '/verify-email').code;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications/email-verifications',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'sent' });
    const second = codeFromMail(await latestMail(db(), email, 'email_verification'), '/verify-email').code;
    expect(second).not.toBe(first);

    const stale = await t.app.inject({
      method: 'POST',
      url: `/api/identities/authentications/email-verifications/${first}/validate`,
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().code).toBe('email_verification_failed');
    const fresh = await t.app.inject({
      method: 'POST',
      url: `/api/identities/authentications/email-verifications/${second}/validate`,
    });
    expect(fresh.json()).toEqual({ email, email_verified: true });
    const reused = await t.app.inject({
      method: 'POST',
      url: `/api/identities/authentications/email-verifications/${second}/validate`,
      headers: { 'accept-language': 'en' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      detail: expect.stringMatching(/verify/i),
      code: 'email_verification_failed',
    });
  });

  it('mails the pending new address when a change waits', async () => {
    const user = await signUpUser(t.app);
    const pending = uniqueEmail('pending');
    await putMe(user.token, { email: pending });
    await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications/email-verifications',
      headers: bearer(user.token),
    });
    expect(await mailsTo(db(), pending, 'email_change_confirmation')).toHaveLength(2);
  });

  it('limits verification mails and e-mail changes per account', async () => {
    const limited = await createTestApp({ identityRateLimits: { mailPerAccount: 2 } });
    try {
      const user = await signUpUser(limited.app);
      const request = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/identities/authentications/email-verifications',
          headers: bearer(user.token),
        });
      expect((await request()).statusCode).toBe(200);
      expect((await request()).statusCode).toBe(200);
      const blocked = await request();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('rate_limited');
      const save = (payload: Record<string, unknown>) =>
        limited.app.inject({
          method: 'PUT',
          url: '/api/identities/me',
          headers: bearer(user.token),
          payload,
        });
      for (let i = 0; i < 2; i += 1) expect((await save({ email: uniqueEmail('hop') })).statusCode).toBe(200);
      expect((await save({ email: uniqueEmail('hop') })).statusCode).toBe(429);
      // Saving the rest of the profile is not limited by it.
      expect((await save({ city: 'Aarhus' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers 400 for a made-up code, and 401 to a request without a token', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications/email-verifications/not-a-real-code/validate',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('email_verification_failed');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications/email-verifications',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('language and region', () => {
  it('answers a visitor’s language from Accept-Language, da by default', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'da'],
      [{ 'accept-language': 'nb-NO,nb;q=0.9' }, 'no'],
      [{ 'accept-language': 'en-US,en;q=0.8' }, 'en'],
      [{ 'accept-language': 'fr-FR' }, 'da'],
    ];
    for (const [headers, language] of cases) {
      const response = await t.app.inject({ method: 'GET', url: '/api/identities/language/', headers });
      expect(response.json(), JSON.stringify(headers)).toEqual({ language });
    }
  });

  it('answers and stores the signed-in user’s language; texts then follow it', async () => {
    const user = await signUpUser(t.app);
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/identities/language/', headers: bearer(user.token) })
      ).json(),
    ).toEqual({
      language: 'da',
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/identities/language/',
      headers: bearer(user.token),
      payload: { language: 'en' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ language: 'en' });
    expect((await identityRow(user.partyId)).language).toBe('en');
    // No Accept-Language: the stored language decides the error texts, even for validation errors.
    const invalid = await putMe(user.token, { zip_code: 'abc' });
    expect(invalid.json().detail[0].msg).toMatch(/postal|post code|zip/i);
    const explicit = await putMe(user.token, { zip_code: 'abc' }, { 'accept-language': 'da' });
    expect(explicit.json().detail[0].msg).not.toBe(invalid.json().detail[0].msg);
  });

  it('refuses a language that cannot be chosen (422) and a visitor (401)', async () => {
    const user = await signUpUser(t.app);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/identities/language/',
      headers: bearer(user.token),
      payload: { language: 'is' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['body', 'language']);
    expect((await identityRow(user.partyId)).language).toBe('da');
    const visitor = await t.app.inject({
      method: 'PUT',
      url: '/api/identities/language/',
      payload: { language: 'en' },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('answers the user’s region, and guesses a visitor’s from the language', async () => {
    const user = await signUpUser(t.app, { chosen_region: 'no' });
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/identities/region/', headers: bearer(user.token) })
      ).json(),
    ).toEqual({
      region: 'no',
    });
    const norwegian = await t.app.inject({
      method: 'GET',
      url: '/api/identities/region/',
      headers: { 'accept-language': 'nn' },
    });
    expect(norwegian.json()).toEqual({ region: 'no' });
    expect((await t.app.inject({ method: 'GET', url: '/api/identities/region/' })).json()).toEqual({
      region: 'dk',
    });
  });

  it('ignores a bad token on the visitor-friendly GETs rather than failing them', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/identities/region/',
      headers: { authorization: 'Bearer garbage', 'accept-language': 'no' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ region: 'no' });
  });
});

describe('consents', () => {
  it('lists privacy, terms and newsletter with the sign-up grants', async () => {
    const user = await signUpUser(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/identities/consents/',
      headers: bearer(user.token),
    });
    expect(response.statusCode).toBe(200);
    const consents = response.json();
    expect(consents.map((c: { type: string }) => c.type)).toEqual([
      'privacy',
      'terms',
      'newsletter',
      'measurement',
    ]);
    expect(consents[0]).toMatchObject({ granted: true, history: [{ action: 'grant', source: 'signup' }] });
    expect(consents[2]).toEqual({ type: 'newsletter', granted: false, updated_at: null, history: [] });
  });

  it('grants and revokes, keeping the history newest first', async () => {
    const user = await signUpUser(t.app);
    const decide = (action: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/identities/consents/newsletter/',
        headers: bearer(user.token),
        payload: { action },
      });
    const granted = await decide('grant');
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ type: 'newsletter', granted: true });
    const revoked = await decide('revoke');
    expect(revoked.json()).toMatchObject({
      type: 'newsletter',
      granted: false,
      history: [
        { action: 'revoke', source: 'user' },
        { action: 'grant', source: 'user' },
      ],
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/identities/consents/',
      headers: bearer(user.token),
    });
    expect(list.json()[2]).toEqual(revoked.json());
  });

  it('answers 422 for an unknown type or action and records nothing', async () => {
    const user = await signUpUser(t.app);
    const before = await db().select().from(consentEvents).where(eq(consentEvents.partyId, user.partyId));
    const badType = await t.app.inject({
      method: 'POST',
      url: '/api/identities/consents/marketing/',
      headers: bearer(user.token),
      payload: { action: 'grant' },
    });
    expect(badType.statusCode).toBe(422);
    expect(badType.json().detail[0].loc).toEqual(['path', 'type']);
    const badAction = await t.app.inject({
      method: 'POST',
      url: '/api/identities/consents/newsletter/',
      headers: bearer(user.token),
      payload: { action: 'maybe' },
    });
    expect(badAction.statusCode).toBe(422);
    expect(badAction.json().detail[0].loc).toEqual(['body', 'action']);
    const after = await db().select().from(consentEvents).where(eq(consentEvents.partyId, user.partyId));
    expect(after).toHaveLength(before.length);
  });

  it('answers 401 to a visitor', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/identities/consents/' })).statusCode).toBe(401);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/identities/consents/terms/',
      payload: { action: 'revoke' },
    });
    expect(post.statusCode).toBe(401);
  });
});
