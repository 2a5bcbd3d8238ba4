import { describe, expect, it } from 'vitest';
import { createFileUrlSigner, SIGNED_URL_TTL_SECONDS } from './signed-urls.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const PATH = '/api/files/0190a0b0-0000-7000-8000-000000000001/original';

function partsOf(url: string): { path: string; expires: string; signature: string } {
  const parsed = new URL(url, 'http://localhost');
  return {
    path: parsed.pathname,
    expires: parsed.searchParams.get('expires') ?? '',
    signature: parsed.searchParams.get('signature') ?? '',
  };
}

describe('signed file addresses', () => {
  it('accepts its own address, for at least the lifetime asked', () => {
    let now = Date.UTC(2026, 4, 1, 12, 0, 0);
    const signer = createFileUrlSigner(SECRET, { now: () => now });
    const { path, expires, signature } = partsOf(signer.sign(PATH));
    expect(path).toBe(PATH);
    expect(Number(expires) * 1000).toBeGreaterThanOrEqual(now + SIGNED_URL_TTL_SECONDS * 1000);
    expect(signer.verify(PATH, expires, signature)).toBe(true);
    now += SIGNED_URL_TTL_SECONDS * 1000 - 1;
    expect(signer.verify(PATH, expires, signature)).toBe(true);
  });

  it('refuses it once expired', () => {
    let now = Date.UTC(2026, 4, 1, 12, 0, 0);
    const signer = createFileUrlSigner(SECRET, { now: () => now });
    const { expires, signature } = partsOf(signer.sign(PATH));
    now = Number(expires) * 1000 + 1;
    expect(signer.verify(PATH, expires, signature)).toBe(false);
  });

  it('refuses every tampered part: another file, another variant, a later expiry, another signature', () => {
    const now = Date.UTC(2026, 4, 1, 12, 0, 0);
    const signer = createFileUrlSigner(SECRET, { now: () => now });
    const { expires, signature } = partsOf(signer.sign(PATH));
    expect(signer.verify(PATH.replace('0001/', '0002/'), expires, signature)).toBe(false);
    expect(signer.verify(PATH.replace('original', 'thumbnail'), expires, signature)).toBe(false);
    expect(signer.verify(PATH, String(Number(expires) + 900), signature)).toBe(false);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(signer.verify(PATH, expires, flipped)).toBe(false);
    expect(signer.verify(PATH, expires, undefined)).toBe(false);
    expect(signer.verify(PATH, undefined, signature)).toBe(false);
    expect(signer.verify(PATH, `${expires}.5`, signature)).toBe(false);
    // Another secret (another deployment) signs differently.
    expect(createFileUrlSigner(`${SECRET}-other`, { now: () => now }).verify(PATH, expires, signature)).toBe(
      false,
    );
  });

  it('rounds expiry up to a window, so one picture keeps one address for a while (browser cache)', () => {
    let now = Date.UTC(2026, 4, 1, 12, 0, 30);
    const signer = createFileUrlSigner(SECRET, { now: () => now });
    const first = signer.sign(PATH);
    now += 60_000;
    expect(signer.sign(PATH)).toBe(first);
  });
  it('renews its own address, expired or not, and nothing else', () => {
    let now = Date.UTC(2026, 4, 1, 12, 0, 0);
    const signer = createFileUrlSigner(SECRET, { now: () => now });
    const kept = signer.sign(PATH);
    const withQuery = signer.sign(`${PATH}?lang=da`);
    now += 24 * 60 * 60 * 1000;
    expect(signer.verify(PATH, partsOf(kept).expires, partsOf(kept).signature)).toBe(false);

    const renewed = signer.renew(kept);
    expect(renewed).not.toBeNull();
    const { path, expires, signature } = partsOf(renewed ?? '');
    expect(path).toBe(PATH);
    expect(signer.verify(PATH, expires, signature)).toBe(true);
    expect(signer.renew(withQuery)).toBe(signer.sign(`${PATH}?lang=da`));

    // A tampered address, another deployment's and plain text are not ours to sign.
    expect(signer.renew(kept.replace('0001/', '0002/'))).toBeNull();
    expect(createFileUrlSigner(`${SECRET}-other`, { now: () => now }).renew(kept)).toBeNull();
    expect(signer.renew('https://example.com/?expires=1&signature=abc')).toBeNull();
    expect(signer.renew('a bike')).toBeNull();
  });
});

describe('signed file addresses across a secret rotation', () => {
  it('verifies with the accepted secrets too, and signs with the current one only', () => {
    const now = Date.UTC(2026, 4, 1, 12, 0, 0);
    const previousSecret = 'the-previous-secret-of-at-least-32-characters';
    const previous = createFileUrlSigner(previousSecret, { now: () => now });
    const current = createFileUrlSigner(SECRET, { now: () => now, accepted: [previousSecret] });
    const old = partsOf(previous.sign(PATH));
    expect(current.verify(PATH, old.expires, old.signature)).toBe(true);
    const fresh = partsOf(current.sign(PATH));
    expect(createFileUrlSigner(SECRET, { now: () => now }).verify(PATH, fresh.expires, fresh.signature)).toBe(
      true,
    );
    expect(previous.verify(PATH, fresh.expires, fresh.signature)).toBe(false);
    // Expiry still counts for an address of the previous secret.
    const later = createFileUrlSigner(SECRET, {
      now: () => Number(old.expires) * 1000 + 1,
      accepted: [previousSecret],
    });
    expect(later.verify(PATH, old.expires, old.signature)).toBe(false);
  });
});
