import { randomBytes, randomInt } from 'node:crypto';

/*
 * The data the public pages show, made through the HTTP API of a running server (not production: the
 * built-in mailbox and the /dev stand-ins for credits and stickers), as the e2e helpers make it
 * (e2e/support/accounts.ts, bikes.ts, theft.ts): a person signed up and confirmed through the mailed
 * link, a registered bike with a printed sticker, and a second bike of theirs reported stolen.
 */

export interface PublicData {
  /** Frame number of a registered bike anyone may find (`/search?q=…`). */
  frameNumber: string;
  /** The printed sticker of that bike (`/sticker-id/{sticker}`). */
  sticker: string;
  /** A bike reported stolen (`/stolen-bike-map/{bikeId}`). */
  stolenBikeId: string;
}

const PASSWORD = 'Frame-Sticker-2026-bench';

async function call(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<unknown> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Signs a person up as the web does, then follows the link mailed to them (which signs them in). */
async function signUp(base: string, email: string): Promise<string> {
  await call(base, 'POST', '/api/identities/', {
    body: { email, password: PASSWORD, chosen_language: 'da', chosen_region: 'dk' },
  });
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = (await call(
      base,
      'GET',
      `/dev/mailbox/messages?to=${encodeURIComponent(email)}`,
    )) as Array<{
      links: string[];
    }>;
    const link = mails
      .flatMap((mail) => mail.links)
      .map((href) => new URL(href))
      .find((url) => url.pathname.replace(/\/+$/, '') === '/verify-email');
    const code = link?.searchParams.get('code');
    if (code) {
      const answer = (await call(
        base,
        'POST',
        `/api/identities/authentications/email-verifications/${encodeURIComponent(code)}/validate`,
      )) as { authentication_token: string };
      return answer.authentication_token;
    }
    if (Date.now() > deadline) throw new Error(`no sign-up mail to ${email} within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A Kildemoes Logic with a fresh frame number and a printed sticker, registered for the person. */
async function registerBike(
  base: string,
  owner: { email: string; token: string },
  nickname: string,
): Promise<{ bikeId: string; frameNumber: string; sticker: string }> {
  await call(base, 'POST', '/dev/credits', { body: { email: owner.email, count: 1 } });
  const { sticker_ids: stickers } = (await call(base, 'POST', '/dev/stickers', {
    body: { count: 1, kind: 'bike' },
  })) as { sticker_ids: string[] };
  const sticker = stickers[0] ?? '';
  const frameNumber = `WDA${randomInt(1_000_000_000, 9_999_999_999)}Z`;
  const { bike_id: bikeId } = (await call(base, 'POST', '/api/bikes/', {
    token: owner.token,
    body: {
      nickname,
      frame_number: frameNumber,
      plate_id: sticker,
      brand: 'Kildemoes',
      model: 'Logic',
      category: 'city',
      color: 'blue',
    },
  })) as { bike_id: string };
  return { bikeId, frameNumber, sticker };
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** A complete theft report (taken from Nørrebrogade, Copenhagen, two days ago), submitted. */
async function reportStolen(base: string, token: string, bikeId: string): Promise<void> {
  await call(base, 'PUT', `/api/bikes/${bikeId}/theft-report/draft`, {
    token,
    body: {
      first_name: 'Freja',
      last_name: 'Holm',
      email: 'freja.holm@example.test',
      street_address: 'Nørrebrogade 20',
      zip_code: '2200',
      city: 'København N',
      mobile: '+4520123456',
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
      location: { latitude: 55.6889, longitude: 12.5531 },
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
    },
  });
  await call(base, 'POST', `/api/bikes/${bikeId}/theft-report/submit`, { token });
}

/** One person with a registered, stickered bike and a second bike reported stolen. */
export async function makePublicData(base: string): Promise<PublicData> {
  const email = `bench+lighthouse-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.test`;
  const owner = { email, token: await signUp(base, email) };
  const registered = await registerBike(base, owner, 'Bench city bike');
  const stolen = await registerBike(base, owner, 'Bench stolen bike');
  await reportStolen(base, owner.token, stolen.bikeId);
  return { frameNumber: registered.frameNumber, sticker: registered.sticker, stolenBikeId: stolen.bikeId };
}
