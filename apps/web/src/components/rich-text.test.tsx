import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../test/i18n.ts';
import { RichText } from './rich-text.tsx';

describe('RichText', () => {
  it('links e-mail addresses and www addresses, and keeps the text around them', () => {
    const { container } = render(
      <p>
        <RichText text="Skriv til privacy@cykelregister.dk. Klage: Datatilsynet (www.datatilsynet.dk)." />
      </p>,
    );
    expect(container.textContent).toBe(
      'Skriv til privacy@cykelregister.dk. Klage: Datatilsynet (www.datatilsynet.dk).',
    );
    expect(screen.getByRole('link', { name: 'privacy@cykelregister.dk' })).toHaveProperty(
      'href',
      'mailto:privacy@cykelregister.dk',
    );
    expect(screen.getByRole('link', { name: 'www.datatilsynet.dk' })).toHaveProperty(
      'href',
      'https://www.datatilsynet.dk/',
    );
  });

  it('leaves text without addresses alone', () => {
    const { container } = render(<RichText text="Konto, profil og cykler gemmes." />);
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(container.textContent).toBe('Konto, profil og cykler gemmes.');
  });
});

describe('RichText with the markup’s links', () => {
  beforeAll(() => initTestI18n('da', ['common']));

  it('makes our own paths links inside the app and other sites links that open a new tab', () => {
    render(
      <MemoryRouter>
        <p>
          <RichText text="Køb i [webshoppen](/webshop?region=no) eller læs [NAF](https://www.naf.no)." />
        </p>
      </MemoryRouter>,
    );
    const shop = screen.getByRole('link', { name: 'webshoppen' });
    expect(shop.getAttribute('href')).toBe('/webshop?region=no');
    expect(shop.getAttribute('target')).toBeNull();
    const naf = screen.getByRole('link', { name: /NAF/ });
    expect(naf.getAttribute('href')).toBe('https://www.naf.no');
    expect(naf.getAttribute('target')).toBe('_blank');
  });

  it('leaves a link to any other kind of address as text', () => {
    const { container } = render(<RichText text="[klik](javascript:alert(1))" />);
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(container.textContent).toBe('[klik](javascript:alert(1))');
  });
});
