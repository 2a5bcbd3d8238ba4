import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import type { Executor } from '../db/client.ts';
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

export function claimsOf(token: string): Record<string, unknown> {
  return decodeJwt(token) as Record<string, unknown>;
}

/** Signs a new person up through the API (skip_email unless asked) and returns their token. */
export async function signUpUser(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<TestUser> {
  const body = { email: uniqueEmail(), password: TEST_PASSWORD, skip_email: true, ...overrides };
  const response = await app.inject({ method: 'POST', url: '/api/identities/', payload: body, headers });
  if (response.statusCode !== 201) {
    throw new Error(`sign-up answered ${response.statusCode}: ${response.body}`);
  }
  const token = response.json<{ authentication_token: string }>().authentication_token;
  return {
    email: String(body.email).toLowerCase(),
    password: String(body.password),
    token,
    partyId: String(claimsOf(token).party_id),
  };
}

export async function logIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/identities/authentications',
    payload: { email, password },
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
