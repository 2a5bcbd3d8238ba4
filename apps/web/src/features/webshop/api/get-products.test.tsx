import type { Product } from '@nbr/domain/webshop';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../test/i18n.ts';
import { productsQueryKey, useProducts } from './get-products.ts';

/*
 * A language that settles after a page has rendered asks for the products again (their names come in
 * the request's language). Meanwhile the page keeps the names it has, so a checkout does not go back
 * to its spinner and lose what the person ticked; another region's prices are never shown instead.
 */

beforeAll(() => initTestI18n('en', ['common']));

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await i18next.changeLanguage('en');
});

const single = { id: 'single-dk', kind: 'subscription', plan: 'SINGLE' } as unknown as Product;

function wrapperWith(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('useProducts', () => {
  it('keeps the products while their names load in another language', async () => {
    // The new language's answer never comes within the test: what shows meanwhile is the point.
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise(() => undefined));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData([...productsQueryKey, 'mine', 'en'], [single]);
    const { result } = renderHook(() => useProducts(undefined), { wrapper: wrapperWith(client) });
    expect(result.current.data).toEqual([single]);

    await act(() => i18next.changeLanguage('da'));
    expect(result.current.data).toEqual([single]);
    expect(result.current.isPlaceholderData).toBe(true);
    client.clear();
  });

  it('shows nothing of one region while another region’s products load', async () => {
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise(() => undefined));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData([...productsQueryKey, 'dk', 'en'], [single]);
    const { result, rerender } = renderHook(({ region }) => useProducts(region), {
      wrapper: wrapperWith(client),
      initialProps: { region: 'dk' as 'dk' | 'no' },
    });
    expect(result.current.data).toEqual([single]);
    rerender({ region: 'no' });
    expect(result.current.data).toBeUndefined();
    client.clear();
  });
});
