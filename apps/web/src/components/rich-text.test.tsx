import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
