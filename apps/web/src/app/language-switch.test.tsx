import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LanguageSwitch } from './language-switch.tsx';

type Tree = { [key: string]: string | Tree };
const common = import.meta.glob<Tree>('../locales/en/common.json', { eager: true, import: 'default' })[
  '../locales/en/common.json'
]!;

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { common } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

describe('LanguageSwitch', () => {
  it('paints at once as a labelled button, before its menu is loaded', () => {
    render(<LanguageSwitch />);
    const button = screen.getByRole('button', { name: /Language/ });
    expect(button.textContent).toContain('English');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('is called by what it shows, then "Language" (WCAG 2.5.3 label in name)', () => {
    render(<LanguageSwitch />);
    // jsdom applies no CSS, so both the name and the code are in the name here; a browser keeps one.
    expect(screen.getByRole('button', { name: /^English\s*EN\s*Language$/ })).toBeTruthy();
  });

  // The first import of the menu transforms react-aria's Select: slow on a busy machine.
  it('opens the menu when pressed before the menu had loaded', { timeout: 20_000 }, async () => {
    render(<LanguageSwitch />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Language/ }));
    });
    const list = await screen.findByRole('listbox', {}, { timeout: 15_000 });
    expect(list.textContent).toContain('Dansk');
    expect(list.textContent).toContain('Norsk');
  });
});
