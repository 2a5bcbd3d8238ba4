import type { ResaleCertificate } from '@nbr/domain/resale-certificates';
import { cleanup, screen } from '@testing-library/react';
import { createStaticHandler } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '../../../lib/api-client.ts';
import type { ServerLoaderContext } from '../../../lib/page-data.ts';
import { createQueryClient, queryClient } from '../../../lib/query-client.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { paintRoute } from '../../../test/paint-route.tsx';
import { Component as CertificatePage, loader } from './certificate-page.tsx';

/*
 * Issue 32 §4: the buyer's page of a resale certificate as the server paints it (issue 31): genuine
 * and current with the ownership request, or the warning of a bike stolen since without it; a
 * browser without JavaScript reads it all, and hydrating asks nothing again.
 */

const fetchMock = vi.fn<typeof fetch>();
beforeAll(() => initTestI18n('en', ['common', 'certificates', 'ownership']));
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  queryClient.clear();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const ID = '0b7f4c1e-9f0e-4c55-8f59-2d1d1b1b1b1b';
const BIKE = '019ac15e-0000-7000-8000-000000000321';

function certificate(overrides: Partial<ResaleCertificate> = {}): ResaleCertificate {
  return {
    certificate_id: ID,
    statement: {
      type: 'nbr-resale-certificate',
      version: 1,
      certificate_id: ID,
      kid: 'kid-1',
      issued_at: '2026-12-01T10:00:00.000Z',
      bike: {
        bike_id: BIKE,
        brand: 'Kildemoes',
        model: 'Logic',
        color: 'blue',
        category: 'city',
        is_electric: false,
        frame_number_masked: '******45Z',
      },
      registered_since: '2024-03-01',
      number_of_owners: 2,
      thefts: [{ reported_stolen_on: '2025-05-02', recovered_on: '2025-05-20' }],
      owner_identity_verified: true,
    },
    signed_text: '{}',
    signature: 'c2lnbmF0dXJl',
    kid: 'kid-1',
    genuine: true,
    status: 'current',
    transferred_since: false,
    reported_stolen_since: null,
    revoked_at: null,
    checked_at: '2026-12-07T10:00:00.000Z',
    is_owner: false,
    pdf_url: `/api/resale-certificates/${ID}/pdf`,
    ...overrides,
  };
}

async function paint(answer: ResaleCertificate) {
  fetchMock.mockImplementation(async (input) =>
    String(input).includes(`/api/resale-certificates/${ID}`)
      ? Response.json(answer)
      : new Response('{}', { status: 500 }),
  );
  return paintRoute(
    { path: '/certifikat/:certificateId', Component: CertificatePage, loader },
    `/certifikat/${ID}`,
  );
}

describe('certificate page painted on the server', () => {
  it('answers an address that is no certificate with the 404 status: the loader fails with the API’s 404', async () => {
    fetchMock.mockImplementation(async () =>
      Response.json({ code: 'not_found', detail: 'Not found' }, { status: 404 }),
    );
    const handler = createStaticHandler([{ path: '/certifikat/:certificateId', loader }]);
    const requestContext: ServerLoaderContext = {
      queryClient: createQueryClient(),
      language: 'da',
      region: 'dk',
    };
    requestContext.queryClient.setDefaultOptions({ queries: { retry: false } });
    const context = await handler.query(new Request(`http://localhost/certifikat/${ID}`), { requestContext });
    if (context instanceof Response) throw new Error('no redirect expected');
    const [error] = Object.values(context.errors ?? {});
    expect(isApiError(error) && error.status).toBe(404);
  });

  it('paints a genuine, current certificate with its facts and the ownership request; hydrating asks nothing again', async () => {
    const painted = await paint(certificate());
    try {
      const html = new DOMParser().parseFromString(painted.html, 'text/html');
      expect(html.body.textContent).toContain('Genuine and current');
      expect(html.body.textContent).toContain('******45Z');
      expect(html.body.textContent).toContain('Reported stolen 2 May 2025, found 20 May 2025');
      expect(html.querySelector(`a[href="/app/bikes/request-ownership/${BIKE}"]`)).not.toBeNull();
      expect(html.querySelector(`a[href="/api/resale-certificates/${ID}/pdf?lang=en"]`)).not.toBeNull();
      expect(painted.errors).toEqual([]);
      expect(await screen.findByText('Genuine and current')).toBeTruthy();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      painted.unmount();
    }
  });

  it('warns of a bike stolen since and offers no request', async () => {
    const painted = await paint(certificate({ status: 'stolen', reported_stolen_since: '2026-12-05' }));
    try {
      const html = new DOMParser().parseFromString(painted.html, 'text/html');
      expect(html.body.textContent).toContain('The bike is reported stolen');
      expect(html.body.textContent).toContain('5 December 2026');
      expect(html.querySelector(`a[href="/app/bikes/request-ownership/${BIKE}"]`)).toBeNull();
      expect(painted.errors).toEqual([]);
    } finally {
      painted.unmount();
    }
  });

  it('says a certificate whose signature fails is not genuine, whatever its status', async () => {
    const painted = await paint(certificate({ genuine: false }));
    try {
      const html = new DOMParser().parseFromString(painted.html, 'text/html');
      expect(html.body.textContent).toContain('The certificate is not genuine');
      expect(html.body.textContent).not.toContain('Genuine and current');
      expect(html.querySelector(`a[href="/app/bikes/request-ownership/${BIKE}"]`)).toBeNull();
    } finally {
      painted.unmount();
    }
  });
});
