import { inflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { grantCredits, printStickers, registerBike } from './bike-api-helpers.ts';
import { uniqueFrameNumber } from './bike-helpers.ts';
import { bearer, type TestUser } from './identity-helpers.ts';
import { signUpConfirmedUser } from './verification-helpers.ts';

/* People, bikes and drafts for the theft report tests, made through the API where the product does. */

/** A moment `hours` ago (negative: in the future) as ISO 8601. */
export function hoursAgo(hours: number): string {
  return new Date(Date.now() - hours * 3_600_000).toISOString();
}

/** Every field a report needs for a non-electric bike with no police report, insurance, culprit or witness. */
export function completeDraft(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    first_name: 'Freja',
    last_name: 'Holm',
    email: 'freja.holm@example.dk',
    street_address: 'Nørrebrogade 20',
    zip_code: '2200',
    city: 'København N',
    mobile: '+4520123456',
    floor: '3',
    side: 'tv',
    police_report_requested: false,
    is_insured: false,
    bike_price: 4500,
    bike_category: 'city',
    bike_color: 'blue',
    is_electric: false,
    lock_status: 'locked',
    is_culprit_known: false,
    has_witness: false,
    time_last_seen: hoursAgo(48),
    noted_time: hoursAgo(24),
    place: 'Nørrebrogade 20, 2200 København N',
    location: { latitude: 55.68894, longitude: 12.55312 },
    acknowledgement_payout: true,
    acknowledgement_data_share: true,
    acknowledgement_ownership_transfer: true,
    unlocked_steps: [
      'personal-info',
      'insurance',
      'bike-info',
      'culprit-info',
      'time-location',
      'send-report',
    ],
    previous_page: 'send-report',
    ...overrides,
  };
}

/**
 * A person with a confirmed address (a national identity approval needs one) and a bike with a
 * frame number and a plate. `language` is their chosen language.
 */
export async function ownerWithBike(
  app: FastifyInstance,
  options: {
    language?: 'da' | 'en' | 'no';
    bike?: Record<string, unknown>;
    /** More fields of the sign-up payload (a phone, a zip code). */
    signUp?: Record<string, unknown>;
  } = {},
): Promise<{ owner: TestUser; bikeId: string; frameNumber: string; plate: string }> {
  const language = options.language ?? 'da';
  const owner = await signUpConfirmedUser(app, {
    chosen_language: language,
    chosen_region: language === 'no' ? 'no' : 'dk',
    ...options.signUp,
  });
  await grantCredits(app, owner.email, 3);
  const [plate] = await printStickers(app, 1);
  if (!plate) throw new Error('no sticker printed');
  const frameNumber = uniqueFrameNumber();
  const bike = await registerBike(app, owner.token, {
    nickname: 'Byhesten',
    frame_number: frameNumber,
    plate_id: plate,
    brand: 'Kildemoes',
    model: 'Logic',
    category: 'city',
    color: 'blue',
    price: 6999,
    ...options.bike,
  });
  return { owner, bikeId: bike.bike_id, frameNumber, plate };
}

export function call(
  app: FastifyInstance,
  token: string | null,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: token ? bearer(token, headers) : headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export const draftUrl = (bikeId: string) => `/api/bikes/${bikeId}/theft-report/draft`;
export const submitUrl = (bikeId: string) => `/api/bikes/${bikeId}/theft-report/submit`;
export const reportUrl = (bikeId: string) => `/api/bikes/${bikeId}/theft-report`;
export const foundUrl = (bikeId: string) => `/api/bikes/${bikeId}/found`;

/** Saves the draft and submits it; fails the test unless both answer 200. Answers the report. */
export async function reportStolen(
  app: FastifyInstance,
  token: string,
  bikeId: string,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const saved = await call(app, token, 'PUT', draftUrl(bikeId), completeDraft(overrides));
  if (saved.statusCode !== 200) throw new Error(`PUT draft answered ${saved.statusCode}: ${saved.body}`);
  const submitted = await call(app, token, 'POST', submitUrl(bikeId), undefined, headers);
  if (submitted.statusCode !== 200) {
    throw new Error(`submit answered ${submitted.statusCode}: ${submitted.body}`);
  }
  return submitted.json<Record<string, unknown> & { report_id: string; pdf_url: string }>();
}

/** Windows-1252 at 0x80–0x9F (the built-in fonts' encoding; Latin-1 elsewhere). */
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeWinAnsi(bytes: Buffer): string {
  return [...bytes]
    .map((byte) => (byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_HIGH[byte - 0x80] : String.fromCharCode(byte)))
    .join('');
}

/**
 * The text a PDF shows, line by line: pdfkit writes each line as a TJ array of hex strings inside
 * Flate-compressed content streams. pdfkit ends a stream's bytes with "\nendstream", so a compressed
 * stream whose last byte happens to be "\r" must keep it (a pattern that also ate an optional "\r"
 * lost such a page about once in 256 reports).
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const pieces = [...(array[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) =>
        decodeWinAnsi(Buffer.from(hex[1] ?? '', 'hex')),
      );
      lines.push(pieces.join(''));
    }
  }
  return lines.join('\n');
}
