import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { bikes } from '../../db/schema/bikes.ts';
import { chatMessages } from '../../db/schema/chats.ts';
import { ownershipTransfers } from '../../db/schema/ownership.ts';
import { theftReports } from '../../db/schema/theft.ts';
import { createFileUrlSigner } from '../../platform/storage/signed-urls.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, latestMail, signUpUser } from '../../test/identity-helpers.ts';
import { act, offerBike, signUpConfirmed } from '../../test/ownership-fixtures.ts';
import { grantStaffRole, switchInto } from '../../test/role-fixtures.ts';
import {
  call,
  completeDraft,
  draftUrl,
  foundUrl,
  hoursAgo,
  ownerWithBike,
  pdfText,
  reportStolen,
  reportUrl,
  submitUrl,
} from '../../test/theft-report-fixtures.ts';
import { verifyThroughDevProvider } from '../../test/verification-helpers.ts';

const ENCRYPTION_KEY = randomBytes(32);
const URL_SECRET = randomBytes(32).toString('base64url');

describe('theft reports', () => {
  let t: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        DATA_ENCRYPTION_KEY: ENCRYPTION_KEY.toString('base64'),
        FILE_URL_SECRET: URL_SECRET,
        LOG_LEVEL: 'debug',
      },
      logStream: { write: (line: string) => void logLines.push(line) },
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  const rowsOf = (bikeId: string) =>
    t.app.db.select().from(theftReports).where(eq(theftReports.bikeId, bikeId));
  const bikeStatus = async (bikeId: string) =>
    (await t.app.db.select({ status: bikes.status }).from(bikes).where(eq(bikes.id, bikeId)))[0]?.status;
  const approveFound = (token: string, bikeId: string) =>
    verifyThroughDevProvider(t.app, token, {
      body: {
        verification_session_type: 'approval',
        approval_action: 'report_found',
        approval_object_id: bikeId,
        success_url: `/app/my-bikes/${bikeId}`,
        failure_url: `/app/my-bikes/${bikeId}?approval=failed`,
      },
    });

  describe('the draft', () => {
    it('is pre-filled from the profile and the bike, and nothing is written until it is saved', async () => {
      const { owner, bikeId, frameNumber } = await ownerWithBike(t.app);
      const profile = await call(t.app, owner.token, 'PUT', '/api/identities/me', {
        first_name: 'Freja',
        last_name: 'Holm',
        street_address: 'Nørrebrogade 20',
        floor: '3',
        side: 'tv',
        zip_code: '2200',
        city: 'København N',
        mobile: '20 12 34 56',
        phone: '+45 33 12 34 56',
      });
      expect(profile.statusCode, profile.body).toBe(200);

      const draft = await call(t.app, owner.token, 'GET', draftUrl(bikeId));
      expect(draft.statusCode, draft.body).toBe(200);
      expect(draft.json()).toMatchObject({
        bike_id: bikeId,
        location_id: null,
        saved_at: null,
        first_name: 'Freja',
        last_name: 'Holm',
        email: owner.email,
        street_address: 'Nørrebrogade 20',
        floor: '3',
        side: 'tv',
        zip_code: '2200',
        city: 'København N',
        mobile: '20123456',
        telephone: '+4533123456',
        frame_number: frameNumber,
        bike_category: 'city',
        bike_color: 'blue',
        is_electric: false,
        bike_price: 6999,
        police_report_requested: null,
        acknowledgement_payout: null,
        unlocked_steps: ['personal-info'],
        previous_page: null,
      });
      expect(await rowsOf(bikeId)).toHaveLength(0);
    });

    it('pre-fills the mobile field with the mobile number given at sign-up, not "other phone"', async () => {
      const { owner, bikeId } = await ownerWithBike(t.app, { signUp: { phone: '+45 20 12 34 56' } });
      const draft = (await call(t.app, owner.token, 'GET', draftUrl(bikeId))).json();
      expect(draft.mobile).toBe('+4520123456');
      expect(draft.telephone).toBeNull();
    });

    it('saves the whole draft and answers it back; a later save replaces it', async () => {
      const { owner, bikeId } = await ownerWithBike(t.app);
      const body = completeDraft({ acknowledgement_payout: null, culprit_info: '  ' });
      const saved = await call(t.app, owner.token, 'PUT', draftUrl(bikeId), body);
      expect(saved.statusCode, saved.body).toBe(200);
      const answer = saved.json();
      expect(answer.saved_at).toEqual(expect.any(String));
      expect(answer.location_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer).toMatchObject({
        first_name: 'Freja',
        street_address: 'Nørrebrogade 20',
        location: { latitude: 55.68894, longitude: 12.55312 },
        acknowledgement_payout: null,
        culprit_info: null,
        unlocked_steps: [
          'personal-info',
          'insurance',
          'bike-info',
          'culprit-info',
          'time-location',
          'send-report',
        ],
        previous_page: 'send-report',
      });
      expect((await call(t.app, owner.token, 'GET', draftUrl(bikeId))).json()).toEqual(answer);

      const again = await call(t.app, owner.token, 'PUT', draftUrl(bikeId), {
        first_name: 'Frida',
        previous_page: 'personal-info',
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({
        location_id: answer.location_id,
        first_name: 'Frida',
        last_name: null,
        location: null,
        unlocked_steps: ['personal-info'],
      });
      expect(await rowsOf(bikeId)).toHaveLength(1);
    });

    it('refuses bad input with 422 and keeps what was saved', async () => {
      const { owner, bikeId } = await ownerWithBike(t.app);
      await call(t.app, owner.token, 'PUT', draftUrl(bikeId), completeDraft());
      const before = (await call(t.app, owner.token, 'GET', draftUrl(bikeId))).json();

      for (const bad of [
        { email: 'not-an-address' },
        { zip_code: '22' },
        { bike_price: 12.5 },
        { bike_price: -1 },
        { lock_status: 'chained' },
        { location: { latitude: 91, longitude: 12 } },
        { cpr_number: '12345' },
        { unlocked_steps: ['nowhere'] },
        { culprit_info: 'x'.repeat(2001) },
      ]) {
        const response = await call(t.app, owner.token, 'PUT', draftUrl(bikeId), completeDraft(bad));
        expect(response.statusCode, JSON.stringify(bad)).toBe(422);
        expect(response.json().code).toBe('validation_failed');
      }
      expect((await call(t.app, owner.token, 'GET', draftUrl(bikeId))).json()).toEqual(before);
    });

    it('refuses theft dates in the future, in the caller’s language', async () => {
      const { owner, bikeId } = await ownerWithBike(t.app, { language: 'no' });
      const response = await call(
        t.app,
        owner.token,
        'PUT',
        draftUrl(bikeId),
        completeDraft({ time_last_seen: hoursAgo(-1), noted_time: hoursAgo(-2) }),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toEqual([
        {
          loc: ['body', 'time_last_seen'],
          msg: 'Vennligst velg en dato i fortiden',
          type: 'date_not_in_past',
        },
        { loc: ['body', 'noted_time'], msg: 'Vennligst velg en dato i fortiden', type: 'date_not_in_past' },
      ]);
      expect(await rowsOf(bikeId)).toHaveLength(0);
    });

    it('refuses a national id number in the caller’s language, and stores nothing', async () => {
      const { owner, bikeId } = await ownerWithBike(t.app, { language: 'da' });
      for (const cpr of ['010190-1234', '01019012345', '013490-1234']) {
        const response = await call(
          t.app,
          owner.token,
          'PUT',
          draftUrl(bikeId),
          completeDraft({ police_report_requested: true, cpr_number: cpr }),
        );
        expect(response.statusCode, cpr).toBe(422);
        expect(response.json().detail).toEqual([
          {
            loc: ['body', 'cpr_number'],
            msg: 'Registret tager ikke imod CPR- eller fødselsnumre. Du anmelder selv tyveriet til politiet på politi.dk eller politiet.no.',
            type: 'national_id_not_collected',
          },
        ]);
        expect(response.body).not.toContain('010190');
      }
      expect(await rowsOf(bikeId)).toHaveLength(0);
      expect(logLines.join('\n')).not.toContain('010190');
    });

    it('takes a Norwegian reporter’s flat as a bolignummer, without floor and side', async () => {
      const { owner, bikeId } = await ownerWithBike(t.app, { language: 'no' });
      const saved = await call(
        t.app,
        owner.token,
        'PUT',
        draftUrl(bikeId),
        completeDraft({ floor: '3', side: 'tv', door: 'h0301' }),
      );
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ floor: null, side: null, door: 'H0301' });
      for (const bad of ['3 tv', 'H030', 'X0301']) {
        const refused = await call(t.app, owner.token, 'PUT', draftUrl(bikeId), completeDraft({ door: bad }));
        expect(refused.statusCode, bad).toBe(422);
        expect(refused.json().detail).toEqual([
          {
            loc: ['body', 'door'],
            msg: 'Skriv bolignummeret som en bokstav og fire sifre, for eksempel H0101.',
            type: 'invalid_unit_number',
          },
        ]);
      }
      expect((await call(t.app, owner.token, 'GET', draftUrl(bikeId))).json()).toMatchObject({
        door: 'H0301',
      });
      // A Danish reporter keeps floor, side and a free-text door.
      const danish = await ownerWithBike(t.app, { language: 'da' });
      const kept = await call(
        t.app,
        danish.owner.token,
        'PUT',
        draftUrl(danish.bikeId),
        completeDraft({ door: 'B' }),
      );
      expect(kept.json()).toMatchObject({ floor: '3', side: 'tv', door: 'B' });
    });

    it('refuses a theft noticed before the bike was last seen', async () => {
      const { owner, bikeId } = await ownerWithBike(t.app, { language: 'en' });
      const response = await call(
        t.app,
        owner.token,
        'PUT',
        draftUrl(bikeId),
        completeDraft({ time_last_seen: hoursAgo(5), noted_time: hoursAgo(6) }),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toEqual([
        {
          loc: ['body', 'noted_time'],
          msg: 'You cannot have noticed the theft before you last saw the bike.',
          type: 'noted_before_last_seen',
        },
      ]);
    });

    it('lets an empty or null number be, as older clients sent it, and answers none back', async () => {
      const { owner, bikeId } = await ownerWithBike(t.app);
      for (const cpr_number of [null, '']) {
        const saved = await call(
          t.app,
          owner.token,
          'PUT',
          draftUrl(bikeId),
          completeDraft({ police_report_requested: true, cpr_number }),
        );
        expect(saved.statusCode, saved.body).toBe(200);
        expect(saved.json()).not.toHaveProperty('cpr_number');
        expect(saved.json()).not.toHaveProperty('cpr_number_masked');
      }
      const [row] = await rowsOf(bikeId);
      expect(row?.fields).not.toHaveProperty('cpr_number');
      const report = await reportStolen(t.app, owner.token, bikeId, { police_report_requested: true });
      expect(report).not.toHaveProperty('cpr_number_masked');
    });

    it('refuses a pin in open water in the caller’s language, and a sea pick saved earlier is not sent', async () => {
      const { owner, bikeId } = await ownerWithBike(t.app, { language: 'da' });
      const atSea = { latitude: 56.2, longitude: 11.2 }; // the Kattegat
      const refused = await call(
        t.app,
        owner.token,
        'PUT',
        draftUrl(bikeId),
        completeDraft({ location: atSea }),
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json().detail).toEqual([
        {
          loc: ['body', 'location'],
          msg: 'Nålen står i havet. Sæt den, hvor cyklen blev stjålet, på land.',
          type: 'place_at_sea',
        },
      ]);
      expect(await rowsOf(bikeId)).toHaveLength(0);
      // A draft saved before the land test could hold such a pick: submitting refuses it.
      const saved = await call(t.app, owner.token, 'PUT', draftUrl(bikeId), completeDraft());
      expect(saved.statusCode, saved.body).toBe(200);
      const [row] = await rowsOf(bikeId);
      await t.app.db
        .update(theftReports)
        .set({ fields: { ...(row?.fields as Record<string, unknown>), location: atSea } })
        .where(eq(theftReports.bikeId, bikeId));
      const submitted = await call(t.app, owner.token, 'POST', submitUrl(bikeId));
      expect(submitted.statusCode).toBe(422);
      expect(submitted.json().detail).toEqual([
        expect.objectContaining({ loc: ['time-location', 'location'], type: 'place_at_sea' }),
      ]);
      expect(await bikeStatus(bikeId)).toBe('registered');
      // On land it goes through.
      const report = await reportStolen(t.app, owner.token, bikeId, {
        location: { latitude: 55.6953, longitude: 12.5481 },
      });
      expect(report.public_location).toEqual({ latitude: 55.7, longitude: 12.55 });
    });

    it('shows a stolen bike in search as its report describes it: colour and kind, nothing else of it', async () => {
      // Registered as a blue city bike; the report says a red cargo bike.
      const { owner, bikeId, frameNumber } = await ownerWithBike(t.app);
      await reportStolen(t.app, owner.token, bikeId, { bike_color: 'red', bike_category: 'cargo' });
      const search = await t.app.inject({ method: 'GET', url: '/api/search', query: { q: frameNumber } });
      expect(search.json().results).toEqual([
        expect.objectContaining({ bike_id: bikeId, status: 'stolen', color: 'red', category: 'cargo' }),
      ]);
      expect(search.body).not.toContain('Nørrebrogade');
      const onMap = await t.app.inject({ method: 'GET', url: `/api/stolen-bikes/${bikeId}` });
      expect(onMap.json()).toMatchObject({ color: 'red', category: 'cargo' });
    });
  });

  describe('submit', () => {
    it('lists every missing field, conditional ones included, in the caller’s language', async () => {
      const { owner, bikeId } = await ownerWithBike(t.app, { language: 'en' });
      await call(t.app, owner.token, 'PUT', draftUrl(bikeId), {
        first_name: 'Freja',
        police_report_requested: true,
        is_insured: true,
        is_electric: true,
        is_culprit_known: true,
        has_witness: true,
      });
      const response = await call(t.app, owner.token, 'POST', submitUrl(bikeId));
      expect(response.statusCode).toBe(422);
      const detail = response.json().detail as Array<{ loc: string[]; msg: string; type: string }>;
      expect(detail.map((issue) => issue.loc.join('.')).sort()).toEqual(
        [
          'personal-info.last_name',
          'personal-info.email',
          'personal-info.street_address',
          'personal-info.zip_code',
          'personal-info.city',
          'personal-info.mobile',
          'insurance.bike_price',
          'insurance.insurance_company',
          'bike-info.bike_category',
          'bike-info.bike_color',
          'bike-info.lock_status',
          'bike-info.battery_location',
          'culprit-info.culprit_info',
          'culprit-info.is_culprit_recognizable',
          'culprit-info.witnesses',
          'time-location.time_last_seen',
          'time-location.noted_time',
          'time-location.place',
          'send-report.acknowledgement_payout',
          'send-report.acknowledgement_data_share',
          'send-report.acknowledgement_ownership_transfer',
        ].sort(),
      );
      expect(detail.every((issue) => issue.type === 'missing')).toBe(true);
      expect(detail[0]?.msg).toBe('Fill this in before you send the report.');
      expect(await bikeStatus(bikeId)).toBe('registered');
    });

    it('needs a saved draft and each acknowledgement to be given', async () => {
      const { owner, bikeId } = await ownerWithBike(t.app);
      const nothingSaved = await call(t.app, owner.token, 'POST', submitUrl(bikeId));
      expect(nothingSaved.statusCode).toBe(422);
      expect(nothingSaved.json().detail).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ loc: ['send-report', 'acknowledgement_payout'], type: 'missing' }),
        ]),
      );

      await call(
        t.app,
        owner.token,
        'PUT',
        draftUrl(bikeId),
        completeDraft({ acknowledgement_data_share: false, place: null, location: null }),
      );
      const response = await call(t.app, owner.token, 'POST', submitUrl(bikeId));
      expect(response.statusCode).toBe(422);
      expect(response.json().detail.map((issue: { loc: string[] }) => issue.loc)).toEqual([
        ['time-location', 'place'],
        ['send-report', 'acknowledgement_data_share'],
      ]);
      expect(await bikeStatus(bikeId)).toBe('registered');
    });

    it('marks the bike stolen: search, the sticker and the public page show it; the map place is rounded', async () => {
      const { owner, bikeId, frameNumber, plate } = await ownerWithBike(t.app);
      const report = await reportStolen(t.app, owner.token, bikeId, {
        police_report_requested: true,
        location: { latitude: 55.68494, longitude: 12.55512 },
      });
      expect(report).toMatchObject({
        report_id: expect.any(String),
        bike_id: bikeId,
        status: 'submitted',
        closed_at: null,
        closed_reason: null,
        location: { latitude: 55.68494, longitude: 12.55512 },
        public_location: { latitude: 55.68, longitude: 12.56 },
        pdf_url: expect.stringContaining(
          `/api/bikes/${bikeId}/theft-report/pdf?report_id=${report.report_id}`,
        ),
      });
      expect(report).not.toHaveProperty('cpr_number_masked');

      const [row] = await rowsOf(bikeId);
      expect(row).toMatchObject({
        status: 'submitted',
        publicLatitude: 55.68,
        publicLongitude: 12.56,
        region: 'dk',
        category: 'city',
        isElectric: false,
      });
      expect(row?.stolenAt?.toISOString()).toBe(report.time_last_seen);
      expect(await bikeStatus(bikeId)).toBe('stolen');

      const search = await t.app.inject({ method: 'GET', url: '/api/search', query: { q: frameNumber } });
      expect(search.json().results).toEqual([expect.objectContaining({ bike_id: bikeId, status: 'stolen' })]);
      const sticker = await t.app.inject({ method: 'GET', url: `/api/stickers/${plate}` });
      expect(sticker.json()).toMatchObject({ bike_id: bikeId, bike_status: 'stolen' });
      const publicPage = await t.app.inject({ method: 'GET', url: `/api/bikes/${bikeId}/public` });
      expect(publicPage.json().status).toBe('stolen');
      // Nothing of the report reaches the public: no address, no exact place.
      for (const body of [search.body, sticker.body, publicPage.body]) {
        expect(body).not.toContain('Nørrebrogade');
        expect(body).not.toContain('55.68494');
      }

      const mail = await latestMail(t.app.db, owner.email, 'theft_report_submitted');
      expect(mail.text).toContain(`http://localhost:3000/app/my-bikes/${bikeId}/stolen-bike-report`);
      expect(mail.text).toContain('Byhesten');
      expect(mail.text).not.toContain('Nørrebrogade');
      const audits = await t.app.db
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.action, 'theft.report_submitted'), eq(auditEvents.targetPartyId, owner.partyId)),
        );
      expect(audits).toHaveLength(1);

      // Once reported, the wizard cannot start over and a second submit is refused.
      for (const [method, url, body] of [
        ['GET', draftUrl(bikeId), undefined],
        ['PUT', draftUrl(bikeId), completeDraft()],
        ['POST', submitUrl(bikeId), undefined],
      ] as const) {
        const again = await call(t.app, owner.token, method, url, body);
        expect(again.statusCode).toBe(409);
        expect(again.json().code).toBe('bike_already_stolen');
      }
    });

    it('rounds to the public grid exactly, and keeps no public place for an address only', async () => {
      const cases: Array<[number, number, number, number]> = [
        [59.91387, 10.75225, 59.91, 10.75],
        [55.675, 12.565, 55.68, 12.57],
        [63.43049, 10.39506, 63.43, 10.4],
      ];
      for (const [latitude, longitude, roundedLatitude, roundedLongitude] of cases) {
        const { owner, bikeId } = await ownerWithBike(t.app);
        const report = await reportStolen(t.app, owner.token, bikeId, { location: { latitude, longitude } });
        expect(report.public_location).toEqual({ latitude: roundedLatitude, longitude: roundedLongitude });
      }
      const { owner, bikeId } = await ownerWithBike(t.app);
      const report = await reportStolen(t.app, owner.token, bikeId, { location: null });
      expect(report.public_location).toBeNull();
      const [row] = await rowsOf(bikeId);
      expect(row?.publicLatitude).toBeNull();
      expect(row?.publicLongitude).toBeNull();
    });

    it('cancels a pending transfer offer of the bike, with a word in its chat', async () => {
      const { owner, bikeId } = await ownerWithBike(t.app);
      const recipient = await signUpConfirmed(t.app);
      const { transferId } = await offerBike(t.app, owner.token, bikeId, recipient.email);
      await reportStolen(t.app, owner.token, bikeId);

      const [transfer] = await t.app.db
        .select()
        .from(ownershipTransfers)
        .where(eq(ownershipTransfers.id, transferId));
      expect(transfer?.status).toBe('cancelled');
      const cancelled = await t.app.db
        .select()
        .from(chatMessages)
        .where(
          and(eq(chatMessages.transferId, transferId), eq(chatMessages.systemEvent, 'transfer_cancelled')),
        );
      expect(cancelled).toHaveLength(1);
      const accept = await act(t.app, recipient.token, transferId, 'accept');
      expect(accept.statusCode).toBe(409);
      expect(await bikeStatus(bikeId)).toBe('stolen');
    });

    it('answers a retried submit with the same Idempotency-Key once, with one effect', async () => {
      const { owner, bikeId } = await ownerWithBike(t.app);
      await call(t.app, owner.token, 'PUT', draftUrl(bikeId), completeDraft());
      const key = { 'idempotency-key': `submit-${randomBytes(8).toString('hex')}` };
      const first = await call(t.app, owner.token, 'POST', submitUrl(bikeId), undefined, key);
      const second = await call(t.app, owner.token, 'POST', submitUrl(bikeId), undefined, key);
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json().report_id).toBe(first.json().report_id);
      expect(await latestMail(t.app.db, owner.email, 'theft_report_submitted')).toBeTruthy();
      const audits = await t.app.db
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.action, 'theft.report_submitted'), eq(auditEvents.targetPartyId, owner.partyId)),
        );
      expect(audits).toHaveLength(1);
    });
  });

  describe('the sent report and its PDF', () => {
    it('answers the report to its owner with a signed PDF in the owner’s language', async () => {
      const { owner, bikeId, frameNumber, plate } = await ownerWithBike(t.app);
      const submitted = await reportStolen(t.app, owner.token, bikeId, {
        police_report_requested: true,
        is_insured: true,
        insurance_company: 'Tryg Forsikring',
        is_culprit_known: true,
        is_culprit_recognizable: false,
        culprit_info: 'En mand i grøn jakke – ☃ snemand',
      });
      const report = await call(t.app, owner.token, 'GET', reportUrl(bikeId));
      expect(report.statusCode).toBe(200);
      expect(report.json()).toMatchObject({ report_id: submitted.report_id, status: 'submitted' });

      const pdf = await t.app.inject({ method: 'GET', url: report.json().pdf_url });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['cache-control']).toBe('private, no-store');
      expect(pdf.headers['content-disposition']).toMatch(
        /^inline; filename="theft-report-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.pdf"/,
      );
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdfText(pdf.rawPayload);
      for (const expected of [
        'Cykelregistret',
        'Tyverianmeldelse',
        submitted.report_id,
        'Freja Holm',
        'Nørrebrogade 20, 3, tv',
        '2200 København N',
        frameNumber,
        plate,
        'Kildemoes',
        'Logic',
        'Bycykel',
        'Blå',
        'Tryg Forsikring',
        '4.500 DKK',
        'En mand i grøn jakke – ? snemand',
        '55.688940, 12.553120',
        'Bekræftet',
      ]) {
        expect(text, expected).toContain(expected);
      }
    });

    it('refuses a wrong, altered or expired signature, and another bike’s or report’s address', async () => {
      const { owner, bikeId } = await ownerWithBike(t.app);
      const report = await reportStolen(t.app, owner.token, bikeId);
      const url = new URL(report.pdf_url, 'http://localhost');
      const path = `${url.pathname}`;
      const query = Object.fromEntries(url.searchParams);
      const get = (q: Record<string, string>, p = path) => t.app.inject({ method: 'GET', url: p, query: q });

      expect((await get(query)).statusCode).toBe(200);
      expect((await get({ ...query, signature: 'x'.repeat(43) })).statusCode).toBe(403);
      expect((await get({ ...query, lang: 'en' })).statusCode).toBe(403);
      expect((await get({ ...query, expires: String(Number(query.expires) + 900) })).statusCode).toBe(403);
      const { signature: _s, ...unsigned } = query;
      expect((await get(unsigned)).statusCode).toBe(403);

      const other = await ownerWithBike(t.app);
      const otherReport = await reportStolen(t.app, other.owner.token, other.bikeId);
      expect((await get({ ...query, report_id: otherReport.report_id })).statusCode).toBe(403);
      expect((await get(query, `/api/bikes/${other.bikeId}/theft-report/pdf`)).statusCode).toBe(403);

      // Signed yesterday for an hour: expired.
      const yesterday = createFileUrlSigner(URL_SECRET, { now: () => Date.now() - 24 * 3_600_000 });
      const expired = yesterday.sign(
        `/api/bikes/${bikeId}/theft-report/pdf?report_id=${report.report_id}&lang=da`,
      );
      const response = await t.app.inject({ method: 'GET', url: expired });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
      // Signed correctly now: works (the check above failed for its age only).
      const fresh = createFileUrlSigner(URL_SECRET).sign(
        `/api/bikes/${bikeId}/theft-report/pdf?report_id=${report.report_id}&lang=en`,
      );
      const english = await t.app.inject({ method: 'GET', url: fresh });
      expect(english.statusCode).toBe(200);
      expect(pdfText(english.rawPayload)).toContain('Theft report');
    });

    it('is 404 while there is only a draft, or none', async () => {
      const { owner, bikeId } = await ownerWithBike(t.app);
      expect((await call(t.app, owner.token, 'GET', reportUrl(bikeId))).statusCode).toBe(404);
      await call(t.app, owner.token, 'PUT', draftUrl(bikeId), completeDraft());
      expect((await call(t.app, owner.token, 'GET', reportUrl(bikeId))).statusCode).toBe(404);
    });
  });

  describe('found', () => {
    it('needs the identity approval; then the report is closed, kept for the owner, and the bike is registered again', async () => {
      const { owner, bikeId, frameNumber } = await ownerWithBike(t.app);
      const report = await reportStolen(t.app, owner.token, bikeId);

      const refused = await call(t.app, owner.token, 'POST', foundUrl(bikeId));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('approval_required');
      expect(await bikeStatus(bikeId)).toBe('stolen');

      // An approval of another bike or action does not do.
      const { bikeId: otherBikeId } = await ownerWithBike(t.app);
      expect((await approveFound(owner.token, otherBikeId)).statusCode).toBe(200);
      expect((await call(t.app, owner.token, 'POST', foundUrl(bikeId))).statusCode).toBe(403);

      expect((await approveFound(owner.token, bikeId)).statusCode).toBe(200);
      const found = await call(t.app, owner.token, 'POST', foundUrl(bikeId));
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json()).toEqual({ bike_id: bikeId, status: 'registered', report_id: report.report_id });
      expect(await bikeStatus(bikeId)).toBe('registered');

      const [row] = await rowsOf(bikeId);
      expect(row).toMatchObject({ status: 'closed', closedReason: 'found' });
      const history = await call(t.app, owner.token, 'GET', reportUrl(bikeId));
      expect(history.json()).toMatchObject({
        status: 'closed',
        closed_reason: 'found',
        closed_at: expect.any(String),
      });
      const search = await t.app.inject({ method: 'GET', url: '/api/search', query: { q: frameNumber } });
      expect(search.json().results).toEqual([
        expect.objectContaining({ bike_id: bikeId, status: 'registered' }),
      ]);
      const audits = await t.app.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'theft.bike_found'), eq(auditEvents.targetPartyId, owner.partyId)));
      expect(audits).toHaveLength(1);

      const again = await call(t.app, owner.token, 'POST', foundUrl(bikeId));
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('bike_not_stolen');

      // The wizard can start a new report for a later theft; the old one stays in the history.
      const fresh = await call(t.app, owner.token, 'GET', draftUrl(bikeId));
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json().saved_at).toBeNull();
    });

    it('is refused for a bike that is not stolen, without spending the approval', async () => {
      const { owner, bikeId } = await ownerWithBike(t.app);
      expect((await approveFound(owner.token, bikeId)).statusCode).toBe(200);
      const response = await call(t.app, owner.token, 'POST', foundUrl(bikeId));
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('bike_not_stolen');
      await reportStolen(t.app, owner.token, bikeId);
      expect((await call(t.app, owner.token, 'POST', foundUrl(bikeId))).statusCode).toBe(200);
    });
  });

  describe('who may', () => {
    it('answers another user and an unknown id the same 404, and a visitor 401', async () => {
      const { owner, bikeId } = await ownerWithBike(t.app);
      await reportStolen(t.app, owner.token, bikeId);
      const { bikeId: draftBikeId } = await ownerWithBike(t.app);
      const other = await signUpUser(t.app);
      const unknown = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

      const requests = (id: string) =>
        [
          ['GET', draftUrl(id), undefined],
          ['PUT', draftUrl(id), completeDraft()],
          ['POST', submitUrl(id), undefined],
          ['GET', reportUrl(id), undefined],
          ['POST', foundUrl(id), undefined],
        ] as const;
      for (const id of [bikeId, draftBikeId]) {
        for (const [method, url, body] of requests(id)) {
          const response = await call(t.app, other.token, method, url, body);
          expect(response.statusCode, `${method} ${url}`).toBe(404);
          const unknownResponse = await call(t.app, other.token, method, url.replace(id, unknown), body);
          expect(unknownResponse.statusCode).toBe(404);
          expect(response.json()).toEqual(unknownResponse.json());
          const malformed = await call(t.app, other.token, method, url.replace(id, 'not-a-uuid'), body);
          expect(malformed.statusCode).toBe(404);

          const visitor = await call(t.app, null, method, url, body);
          expect(visitor.statusCode, `${method} ${url}`).toBe(401);
        }
      }
      expect(await bikeStatus(draftBikeId)).toBe('registered');
      expect(await rowsOf(draftBikeId)).toHaveLength(0);
    });

    it('lets staff switched into the account read and fill the draft, but not send it or report found', async () => {
      const { owner, bikeId } = await ownerWithBike(t.app);
      const staff = await signUpUser(t.app);
      await grantStaffRole(t.app.db, staff.partyId, 'support');
      const switched = await switchInto(t.app, staff.token, owner.partyId);

      expect((await call(t.app, switched, 'GET', draftUrl(bikeId))).statusCode).toBe(200);
      expect((await call(t.app, switched, 'PUT', draftUrl(bikeId), completeDraft())).statusCode).toBe(200);
      const submit = await call(t.app, switched, 'POST', submitUrl(bikeId));
      expect(submit.statusCode).toBe(403);
      expect(submit.json().code).toBe('not_allowed_while_switched');
      expect(await bikeStatus(bikeId)).toBe('registered');

      expect((await call(t.app, owner.token, 'POST', submitUrl(bikeId))).statusCode).toBe(200);
      expect((await approveFound(owner.token, bikeId)).statusCode).toBe(200);
      const found = await call(t.app, switched, 'POST', foundUrl(bikeId));
      expect(found.statusCode).toBe(403);
      expect(found.json().code).toBe('not_allowed_while_switched');
      expect(await bikeStatus(bikeId)).toBe('stolen');
      // Staff in their own session are not the owner: the bike is not theirs.
      expect((await call(t.app, staff.token, 'GET', draftUrl(bikeId))).statusCode).toBe(404);
    });

    it('hides a former owner’s draft from the new owner, and keeps each report with the one who made it', async () => {
      const { owner: first, bikeId } = await ownerWithBike(t.app);
      // First owner: a report, found again, then an unsent draft of a second theft.
      await reportStolen(t.app, first.token, bikeId, { first_name: 'Første' });
      expect((await approveFound(first.token, bikeId)).statusCode).toBe(200);
      expect((await call(t.app, first.token, 'POST', foundUrl(bikeId))).statusCode).toBe(200);
      await call(
        t.app,
        first.token,
        'PUT',
        draftUrl(bikeId),
        completeDraft({ street_address: 'Hemmelig Allé 1' }),
      );

      const second = await signUpConfirmed(t.app);
      const { transferId } = await offerBike(t.app, first.token, bikeId, second.email);
      expect((await act(t.app, second.token, transferId, 'accept')).statusCode).toBe(200);

      const draft = await call(t.app, second.token, 'GET', draftUrl(bikeId));
      expect(draft.statusCode).toBe(200);
      expect(draft.json()).toMatchObject({ saved_at: null, location_id: null, email: second.email });
      expect(draft.body).not.toContain('Hemmelig');
      expect((await rowsOf(bikeId)).filter((row) => row.status === 'draft')).toHaveLength(0);
      expect((await call(t.app, second.token, 'GET', reportUrl(bikeId))).statusCode).toBe(404);

      // The first owner keeps their own (closed) report, and reaches nothing else of the bike.
      const history = await call(t.app, first.token, 'GET', reportUrl(bikeId));
      expect(history.statusCode).toBe(200);
      expect(history.json()).toMatchObject({ first_name: 'Første', status: 'closed' });
      for (const [method, url] of [
        ['GET', draftUrl(bikeId)],
        ['POST', submitUrl(bikeId)],
        ['POST', foundUrl(bikeId)],
      ] as const) {
        expect((await call(t.app, first.token, method, url)).statusCode).toBe(404);
      }

      // The new owner reports it: the first owner's history is untouched.
      await reportStolen(t.app, second.token, bikeId, { first_name: 'Anden' });
      expect((await call(t.app, second.token, 'GET', reportUrl(bikeId))).json().first_name).toBe('Anden');
      expect((await call(t.app, first.token, 'GET', reportUrl(bikeId))).json().first_name).toBe('Første');
    });
  });

  it('documents its routes in the OpenAPI description', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const draft = spec.paths['/api/bikes/{bike_id}/theft-report/draft'];
    expect(draft.get.tags).toEqual(['theft']);
    expect(draft.put.requestBody.content['application/json'].schema.properties.cpr_number).toBeDefined();
    for (const answered of ['cpr_number', 'cpr_number_masked']) {
      expect(draft.get.responses['200'].content['application/json'].schema.properties).not.toHaveProperty(
        answered,
      );
    }
    expect(spec.paths['/api/bikes/{bike_id}/theft-report/submit'].post.responses['200']).toBeDefined();
    expect(spec.paths['/api/bikes/{bike_id}/theft-report'].get).toBeDefined();
    // Public: the signed address is the check, and a token sent along changes nothing.
    expect(spec.paths['/api/bikes/{bike_id}/theft-report/pdf'].get.security).toEqual([{}, { bearer: [] }]);
    expect(spec.paths['/api/bikes/{bike_id}/found'].post.responses['200']).toBeDefined();
  });

  it('keeps bearer tokens of the owner out of the PDF address', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const report = await reportStolen(t.app, owner.token, bikeId);
    expect(report.pdf_url).not.toContain(owner.token);
    const response = await t.app.inject({ method: 'GET', url: report.pdf_url, headers: bearer('garbage') });
    expect(response.statusCode).toBe(200);
  });
});

describe('theft report budgets', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ theftReportRateLimits: { draftSavesPerHour: 3, submitsPerHour: 2 } });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('refuses draft saves and submissions beyond the hourly budget with 429', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    for (let save = 0; save < 3; save += 1) {
      expect(
        (await call(t.app, owner.token, 'PUT', draftUrl(bikeId), { first_name: 'Freja' })).statusCode,
      ).toBe(200);
    }
    const saves = await call(t.app, owner.token, 'PUT', draftUrl(bikeId), { first_name: 'Freja' });
    expect(saves.statusCode).toBe(429);
    expect(saves.json().code).toBe('rate_limited');

    expect((await call(t.app, owner.token, 'POST', submitUrl(bikeId))).statusCode).toBe(422);
    expect((await call(t.app, owner.token, 'POST', submitUrl(bikeId))).statusCode).toBe(422);
    const submits = await call(t.app, owner.token, 'POST', submitUrl(bikeId));
    expect(submits.statusCode).toBe(429);
    // Reading is not limited.
    expect((await call(t.app, owner.token, 'GET', draftUrl(bikeId))).statusCode).toBe(200);
  });
});
