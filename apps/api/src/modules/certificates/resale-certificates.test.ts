import { createPublicKey, verify } from 'node:crypto';
import type { OwnResaleCertificate, ResaleCertificate } from '@nbr/domain/resale-certificates';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { resaleCertificates } from '../../db/schema/certificates.ts';
import { insertBike } from '../../test/bike-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser } from '../../test/identity-helpers.ts';
import { act, offerBike, ownerWithBike, signUpConfirmed } from '../../test/ownership-fixtures.ts';
import { markVerified } from '../../test/role-fixtures.ts';
import { pdfText, reportStolen } from '../../test/theft-report-fixtures.ts';

describe('resale certificates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const issueUrl = (bikeId: string) => `/api/bikes/${bikeId}/resale-certificates`;
  const certificateUrl = (id: string) => `/api/resale-certificates/${id}`;

  function call(method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null) {
    return t.app.inject({ method, url, headers: token ? bearer(token) : {} });
  }

  async function issue(token: string, bikeId: string): Promise<OwnResaleCertificate> {
    const response = await call('POST', issueUrl(bikeId), token);
    if (response.statusCode !== 201)
      throw new Error(`issue answered ${response.statusCode}: ${response.body}`);
    return response.json();
  }

  async function read(id: string, token: string | null = null): Promise<ResaleCertificate> {
    const response = await call('GET', certificateUrl(id), token);
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  it('the owner issues a signed certificate of public facts that anyone with its address reads, genuine and current', async () => {
    const { owner, bikeId, frameNumber } = await ownerWithBike(t.app, {
      brand: 'Kildemoes',
      model: 'Logic',
      color: 'blue',
      category: 'city',
    });
    await markVerified(t.app.db, owner.partyId);
    const issued = await issue(owner.token, bikeId);
    expect(issued.status).toBe('current');
    expect(issued.page_url).toBe(`${t.config.publicUrl}/certifikat/${issued.certificate_id}`);

    const visitor = await read(issued.certificate_id);
    expect(visitor).toMatchObject({
      genuine: true,
      status: 'current',
      transferred_since: false,
      reported_stolen_since: null,
      revoked_at: null,
      is_owner: false,
    });
    expect(visitor.statement).toMatchObject({
      certificate_id: issued.certificate_id,
      bike: { bike_id: bikeId, brand: 'Kildemoes', model: 'Logic', color: 'blue', category: 'city' },
      number_of_owners: 1,
      thefts: [],
      owner_identity_verified: true,
    });
    expect(visitor.statement.bike.frame_number_masked).toBe(
      `${'*'.repeat(frameNumber.length - 3)}${frameNumber.slice(-3)}`,
    );
    // No one is named: not the owner's name, address or e-mail, nor the full frame number.
    const body = JSON.stringify(visitor);
    for (const secret of [owner.email, 'Anna', 'Afsender', frameNumber, owner.partyId, 'Racer']) {
      expect(body).not.toContain(secret);
    }
    expect((await read(issued.certificate_id, owner.token)).is_owner).toBe(true);

    // The signature verifies offline with the published key of its kid.
    const keys = await call('GET', '/.well-known/nbr-certificate-keys.json', null);
    expect(keys.statusCode).toBe(200);
    expect(keys.headers['cache-control']).toBe('public, max-age=300');
    const jwk = keys.json().keys.find((key: { kid: string }) => key.kid === visitor.kid);
    expect(jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    expect(JSON.parse(visitor.signed_text)).toEqual(visitor.statement);
    expect(
      verify(
        null,
        Buffer.from(visitor.signed_text),
        createPublicKey({ key: jwk, format: 'jwk' }),
        Buffer.from(visitor.signature, 'base64url'),
      ),
    ).toBe(true);

    const list = await call('GET', issueUrl(bikeId), owner.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().certificates.map((c: OwnResaleCertificate) => c.certificate_id)).toEqual([
      issued.certificate_id,
    ]);
  });

  it('only the owner issues, lists and revokes; another user gets 404 and a visitor 401', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const other = await signUpUser(t.app);
    const issued = await issue(owner.token, bikeId);

    expect((await call('POST', issueUrl(bikeId), other.token)).statusCode).toBe(404);
    expect((await call('POST', issueUrl(bikeId), null)).statusCode).toBe(401);
    expect((await call('GET', issueUrl(bikeId), other.token)).statusCode).toBe(404);
    expect((await call('GET', issueUrl(bikeId), null)).statusCode).toBe(401);
    const revokeUrl = `${certificateUrl(issued.certificate_id)}/revoke`;
    expect((await call('POST', revokeUrl, other.token)).statusCode).toBe(404);
    expect((await call('POST', revokeUrl, null)).statusCode).toBe(401);
    expect((await read(issued.certificate_id)).status).toBe('current');

    // Reading is public, an unknown or malformed id is 404 for everyone.
    expect((await call('GET', certificateUrl(crypto.randomUUID()), null)).statusCode).toBe(404);
    expect((await call('GET', certificateUrl('not-an-id'), other.token)).statusCode).toBe(404);
    expect((await call('GET', `${certificateUrl('not-an-id')}/pdf`, null)).statusCode).toBe(404);
  });

  it('a revoked certificate says so', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const issued = await issue(owner.token, bikeId);
    const revoked = await call('POST', `${certificateUrl(issued.certificate_id)}/revoke`, owner.token);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked', revoked_at: expect.any(String) });
    const seen = await read(issued.certificate_id);
    expect(seen).toMatchObject({ status: 'revoked', genuine: true });
    // Both are in the audit trail, about the owner; revoking again records nothing more.
    expect(
      (await call('POST', `${certificateUrl(issued.certificate_id)}/revoke`, owner.token)).statusCode,
    ).toBe(200);
    const events = await t.app.db
      .select({ action: auditEvents.action, actor: auditEvents.actorPartyId, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetPartyId, owner.partyId), like(auditEvents.action, 'certificate.%')))
      .orderBy(auditEvents.createdAt, auditEvents.id);
    const details = { bike_id: bikeId, certificate_id: issued.certificate_id };
    expect(events).toEqual([
      { action: 'certificate.issued', actor: owner.partyId, details },
      { action: 'certificate.revoked', actor: owner.partyId, details },
    ]);
  });

  it('a bike reported stolen after the certificate shows stolen at once, with the date', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const issued = await issue(owner.token, bikeId);
    await reportStolen(t.app, owner.token, bikeId);
    const seen = await read(issued.certificate_id);
    expect(seen.status).toBe('stolen');
    expect(seen.reported_stolen_since).toBe(new Date().toISOString().slice(0, 10));
    // A stolen bike gets no new certificate.
    const refused = await call('POST', issueUrl(bikeId), owner.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('certificate_bike_stolen');
  });

  it('a bike transferred after the certificate shows it superseded; the new owner has two owners on theirs', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const issued = await issue(owner.token, bikeId);
    const buyer = await signUpConfirmed(t.app);
    const { transferId } = await offerBike(t.app, owner.token, bikeId, buyer.email);
    expect((await act(t.app, buyer.token, transferId, 'accept')).statusCode).toBe(200);

    const seen = await read(issued.certificate_id);
    expect(seen).toMatchObject({ status: 'superseded', transferred_since: true, genuine: true });
    // The old owner no longer reaches the bike's list; the new owner's certificate counts two owners.
    expect((await call('GET', issueUrl(bikeId), owner.token)).statusCode).toBe(404);
    const theirs = await issue(buyer.token, bikeId);
    expect((await read(theirs.certificate_id)).statement.number_of_owners).toBe(2);
  });

  it('a private bike gets no certificate (a buyer could not find it to ask for it)', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app, { visibility: 'private' });
    const refused = await call('POST', issueUrl(bikeId), owner.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('certificate_bike_private');
    expect(
      await t.app.db.select().from(resaleCertificates).where(eq(resaleCertificates.bikeId, bikeId)),
    ).toEqual([]);
  });

  it('a tampered statement is not genuine', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const issued = await issue(owner.token, bikeId);
    const [row] = await t.app.db
      .select()
      .from(resaleCertificates)
      .where(eq(resaleCertificates.id, issued.certificate_id));
    await t.app.db
      .update(resaleCertificates)
      .set({ statement: row?.statement.replace('"number_of_owners":1', '"number_of_owners":2') })
      .where(eq(resaleCertificates.id, issued.certificate_id));
    const seen = await read(issued.certificate_id);
    expect(seen.statement.number_of_owners).toBe(2);
    expect(seen.genuine).toBe(false);
  });

  it('the PDF carries the facts, the signature and the status, in the caller language, naming no one', async () => {
    const { owner, bikeId, frameNumber } = await ownerWithBike(t.app);
    const issued = await issue(owner.token, bikeId);
    const response = await call('GET', `${issued.pdf_url}?lang=en`, null);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Resale certificate');
    expect(text).toContain(issued.certificate_id);
    expect(text).toContain(frameNumber.slice(-3));
    expect(text).not.toContain(frameNumber);
    for (const secret of [owner.email, 'Anna', 'Afsender', 'Racer']) expect(text).not.toContain(secret);
    const seen = await read(issued.certificate_id);
    expect(text.replace(/\n/g, '')).toContain(seen.signature);

    await reportStolen(t.app, owner.token, bikeId);
    const danish = pdfText((await call('GET', `${issued.pdf_url}?lang=da`, null)).rawPayload);
    expect(danish).toContain('Salgscertifikat');
    expect(danish).toContain('ADVARSEL: Cyklen er meldt stjålet.');
  });

  it('deleting the bike revokes its certificates, which then say the bike left the register', async () => {
    // Neither frame number nor plate: deleting it needs no identity approval.
    const owner = await signUpUser(t.app);
    const { bikeId } = await insertBike(t.app.db, { ownerPartyId: owner.partyId, frameNumber: null });
    const issued = await issue(owner.token, bikeId);
    expect((await read(issued.certificate_id)).statement.bike.frame_number_masked).toBeNull();
    expect((await call('DELETE', `/api/bikes/${bikeId}/`, owner.token)).statusCode).toBe(204);
    const seen = await read(issued.certificate_id);
    expect(seen.status).toBe('bike_deleted');
    expect(seen.revoked_at).not.toBeNull();
  });

  it('the personal data export holds the certificates the person issued, as signed', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const issued = await issue(owner.token, bikeId);
    const response = await call('GET', '/api/identities/me/export', owner.token);
    expect(response.statusCode).toBe(200);
    const exported = response.json().resale_certificates;
    expect(exported).toEqual([
      expect.objectContaining({ id: issued.certificate_id, bike_id: bikeId, signature: expect.any(String) }),
    ]);
  });
});

describe('resale certificates: the issuing budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ certificateRateLimits: { issuesPerHour: 2 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a third certificate within the hour with 429, and stores none for it', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const issue = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/bikes/${bikeId}/resale-certificates`,
        headers: bearer(owner.token),
      });
    expect((await issue()).statusCode).toBe(201);
    expect((await issue()).statusCode).toBe(201);
    const refused = await issue();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    expect(
      await t.app.db.select().from(resaleCertificates).where(eq(resaleCertificates.bikeId, bikeId)),
    ).toHaveLength(2);
  });
});
