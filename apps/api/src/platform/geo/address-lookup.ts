/*
 * Places a typed address (issue 27 walk 8): the theft report's place is typed as an address, and the
 * map pin goes where the national address register puts it.
 *
 *   Denmark — DAWA (Danmarks Adressers Web API, api.dataforsyningen.dk):
 *     GET {base}/adgangsadresser?q=<text>&struktur=mini&per_side=1
 *     → [{ id, vejnavn, husnr, postnr, postnrnavn, x: <longitude>, y: <latitude>, … }]
 *   Norway — Kartverket's address API (ws.geonorge.no):
 *     GET {base}/adresser/v1/sok?sok=<text>&treffPerSide=1&utkoordsys=4258
 *     → { metadata: {…}, adresser: [{ adressetekst, postnummer, poststed,
 *                                     representasjonspunkt: { epsg, lat, lon } }] }
 *
 * Both were free and needed no key. The public DAWA closed in August 2026 (SDFI moved DAR to
 * Datafordeleren: GraphQL behind an agreement, no free-text search), so the Danish base address is
 * configured (DAWA_API_URL: a service that still answers DAWA's requests); without one, Danish
 * addresses are "unavailable" here and fall back to their postcode's centre. The
 * built-in stand-in (address-stand-in.routes.ts, /dev/addresses) answers the same requests from a
 * small sample; config.ts selects it outside production only.
 */

export type AddressRegion = 'dk' | 'no';

export interface FoundAddress {
  latitude: number;
  longitude: number;
  /** The address as the register writes it ("Nørrebrogade 20, 2200 København N"). */
  label: string;
}

/** The address service did not answer (down, slow, offline, or an answer we cannot read). */
export class AddressServiceUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`address service unavailable: ${reason}`);
  }
}

export interface AddressLookup {
  /** The register's best match for the text, null when it knows none; throws AddressServiceUnavailable. */
  find(region: AddressRegion, text: string): Promise<FoundAddress | null>;
}

export type AddressFetch = (
  url: string,
  init: { method: 'GET'; headers: Record<string, string>; signal: AbortSignal },
) => Promise<Response>;

export interface AddressLookupOptions {
  /** null: no Danish service is configured (DAWA_API_URL unset). */
  dawaUrl: string | null;
  kartverketUrl: string;
  fetch?: AddressFetch;
  /** A typed address waits for the answer: give up early and fall back to the postcode. */
  timeoutMs?: number;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

async function getJson(fetchFn: AddressFetch, url: string, timeoutMs: number): Promise<unknown> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new AddressServiceUnavailable('timeout'));
    }, timeoutMs);
  });
  try {
    const response = await Promise.race([
      fetchFn(url, { method: 'GET', headers: { accept: 'application/json' }, signal: controller.signal }),
      timeout,
    ]);
    if (!response.ok) throw new AddressServiceUnavailable(`status ${response.status}`);
    return await Promise.race([response.json() as Promise<unknown>, timeout]);
  } catch (error) {
    if (error instanceof AddressServiceUnavailable) throw error;
    throw new AddressServiceUnavailable(error instanceof Error ? error.name : 'error');
  } finally {
    clearTimeout(timer);
  }
}

/** DAWA's adgangsadresse (struktur=mini): x is the longitude, y the latitude (ETRS89 ≈ WGS84). */
export function readDawaAnswer(body: unknown): FoundAddress | null {
  if (!Array.isArray(body)) throw new AddressServiceUnavailable('unexpected answer');
  const first = body[0] as Record<string, unknown> | undefined;
  if (!first) return null;
  const { x, y, vejnavn, husnr, postnr, postnrnavn } = first;
  if (!isNumber(x) || !isNumber(y)) throw new AddressServiceUnavailable('unexpected answer');
  const street = [vejnavn, husnr].filter(isText).join(' ');
  const town = [postnr, postnrnavn].filter(isText).join(' ');
  return { latitude: y, longitude: x, label: [street, town].filter(Boolean).join(', ') };
}

/** Kartverket's sok: the first address's representasjonspunkt in EPSG:4258 (ETRS89 ≈ WGS84). */
export function readKartverketAnswer(body: unknown): FoundAddress | null {
  const addresses = (body as { adresser?: unknown } | null)?.adresser;
  if (!Array.isArray(addresses)) throw new AddressServiceUnavailable('unexpected answer');
  const first = addresses[0] as Record<string, unknown> | undefined;
  if (!first) return null;
  const point = first.representasjonspunkt as { lat?: unknown; lon?: unknown } | undefined;
  if (!isNumber(point?.lat) || !isNumber(point?.lon))
    throw new AddressServiceUnavailable('unexpected answer');
  const town = [first.postnummer, first.poststed].filter(isText).join(' ');
  const label = [first.adressetekst, town].filter(isText).join(', ');
  return { latitude: point.lat, longitude: point.lon, label };
}

export function createAddressLookup(options: AddressLookupOptions): AddressLookup {
  const fetchFn: AddressFetch = options.fetch ?? ((url, init) => fetch(url, init));
  const timeoutMs = options.timeoutMs ?? 4000;
  const base = (url: string) => url.replace(/\/+$/, '');
  return {
    async find(region, text) {
      if (region === 'dk') {
        if (!options.dawaUrl) throw new AddressServiceUnavailable('not configured');
        const query = new URLSearchParams({ q: text, struktur: 'mini', per_side: '1' });
        return readDawaAnswer(
          await getJson(fetchFn, `${base(options.dawaUrl)}/adgangsadresser?${query}`, timeoutMs),
        );
      }
      const query = new URLSearchParams({ sok: text, treffPerSide: '1', utkoordsys: '4258' });
      return readKartverketAnswer(
        await getJson(fetchFn, `${base(options.kartverketUrl)}/adresser/v1/sok?${query}`, timeoutMs),
      );
    },
  };
}

/** ADDRESS_LOOKUP=off: no service is asked; every address falls back to its postcode. */
export const noAddressLookup: AddressLookup = {
  async find() {
    throw new AddressServiceUnavailable('off');
  },
};
