import type { SurveyAnswerView } from '@nbr/domain/surveys';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { readAnswerToken, writeAnswerToken } from '../lib/answer-token.ts';
import { Component as SurveyPage } from './survey-page.tsx';

/*
 * The invitation's landing page with a signed-in person who answered as a visitor in this browser:
 * the page takes the answer over first; when they already have their own answer it says so and shows
 * theirs. Either way the browser forgets the token.
 */

const SURVEY = '0190a0b0-0000-7000-8000-0000000000a1';
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const personToken = `${encode({ alg: 'EdDSA' })}.${encode({
  exp: Math.floor(Date.now() / 1000) + 3600,
  email: 'rider@example.dk',
  identity_party_id: '0190a0b0-0000-7000-8000-0000000000b1',
  party_id: '0190a0b0-0000-7000-8000-0000000000b1',
  verified_on: null,
  identity_signed_up_at: '2026-01-01',
  organisation_type: null,
  birth_date: null,
  zip_code: null,
  phone: null,
  sid: 's1',
})}.sig`;

const view = (answer: SurveyAnswerView['answer']): SurveyAnswerView => ({
  survey: {
    id: SURVEY,
    title: 'Transportvaner 2026',
    opens_on: '2026-01-01',
    closes_on: '2099-12-31',
    workplaces: [],
    organisation_name: 'Pendler ApS',
    open: true,
  },
  answer,
});

const partial: SurveyAnswerView['answer'] = {
  home_postcode: '8000',
  work_postcode: '8200',
  home_grid_cell: null,
  work_grid_cell: null,
  workplace_id: null,
  days: null,
  legs: null,
  would_cycle_more_with_parking: null,
  would_cycle_more_with_dock: null,
  finished_at: null,
  updated_at: '2026-12-07T06:00:00.000Z',
};

const fetchMock = vi.fn<typeof fetch>();
beforeAll(() => initTestI18n('en', ['common', 'survey']));
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  sessionStore.setToken(personToken);
  writeAnswerToken(SURVEY, 'visitor-token');
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  sessionStore.clear();
  writeAnswerToken(SURVEY, null);
});

const show = () => renderRoute([{ path: '/survey', element: <SurveyPage /> }], `/survey?id=${SURVEY}`);
const claims = () =>
  fetchMock.mock.calls.filter(([input, init]) => init?.method === 'POST' && String(input).endsWith('/claim'));

describe('the landing page of a person who answered as a visitor', () => {
  it('takes the answer over with the token, then offers to continue it', async () => {
    fetchMock.mockImplementation(async () => Response.json(view(partial)));
    show();
    expect(await screen.findByRole('link', { name: 'Continue where you left off' })).toBeTruthy();
    expect(claims()).toHaveLength(1);
    expect(new Headers(claims()[0]?.[1]?.headers).get('x-survey-answer-token')).toBe('visitor-token');
    expect(readAnswerToken(SURVEY)).toBeNull();
  });

  it('says their own answer was kept when they had one, and shows it', async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'POST'
        ? Response.json({ detail: 'exists', code: 'survey_answer_exists' }, { status: 409 })
        : Response.json(view(null)),
    );
    show();
    expect(
      await screen.findByText('You have already answered this survey while signed in. We kept that answer.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Start the survey' })).toBeTruthy());
    expect(readAnswerToken(SURVEY)).toBeNull();
  });
});
