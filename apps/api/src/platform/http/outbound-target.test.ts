import { describe, expect, it } from 'vitest';
import { isAllowedAddress, isAllowedTargetUrl, resolvesToAllowed } from './outbound-target.ts';

const PRODUCTION = { allowLoopback: false };
const DEVELOPMENT = { allowLoopback: true };

describe('where the server may send a webhook', () => {
  it.each([
    ['https://hooks.example.com/nbr', true],
    ['https://93.184.215.14/hook', true],
    ['http://hooks.example.com/nbr', false],
    ['https://user:pw@hooks.example.com/nbr', false],
    ['https://127.0.0.1/hook', false],
    ['http://127.0.0.1:3000/hook', false],
    ['https://localhost/hook', false],
    ['https://[::1]/hook', false],
    ['https://10.1.2.3/hook', false],
    ['https://172.20.0.1/hook', false],
    ['https://192.168.0.10/hook', false],
    ['https://169.254.169.254/latest/meta-data', false],
    ['https://100.64.0.1/hook', false],
    ['https://0.0.0.0/hook', false],
    ['https://[fe80::1]/hook', false],
    ['https://[fd12:3456::1]/hook', false],
    ['https://[::ffff:10.0.0.1]/hook', false],
    ['ftp://hooks.example.com/nbr', false],
    ['not a url', false],
  ])('in production, %s: %s', (url, allowed) => {
    expect(isAllowedTargetUrl(url, PRODUCTION)).toBe(allowed);
  });

  it('allows this machine over http or https only outside production, never a private network', () => {
    expect(isAllowedTargetUrl('http://127.0.0.1:3000/hook', DEVELOPMENT)).toBe(true);
    expect(isAllowedTargetUrl('http://localhost:3000/hook', DEVELOPMENT)).toBe(true);
    expect(isAllowedTargetUrl('http://10.1.2.3/hook', DEVELOPMENT)).toBe(false);
    expect(isAllowedTargetUrl('https://10.1.2.3/hook', DEVELOPMENT)).toBe(false);
    expect(isAllowedTargetUrl('http://hooks.example.com/nbr', DEVELOPMENT)).toBe(false);
  });

  it('judges an IPv4 address written as IPv6 as the IPv4 address it is', () => {
    expect(isAllowedAddress('::ffff:127.0.0.1', PRODUCTION)).toBe(false);
    expect(isAllowedAddress('::ffff:127.0.0.1', DEVELOPMENT)).toBe(true);
    expect(isAllowedAddress('2a00:1450:4001:81b::200e', PRODUCTION)).toBe(true);
  });

  it('refuses a name that resolves to this machine in production', async () => {
    expect(await resolvesToAllowed('https://localhost./hook', PRODUCTION)).toBe(false);
    expect(await resolvesToAllowed('https://nothing.invalid/hook', PRODUCTION)).toBe(false);
  });
});
