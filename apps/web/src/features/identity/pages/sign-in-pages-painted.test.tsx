import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { paintRoute } from '../../../test/paint-route.tsx';
import { rememberPasswordResetEmail } from '../password-reset-email.ts';
import { Component as ForgotPasswordPage } from './forgot-password-page.tsx';
import { Component as LoginPage, loader as loginLoader } from './login-page.tsx';
import { Component as SignUpPage, loader as signUpLoader } from './signup-page.tsx';

/*
 * Issue 31: /login, /signup and /forgot-password are painted on the server. The server knows nothing
 * of this browser (its stored region, the page that sent the person to log in, the address typed on
 * the login page), so those show once the page has hydrated — without a hydration mismatch — and
 * the login form posts to its own address before the JavaScript runs.
 */

const fetchMock = vi.fn<typeof fetch>();
beforeAll(() => initTestI18n('en', ['common', 'auth']));
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) =>
    String(input) === '/api/identities/google/configuration'
      ? Response.json({
          enabled: true,
          client_id: 'client',
          authorization_url: 'https://accounts.example/auth',
        })
      : new Response('{}', { status: 500 }),
  );
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
/** This browser: Norway chosen as region, and an offer mail's link that sent the person to log in. */
function rememberThisBrowser() {
  localStorage.setItem(STORAGE_KEYS.region, 'no');
  sessionStorage.setItem(
    STORAGE_KEYS.redirectAfterLogin,
    JSON.stringify({ path: paths.app.myBikesReceiveBike.getHref(), dependency: 'loggedIn' }),
  );
}

describe('sign-in pages painted on the server', () => {
  it('/login: a plain form posted to its own address, Google’s button, and this browser’s region after hydration', async () => {
    rememberThisBrowser();
    const painted = await paintRoute(
      { path: paths.auth.login.path, Component: LoginPage, loader: loginLoader },
      '/login?from=offer',
    );
    try {
      const html = parse(painted.html);
      const form = html.querySelector('form');
      expect([form?.getAttribute('method'), form?.getAttribute('action')]).toEqual([
        'post',
        '/login?from=offer',
      ]);
      expect(form?.querySelector('input[name="email"]')?.getAttribute('type')).toBe('email');
      expect(form?.querySelector('input[name="password"]')?.getAttribute('type')).toBe('password');
      expect(html.body.textContent).toContain('Continue with Google');
      // The server paints the language's region (English: Denmark) and no offer.
      expect(html.body.textContent).toContain('Continue with MitID');
      expect(html.body.textContent).not.toContain('A bike is waiting for you');
      expect(fetchMock).toHaveBeenCalledTimes(1);

      expect(painted.errors).toEqual([]);
      expect(await screen.findByRole('button', { name: 'Continue with BankID' })).toBeTruthy();
      expect(screen.getByText('A bike is waiting for you')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      painted.unmount();
    }
  });

  it('/login without Google’s answer: not painted, the page is left to the browser', async () => {
    fetchMock.mockImplementation(async () => new Response('{}', { status: 503 }));
    await expect(
      paintRoute({ path: paths.auth.login.path, Component: LoginPage, loader: loginLoader }, '/login'),
    ).rejects.toThrow('The loader failed');
  });

  it('/signup: the region chosen on this device becomes the form’s after hydration', async () => {
    rememberThisBrowser();
    const painted = await paintRoute(
      { path: paths.auth.signup.path, Component: SignUpPage, loader: signUpLoader },
      '/signup',
    );
    try {
      const html = parse(painted.html);
      expect(html.body.textContent).toContain('Continue with MitID');
      expect(html.body.textContent).toContain('Continue with Google');
      expect(fetchMock).toHaveBeenCalledTimes(1);

      expect(painted.errors).toEqual([]);
      expect(await screen.findByRole('button', { name: 'Continue with BankID' })).toBeTruthy();
      expect(screen.getByText('A bike is waiting for you')).toBeTruthy();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      painted.unmount();
    }
  });

  it('/forgot-password: the address typed on the login page is filled in after hydration', async () => {
    rememberPasswordResetEmail('ida@example.com');
    const painted = await paintRoute(
      { path: paths.auth.forgotPassword.path, Component: ForgotPasswordPage },
      '/forgot-password',
    );
    try {
      expect(parse(painted.html).querySelector('input[name="email"]')?.getAttribute('value')).toBe('');
      expect(painted.errors).toEqual([]);
      await vi.waitFor(() =>
        expect((screen.getByRole('textbox', { name: /E-mail/ }) as HTMLInputElement).value).toBe(
          'ida@example.com',
        ),
      );
    } finally {
      painted.unmount();
    }
  });
});
