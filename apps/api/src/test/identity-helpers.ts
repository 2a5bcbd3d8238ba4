import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { decodeJwt } from 'jose';
import type { Executor } from '../db/client.ts';
import { identities } from '../db/schema/identity.ts';
import { mailOutbox } from '../db/schema/mail.ts';

/** A password no common-password list contains, so sign-ups in tests are never refused for it. */
export const TEST_PASSWORD = 'Kvist-fjord-pedal-2026';

export interface TestUser {
  email: string;
  password: string;
  token: string;
  partyId: string;
}

/** A fresh address per call: tests share one database per file and must not collide. */
export function uniqueEmail(prefix = 'rider'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.dk`;
}

export function bearer(token: string, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${token}`, ...extra };
}

/** A request as the holder of a token (null: a visitor), with a JSON body when one is given. */
export function injectAs(
  app: FastifyInstance,
  token: string | null,
  method: HTTPMethods,
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload }),
  });
}

export function claimsOf(token: string): Record<string, unknown> {
  return decodeJwt(token) as Record<string, unknown>;
}

/**
 * Signs a new person up through the API and returns their token: someone signed in whose address
 * is not confirmed yet. A sign-up answers alike for every address and its account awaits the link
 * mailed to it (issue 14), which would also prove the address; so the helper sets up an account as
 * one made before sign-up needed that link (the awaiting mark cleared directly) and logs in with
 * the password. `skip_email: false` keeps the sign-up's verification mail for the test to follow;
 * otherwise it is removed, as no mail was sent.
 */
export async function signUpUser(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
  /** The client address both requests come from (rate-limit tests keep it off their own budget). */
  remoteAddress?: string,
): Promise<TestUser> {
  const { skip_email: skipEmail = true, ...payload } = overrides;
  const body = { email: uniqueEmail(), password: TEST_PASSWORD, ...payload };
  const email = String(body.email).trim().toLowerCase();
  const from = remoteAddress ? { remoteAddress } : {};
  const response = await app.inject({
    method: 'POST',
    url: '/api/identities/',
    payload: body,
    headers,
    ...from,
  });
  if (response.statusCode !== 202) {
    throw new Error(`sign-up answered ${response.statusCode}: ${response.body}`);
  }
  await app.db
    .update(identities)
    .set({ awaitingSignUpConfirmation: false })
    .where(eq(identities.email, email));
  if (skipEmail !== false) {
    await app.db
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'email_verification')));
  }
  const token = await logIn(app, email, String(body.password), headers, remoteAddress);
  return { email, password: String(body.password), token, partyId: String(claimsOf(token).party_id) };
}

export async function logIn(
  app: FastifyInstance,
  email: string,
  password: string,
  headers: Record<string, string> = {},
  remoteAddress?: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/identities/authentications',
    payload: { email, password },
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (response.statusCode !== 200)
    throw new Error(`log-in answered ${response.statusCode}: ${response.body}`);
  return response.json<{ authentication_token: string }>().authentication_token;
}

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** Mails queued for an address, newest first, straight from the outbox (no worker needed). */
export async function mailsTo(db: Executor, to: string, template?: string): Promise<OutboxMail[]> {
  const conditions = [eq(mailOutbox.to, to)];
  if (template) conditions.push(eq(mailOutbox.template, template));
  return db
    .select()
    .from(mailOutbox)
    .where(and(...conditions))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id));
}

/** The newest mail of a kind to an address; fails the test when there is none. */
export async function latestMail(db: Executor, to: string, template: string): Promise<OutboxMail> {
  const [mail] = await mailsTo(db, to, template);
  if (!mail) throw new Error(`no ${template} mail to ${to}`);
  return mail;
}

/** The `code` of the first link in a mail that points at `path` (e.g. /verify-email). */
export function codeFromMail(mail: OutboxMail, path: string): { link: string; code: string } {
  const link = mail.links.find((candidate) => new URL(candidate).pathname === path);
  if (!link) throw new Error(`no ${path} link in ${mail.template} mail: ${mail.links.join(', ')}`);
  const code = new URL(link).searchParams.get('code');
  if (!code) throw new Error(`link without code: ${link}`);
  return { link, code };
}
