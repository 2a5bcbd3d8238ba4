import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/*
 * The built-in stand-in for the address services (outside production only, config.ts): it answers
 * DAWA's and Kartverket's search requests (address-lookup.ts) in their shapes, from the sample below,
 * so development, the tests and the e2e journeys place addresses without the internet. It matches
 * as DAWA's q does: every word typed must begin a word of the address. An address outside the
 * sample is "not found", and the caller falls back to the postcode's centre.
 */

interface SampleAddress {
  region: 'dk' | 'no';
  street: string;
  number: string;
  postcode: string;
  town: string;
  latitude: number;
  longitude: number;
}

/** A handful of real addresses, with their coordinates rounded to about a metre. */
export const SAMPLE_ADDRESSES: readonly SampleAddress[] = [
  {
    region: 'dk',
    street: 'Nørrebrogade',
    number: '20',
    postcode: '2200',
    town: 'København N',
    latitude: 55.68894,
    longitude: 12.55312,
  },
  {
    region: 'dk',
    street: 'Rådhuspladsen',
    number: '1',
    postcode: '1550',
    town: 'København V',
    latitude: 55.67568,
    longitude: 12.56985,
  },
  {
    region: 'dk',
    street: 'Store Torv',
    number: '1',
    postcode: '8000',
    town: 'Aarhus C',
    latitude: 56.15674,
    longitude: 10.21076,
  },
  {
    region: 'dk',
    street: 'Flakhaven',
    number: '2',
    postcode: '5000',
    town: 'Odense C',
    latitude: 55.39594,
    longitude: 10.38876,
  },
  {
    region: 'dk',
    street: 'Boulevarden',
    number: '13',
    postcode: '9000',
    town: 'Aalborg',
    latitude: 57.04716,
    longitude: 9.91925,
  },
  {
    region: 'no',
    street: 'Karl Johans gate',
    number: '22',
    postcode: '0159',
    town: 'Oslo',
    latitude: 59.91273,
    longitude: 10.74096,
  },
  {
    region: 'no',
    street: 'Bryggen',
    number: '1',
    postcode: '5003',
    town: 'Bergen',
    latitude: 60.39689,
    longitude: 5.32291,
  },
  {
    region: 'no',
    street: 'Munkegata',
    number: '1',
    postcode: '7013',
    town: 'Trondheim',
    latitude: 63.42982,
    longitude: 10.39523,
  },
  {
    region: 'no',
    street: 'Storgata',
    number: '1',
    postcode: '9008',
    town: 'Tromsø',
    latitude: 69.64881,
    longitude: 18.95493,
  },
];

const words = (text: string) =>
  text
    .toLocaleLowerCase('da')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

function matches(region: 'dk' | 'no', text: string): SampleAddress[] {
  const typed = words(text);
  if (typed.length === 0) return [];
  return SAMPLE_ADDRESSES.filter((address) => {
    if (address.region !== region) return false;
    const own = words(`${address.street} ${address.number} ${address.postcode} ${address.town}`);
    return typed.every((word) => own.some((candidate) => candidate.startsWith(word)));
  });
}

const count = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? Math.min(parsed, 100) : fallback;
};

export const addressStandInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dawa/adgangsadresser',
    {
      schema: {
        hide: true,
        querystring: z
          .object({ q: z.string().max(500).default(''), per_side: z.string().optional() })
          .loose(),
      },
    },
    async (request) =>
      matches('dk', request.query.q)
        .slice(0, count(request.query.per_side, 20))
        .map((address, index) => ({
          id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
          status: 1,
          vejnavn: address.street,
          husnr: address.number,
          supplerendebynavn: null,
          postnr: address.postcode,
          postnrnavn: address.town,
          x: address.longitude,
          y: address.latitude,
        })),
  );

  app.get(
    '/kartverket/adresser/v1/sok',
    {
      schema: {
        hide: true,
        querystring: z
          .object({ sok: z.string().max(500).default(''), treffPerSide: z.string().optional() })
          .loose(),
      },
    },
    async (request) => {
      const found = matches('no', request.query.sok);
      const shown = found.slice(0, count(request.query.treffPerSide, 10));
      return {
        metadata: {
          totaltAntallTreff: found.length,
          viserFra: 0,
          viserTil: shown.length,
          treffPerSide: count(request.query.treffPerSide, 10),
          side: 0,
          sokeStreng: `sok=${request.query.sok}`,
        },
        adresser: shown.map((address) => ({
          adressetekst: `${address.street} ${address.number}`,
          adressenavn: address.street,
          nummer: Number(address.number),
          postnummer: address.postcode,
          poststed: address.town.toUpperCase(),
          representasjonspunkt: { epsg: 'EPSG:4258', lat: address.latitude, lon: address.longitude },
        })),
      };
    },
  );
};
