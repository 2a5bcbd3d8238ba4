import type { FastifyInstance } from 'fastify';
import { bearer, logIn, signUpUser } from './identity-helpers.ts';
import { grantStaffRole } from './role-fixtures.ts';

/*
 * The shop for API tests: the catalogue as the migration seeds it, and voucher batches made the
 * way staff make them (POST /api/webshop/voucher-batches as a backoffice admin).
 */

interface CatalogueProduct {
  id: string;
  handle: string;
  kind: string;
  credits: number;
  price: { amount_minor: number; amount: number; vat_minor: number; currency: string };
}

/** The products of a region by handle (`dk-single`…). */
export async function catalogue(app: FastifyInstance, region: 'dk' | 'no' = 'dk') {
  const response = await app.inject({ method: 'GET', url: `/api/webshop/products?region=${region}` });
  if (response.statusCode !== 200) throw new Error(`products answered ${response.statusCode}`);
  const products = response.json<CatalogueProduct[]>();
  return Object.fromEntries(products.map((product) => [product.handle, product])) as Record<
    string,
    CatalogueProduct
  >;
}

/** A backoffice admin's token (a new person given the admin role). */
export async function staffAdminToken(app: FastifyInstance): Promise<string> {
  const admin = await signUpUser(app);
  await grantStaffRole(app.db, admin.partyId, 'admin');
  return logIn(app, admin.email, admin.password);
}

/** A batch of voucher codes made by an admin; answers the codes. */
export async function makeVouchers(
  app: FastifyInstance,
  adminToken: string,
  batch: {
    product_id?: string;
    discount_percent?: number;
    count?: number;
    max_redemptions?: number;
    expires_at?: string;
  },
): Promise<string[]> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/webshop/voucher-batches',
    headers: bearer(adminToken),
    payload: {
      note: 'Test batch',
      count: 1,
      expires_at: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
      ...batch,
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`voucher-batches answered ${response.statusCode}: ${response.body}`);
  return response.json<{ codes: string[] }>().codes;
}

export function redeem(
  app: FastifyInstance,
  token: string | null,
  body: Record<string, unknown>,
  headers = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/webshop/vouchers/redemptions',
    headers: token ? bearer(token, headers) : headers,
    payload: body,
  });
}
