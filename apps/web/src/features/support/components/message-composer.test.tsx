import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MessageComposer } from './message-composer.tsx';

/*
 * Writing in a ticket as a person does: nothing to send while empty, the field empties once sent,
 * and a failed send keeps the text and says why.
 */

type Tree = { [key: string]: string | Tree };
const load = (namespace: string) =>
  import.meta.glob<Tree>('../../../locales/en/*.json', { eager: true, import: 'default' })[
    `../../../locales/en/${namespace}.json`
  ]!;

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { common: load('common'), support: load('support') } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

afterEach(() => cleanup());

function show(onSend: (content: string) => Promise<unknown>) {
  render(<MessageComposer label="Write to support" submitLabel="Send" onSend={onSend} isPending={false} />);
  return {
    field: screen.getByRole('textbox', { name: 'Write to support' }) as HTMLTextAreaElement,
    send: screen.getByRole('button', { name: 'Send' }),
  };
}

describe('MessageComposer', () => {
  it('sends the trimmed text and empties the field', async () => {
    const onSend = vi.fn(async () => undefined);
    const { field, send } = show(onSend);
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: '  Hello support  ' } });
    await act(async () => {
      fireEvent.click(send);
    });
    expect(onSend).toHaveBeenCalledWith('Hello support');
    expect(field.value).toBe('');
  });

  it('keeps the text and says why when sending fails', async () => {
    const { field, send } = show(async () => {
      throw new Error('offline');
    });
    fireEvent.change(field, { target: { value: 'Are you there?' } });
    await act(async () => {
      fireEvent.click(send);
    });
    expect(field.value).toBe('Are you there?');
    expect(screen.getByRole('alert').textContent).toContain('The message was not sent.');
  });
});
