import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressServiceUnavailable, createAddressLookup } from './address-lookup.ts';
import { addressStandInRoutes } from './address-stand-in.routes.ts';

/*
 * The DAWA and Kartverket adapters against the built-in stand-in, over real HTTP on a loopback port:
 * the requests they send and the answers they read are the services' own shapes (address-lookup.ts).
 */

let server: FastifyInstance;
let base: string;

beforeAll(async () => {
  server = Fastify();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  await server.register(addressStandInRoutes, { prefix: '/dev/addresses' });
  base = `${await server.listen({ host: '127.0.0.1', port: 0 })}/dev/addresses`;
});

afterAll(async () => server?.close());

const lookup = () => createAddressLookup({ dawaUrl: `${base}/dawa`, kartverketUrl: `${base}/kartverket/` });

describe('address lookup', () => {
  it('places a Danish address through DAWA’s adgangsadresser search (x longitude, y latitude)', async () => {
    expect(await lookup().find('dk', 'Nørrebrogade 20, 2200 København N')).toEqual({
      latitude: 55.68894,
      longitude: 12.55312,
      label: 'Nørrebrogade 20, 2200 København N',
    });
    expect(await lookup().find('dk', 'store torv 1 aarhus')).toMatchObject({ latitude: 56.15674 });
  });

  it('places a Norwegian address through Kartverket’s sok (representasjonspunkt lat/lon)', async () => {
    expect(await lookup().find('no', 'Karl Johans gate 22, Oslo')).toEqual({
      latitude: 59.91273,
      longitude: 10.74096,
      label: 'Karl Johans gate 22, 0159 OSLO',
    });
  });

  it('answers null for an address the register does not know, and for the other country’s', async () => {
    expect(await lookup().find('dk', 'Ingenvej 999, 2200 København N')).toBeNull();
    expect(await lookup().find('no', 'Nørrebrogade 20')).toBeNull();
  });

  it('sends what DAWA and Kartverket expect', async () => {
    const urls: string[] = [];
    const recording = createAddressLookup({
      dawaUrl: 'https://api.dataforsyningen.dk',
      kartverketUrl: 'https://ws.geonorge.no',
      fetch: async (url) => {
        urls.push(url);
        return new Response(url.includes('dataforsyningen') ? '[]' : '{"adresser":[]}', { status: 200 });
      },
    });
    await recording.find('dk', 'Nørrebrogade 20');
    await recording.find('no', 'Karl Johans gate 22');
    expect(urls).toEqual([
      'https://api.dataforsyningen.dk/adgangsadresser?q=N%C3%B8rrebrogade+20&struktur=mini&per_side=1',
      'https://ws.geonorge.no/adresser/v1/sok?sok=Karl+Johans+gate+22&treffPerSide=1&utkoordsys=4258',
    ]);
  });

  it('reports the service unavailable when it is down, answers an error, or takes too long', async () => {
    const down = createAddressLookup({
      dawaUrl: 'http://127.0.0.1:9/dawa',
      kartverketUrl: 'http://127.0.0.1:9',
    });
    await expect(down.find('dk', 'Nørrebrogade 20')).rejects.toBeInstanceOf(AddressServiceUnavailable);
    const failing = createAddressLookup({
      dawaUrl: base,
      kartverketUrl: base,
      fetch: async () => new Response('busy', { status: 503 }),
    });
    await expect(failing.find('no', 'Bryggen 1')).rejects.toMatchObject({ reason: 'status 503' });
    const slow = createAddressLookup({
      dawaUrl: base,
      kartverketUrl: base,
      timeoutMs: 20,
      fetch: () => new Promise<Response>(() => {}),
    });
    await expect(slow.find('dk', 'Nørrebrogade 20')).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('asks nobody for a Danish address while no DAWA-compatible service is configured (DAWA closed in 2026)', async () => {
    const asked: string[] = [];
    const unconfigured = createAddressLookup({
      dawaUrl: null,
      kartverketUrl: 'https://ws.geonorge.no',
      fetch: async (url) => {
        asked.push(url);
        return new Response('{"adresser":[]}', { status: 200 });
      },
    });
    await expect(unconfigured.find('dk', 'Nørrebrogade 20')).rejects.toMatchObject({
      reason: 'not configured',
    });
    expect(await unconfigured.find('no', 'Bryggen 1')).toBeNull();
    expect(asked).toHaveLength(1);
  });
});
