import { QueryClient, queryOptions } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { pageData } from './page-data.ts';
import { queryClient as browserQueryClient } from './query-client.ts';

const args = (context?: unknown) =>
  ({ request: new Request('http://localhost/x'), params: {}, context }) as Parameters<
    ReturnType<typeof pageData>
  >[0];

describe('pageData', () => {
  it('on the server waits for every query and leaves its answer in the request cache', async () => {
    const client = new QueryClient();
    let resolve: (value: string) => void = () => {};
    const slow = queryOptions({
      queryKey: ['slow'],
      queryFn: () => new Promise<string>((r) => (resolve = r)),
    });
    const loader = pageData((_args, fetch) => [fetch(slow)]);
    let done = false;
    const loading = loader(args({ queryClient: client })).then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    resolve('answer');
    await loading;
    expect(client.getQueryData(['slow'])).toBe('answer');
  });

  it('on the server fails when a query fails, so the page is left to the browser', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const failing = queryOptions({ queryKey: ['failing'], queryFn: () => Promise.reject(new Error('gone')) });
    await expect(pageData((_args, fetch) => [fetch(failing)])(args({ queryClient: client }))).rejects.toThrow(
      'gone',
    );
  });

  it('in the browser starts the queries in the app cache and does not wait for them', async () => {
    const queryFn = vi.fn(() => new Promise<string>(() => {}));
    const pending = queryOptions({ queryKey: ['page-data-test', 'pending'], queryFn });
    await expect(pageData((_args, fetch) => [fetch(pending)])(args())).resolves.toBeNull();
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(browserQueryClient.getQueryState(['page-data-test', 'pending'])?.fetchStatus).toBe('fetching');
    browserQueryClient.removeQueries({ queryKey: ['page-data-test'] });
  });
});
