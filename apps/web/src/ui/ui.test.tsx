import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { ConfirmDialog } from './dialog.tsx';
import { addressParts, EmailAddress } from './email-address.tsx';
import { ErrorSummary, isMissingInput } from './form.tsx';
import { RadioGroup } from './radio-group.tsx';
import { Select } from './select.tsx';
import { PasswordField, TextField } from './text-field.tsx';

type Tree = { [key: string]: string | Tree };
const common = import.meta.glob<Tree>('../locales/da/common.json', { eager: true, import: 'default' })[
  '../locales/da/common.json'
]!;
const text = (key: string) => i18next.t(key);

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'da',
    resources: { da: { common } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

afterEach(cleanup);

describe('TextField', () => {
  it('labels the input and translates a validation code into an error tied to it', () => {
    render(<TextField label="E-mail" error="invalid_email" />);
    const input = screen.getByLabelText('E-mail');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const message = screen.getByText(text('validation.invalid_email'));
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
  });

  it('shows a translated text as it is, and no error when there is none', () => {
    const { rerender } = render(<TextField label="Navn" error="Allerede i brug" />);
    expect(screen.getByText('Allerede i brug')).toBeTruthy();
    rerender(<TextField label="Navn" />);
    expect(screen.getByLabelText('Navn').getAttribute('aria-invalid')).toBeNull();
  });
});

describe('PasswordField', () => {
  it('hides the password until the toggle is pressed', () => {
    render(<PasswordField label="Adgangskode" />);
    const input = screen.getByLabelText('Adgangskode', { selector: 'input' });
    expect(input.getAttribute('type')).toBe('password');
    const toggle = screen.getByRole('button', { name: text('form.showPasswordLabel') });
    fireEvent.click(toggle);
    expect(input.getAttribute('type')).toBe('text');
    expect(
      screen.getByRole('button', { name: text('form.hidePasswordLabel') }).getAttribute('aria-pressed'),
    ).toBe('true');
  });
});

describe('ErrorSummary', () => {
  it('takes focus when a message appears, so the user learns why nothing happened', () => {
    const { rerender } = render(<ErrorSummary message={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(
      <ErrorSummary title={text('messages.missingSomething')} message={text('messages.fillInAllFields')} />,
    );
    const alert = screen.getByRole('alert');
    expect(document.activeElement).toBe(alert);
    expect(alert.textContent).toContain('Udfyld venligst alle felter.');
  });
});

describe('isMissingInput', () => {
  it("says 'du mangler noget' only when a field was left out, not when one was filled in wrongly", () => {
    expect(isMissingInput({ email: { type: 'custom', message: 'required' } })).toBe(true);
    expect(isMissingInput({ accept: { type: 'custom', message: 'must_accept' } })).toBe(true);
    expect(isMissingInput({ email: { type: 'custom', message: 'invalid_email' } })).toBe(false);
    expect(
      isMissingInput({ new_password_repeat: { type: 'custom', message: 'passwords_do_not_match' } }),
    ).toBe(false);
  });
});

describe('Alert', () => {
  it('interrupts for errors and waits its turn for information', () => {
    render(
      <>
        <Alert tone="error">a</Alert>
        <Alert tone="success">b</Alert>
        <Alert tone="info" announce="none">
          c
        </Alert>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('a');
    expect(screen.getByRole('status').textContent).toBe('b');
  });
});

describe('Button', () => {
  it('ignores presses while pending', () => {
    const onPress = vi.fn();
    const { rerender } = render(<Button onPress={onPress}>Gem</Button>);
    fireEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(onPress).toHaveBeenCalledTimes(1);
    rerender(
      <Button onPress={onPress} isPending>
        Gem
      </Button>,
    );
    fireEvent.click(screen.getByRole('button'));
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('while pending, keeps its name in itself, not in a live region that points at it (axe role-img-alt)', () => {
    const { rerender } = render(<Button onPress={vi.fn()}>Gem</Button>);
    const button = screen.getByRole('button');
    act(() => button.focus());
    rerender(
      <Button onPress={vi.fn()} isPending>
        Gem
      </Button>,
    );
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.querySelector('[data-live-announcer] [role="img"]')).toBeNull();
  });

  it('a pending submit button does not submit the form again', () => {
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <Button type="submit" isPending>
          Gem
        </Button>
      </form>,
    );
    expect(screen.getByRole('button').getAttribute('type')).toBe('button');
  });
});

describe('ConfirmDialog', () => {
  it('stays open and shows the error when the confirmed action fails', async () => {
    const onOpenChange = vi.fn();
    const onConfirm = vi.fn().mockRejectedValue(new Error('nope'));
    render(
      <ConfirmDialog
        isOpen
        onOpenChange={onOpenChange}
        title="Slet konto"
        confirmLabel="Slet"
        variant="danger"
        onConfirm={onConfirm}
      >
        <p>Er du sikker?</p>
      </ConfirmDialog>,
    );
    expect(screen.getByRole('alertdialog', { name: 'Slet konto' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Slet' }));
    });
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect(screen.getByRole('alert').textContent).toContain(text('errors.unexpected'));
  });
});

describe('RadioGroup', () => {
  it('lays its options out in their own box that follows the orientation, each description under its label', () => {
    render(
      <RadioGroup
        label="Land"
        orientation="horizontal"
        options={[
          { value: 'dk', label: 'Danmark', description: 'CVR-nummer' },
          { value: 'no', label: 'Norge' },
        ]}
      />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Land' });
    expect(group.getAttribute('data-orientation')).toBe('horizontal');
    const denmark = screen.getByRole('radio', { name: /Danmark/ });
    const norway = screen.getByRole('radio', { name: 'Norge' });
    const choices = denmark.closest('label')!.parentElement!;
    // The label and the options are not siblings: only the options' box turns into a row.
    expect(choices.parentElement).toBe(group);
    expect(choices.contains(norway)).toBe(true);
    expect(choices.contains(screen.getByText('Land'))).toBe(false);
    const description = screen.getByText('CVR-nummer');
    expect(description.parentElement?.textContent).toBe('DanmarkCVR-nummer');
    expect(description.parentElement?.className).toContain('choiceText');
  });
});

describe('EmailAddress', () => {
  it('wraps a long address after the @ and before its dots, never at a sentence’s full stop', () => {
    expect(addressParts('ann.marie.berg@forsikring.example.dk')).toEqual([
      'ann',
      '.marie',
      '.berg@',
      'forsikring',
      '.example',
      '.dk',
    ]);
    expect(addressParts('Skrevet til a@b.dk. Tjek')).toEqual(['Skrevet til a@', 'b', '.dk. Tjek']);
  });

  it('keeps the address whole as text, with <wbr> break points in bold', () => {
    const { container } = render(
      <p>
        Til <EmailAddress>{'meget.lang.adresse@cykelforhandler.example.dk'}</EmailAddress>.
      </p>,
    );
    const strong = container.querySelector('strong');
    expect(strong?.textContent).toBe('meget.lang.adresse@cykelforhandler.example.dk');
    expect(strong?.querySelectorAll('wbr')).toHaveLength(5);
    expect(container.textContent).toBe('Til meget.lang.adresse@cykelforhandler.example.dk.');
  });
});

describe('Select', () => {
  it("shows the page's own placeholder before a choice, not react-aria's default in the browser's language", () => {
    render(<Select label="Farve" options={[{ value: 'red', label: 'Rød' }]} />);
    const button = screen.getByRole('button', { name: /Farve/ });
    expect(button.textContent).toContain('Vælg …');
    expect(button.textContent).not.toMatch(/Select an item|Velg et element|Vælg et element/);
  });

  it('keeps a placeholder the caller gives', () => {
    render(<Select label="Farve" placeholder="Vælg en farve" options={[{ value: 'red', label: 'Rød' }]} />);
    expect(screen.getByRole('button', { name: /Farve/ }).textContent).toContain('Vælg en farve');
  });
});
