import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  decideMeasurement,
  getMeasurementChoice,
  hasMeasurementConsent,
  MEASUREMENT_COOKIE,
  mirrorMeasurementCookie,
  reloadMeasurementChoiceForTests,
  syncMeasurementChoice,
} from './consent.ts';
import { sessionStore } from './session-store.ts';
import { STORAGE_KEYS } from './storage.ts';
import { MAX_WAITING_EVENTS, track } from './tracking.ts';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (extra: Record<string, unknown> = {}) =>
  `${encode({ alg: 'EdDSA' })}.${encode({
    exp: Math.floor(Date.now() / 1000) + 3600,
    email: 'a@b.dk',
    identity_party_id: 'i',
    party_id: 'p',
    verified_on: null,
    identity_signed_up_at: '2026-01-01',
    organisation_type: null,
    birth_date: null,
    zip_code: null,
    phone: null,
    sid: 's1',
    ...extra,
  })}.sig`;

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const requests = () =>
  fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url).split('?')[0]}`);

function answerConsents(measurement: { granted: boolean; updated_at: string | null } | null) {
  fetchMock = vi.fn<typeof fetch>(async (input) =>
    String(input).startsWith('/api/identities/consents/') && !String(input).endsWith('measurement/')
      ? new Response(
          JSON.stringify(measurement ? [{ type: 'measurement', history: [], ...measurement }] : []),
          { headers: { 'content-type': 'application/json' } },
        )
      : new Response(null, { status: 204 }),
  );
  vi.stubGlobal('fetch', fetchMock);
}

/** The Cookie Store API (jsdom has none), writing into jsdom's document.cookie. */
const cookieStore = {
  set: vi.fn(async ({ name, value }: { name: string; value: string }) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the stand-in of the Cookie Store API writes jsdom's cookies.
    document.cookie = `${name}=${value}; path=/`;
  }),
  delete: vi.fn(async (name: string) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the stand-in of the Cookie Store API writes jsdom's cookies.
    document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }),
};
const measurementCookie = () =>
  document.cookie
    .split('; ')
    .find((cookie) => cookie.startsWith(`${MEASUREMENT_COOKIE}=`))
    ?.slice(MEASUREMENT_COOKIE.length + 1) ?? null;

beforeEach(() => {
  localStorage.clear();
  reloadMeasurementChoiceForTests();
  answerConsents(null);
  vi.stubGlobal('cookieStore', cookieStore);
});
afterEach(async () => {
  sessionStore.clear();
  localStorage.clear();
  await cookieStore.delete(MEASUREMENT_COOKIE);
  cookieStore.set.mockClear();
  cookieStore.delete.mockClear();
  vi.unstubAllGlobals();
});

describe('the measurement question', () => {
  it('is open on a first visit, and the answer is kept on the device', async () => {
    expect(getMeasurementChoice()).toBeNull();
    await decideMeasurement('denied', new Date('2026-12-07T10:00:00Z'));
    expect(getMeasurementChoice()).toBe('denied');
    expect(hasMeasurementConsent()).toBe(false);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.measurementConsent) ?? '')).toEqual({
      choice: 'denied',
      at: '2026-12-07T10:00:00.000Z',
    });
    // A visitor's answer stays on the device: nothing is sent.
    expect(fetchMock).not.toHaveBeenCalled();
    reloadMeasurementChoiceForTests();
    expect(getMeasurementChoice()).toBe('denied');
  });

  it('goes with the account when signed in, but not for staff switched into someone’s account', async () => {
    sessionStore.setToken(token());
    await decideMeasurement('granted');
    expect(requests()).toEqual(['POST /api/identities/consents/measurement/']);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ action: 'grant' });
    fetchMock.mockClear();
    sessionStore.setToken(token({ act: { sub: 'staff' } }));
    await decideMeasurement('denied');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes the account’s answer on sign-in over the device’s', async () => {
    await decideMeasurement('granted');
    answerConsents({ granted: false, updated_at: '2026-11-01T00:00:00Z' });
    sessionStore.setToken(token());
    await syncMeasurementChoice();
    expect(getMeasurementChoice()).toBe('denied');
    expect(requests()).toEqual(['GET /api/identities/consents/']);
  });

  it('gives an account without an answer the device’s', async () => {
    await decideMeasurement('granted');
    sessionStore.setToken(token());
    await syncMeasurementChoice();
    expect(getMeasurementChoice()).toBe('granted');
    expect(requests()).toEqual([
      'GET /api/identities/consents/',
      'POST /api/identities/consents/measurement/',
    ]);
  });
});

describe('the answer for the server (the nbr_measurement cookie)', () => {
  it('is written with every answer the device takes: its own, and the account’s on sign-in', async () => {
    expect(measurementCookie()).toBeNull();
    await decideMeasurement('granted');
    expect(measurementCookie()).toBe('granted');
    expect(cookieStore.set).toHaveBeenLastCalledWith(
      expect.objectContaining({ name: MEASUREMENT_COOKIE, value: 'granted', path: '/', sameSite: 'lax' }),
    );
    answerConsents({ granted: false, updated_at: '2026-11-01T00:00:00Z' });
    sessionStore.setToken(token());
    await syncMeasurementChoice();
    expect(measurementCookie()).toBe('denied');
  });

  it('follows the device at start: an answer given before the cookie existed, a wiped one', () => {
    localStorage.setItem(
      STORAGE_KEYS.measurementConsent,
      JSON.stringify({ choice: 'denied', at: '2026-01-01T00:00:00.000Z' }),
    );
    reloadMeasurementChoiceForTests();
    mirrorMeasurementCookie();
    expect(measurementCookie()).toBe('denied');
    // In agreement: nothing is written.
    cookieStore.set.mockClear();
    mirrorMeasurementCookie();
    expect(cookieStore.set).not.toHaveBeenCalled();
    // The device's storage wiped (the reset after deleting an account): the question is open again.
    localStorage.clear();
    reloadMeasurementChoiceForTests();
    mirrorMeasurementCookie();
    expect(measurementCookie()).toBeNull();
  });
});

describe('track', () => {
  it('sends nothing before consent: events wait, and go on "accept"', async () => {
    track('signup', 'completed', { region: 'dk' });
    expect(fetchMock).not.toHaveBeenCalled();
    await decideMeasurement('granted');
    expect(requests()).toEqual(['POST /api/actions/signup/completed']);
    track('page', 'x');
    expect(requests()).toHaveLength(2);
  });

  it('drops waiting events on "reject" and sends none after it', async () => {
    for (let index = 0; index < MAX_WAITING_EVENTS + 5; index += 1) track('page', `p${index}`);
    await decideMeasurement('denied');
    track('page', 'after');
    await decideMeasurement('granted');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
