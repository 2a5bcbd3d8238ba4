import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../test/i18n.ts';
import { RouteAnnouncer } from './route-announcer.tsx';

/*
 * After a navigation focus goes to the new page's heading, as a full page load would, unless the
 * person has already moved on: a field they focused, or a form's message shown after they pressed
 * its button, keeps the focus.
 */

beforeAll(() => initTestI18n('en', ['common']));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Page({ title, to }: { title: string; to?: string }) {
  return (
    <main>
      <h1>{title}</h1>
      <label>
        Name <input />
      </label>
      {to ? <Link to={to}>Go on</Link> : null}
      <RouteAnnouncer />
    </main>
  );
}

function renderTwoPages() {
  const router = createMemoryRouter(
    [
      { path: '/first', element: <Page title="First" to="/second" /> },
      { path: '/second', element: <Page title="Second" /> },
    ],
    { initialEntries: ['/first'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RouteAnnouncer', () => {
  it('takes focus to the new page’s heading after a navigation', async () => {
    vi.useFakeTimers();
    const router = renderTwoPages();
    screen.getByRole('link', { name: 'Go on' }).focus();
    await act(() => router.navigate('/second'));
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Second' }));
  });

  it('leaves focus where the person put it on the new page before the heading was looked for', async () => {
    vi.useFakeTimers();
    const router = renderTwoPages();
    screen.getByRole('link', { name: 'Go on' }).focus();
    await act(() => router.navigate('/second'));
    const field = screen.getByRole('textbox', { name: 'Name' });
    act(() => field.focus());
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(document.activeElement).toBe(field);
  });
});
