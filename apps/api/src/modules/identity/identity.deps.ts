import type { Language } from '@nbr/domain/locale';
import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import type { Authenticator } from '../../platform/auth/authenticate.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { FileUrlSigner } from '../../platform/storage/signed-urls.ts';
import type { Person } from './person.ts';

/** What the identity context needs from the platform; app.ts builds it once. */
export interface IdentityDeps {
  db: Database;
  auth: Authenticator;
  /** Base of the links in mails, without a trailing slash. */
  publicUrl: string;
  /** Uploaded files, so a deleted account's bike pictures and documents are removed too. */
  storage?: FileStorage;
  /** Signs the file links of the personal data export. */
  fileUrls?: FileUrlSigner;
}

/**
 * How the person showed the address is theirs: signing in with an address confirmed earlier, or
 * confirming it just now (following an e-mail verification link).
 */
export type AddressProof = 'sign_in' | 'confirmation';

/**
 * Called in identity's transaction whenever a person has proven their address, so that modules
 * above identity (offers to the address, guest chats written from it) can follow without identity
 * knowing them. app.ts wires it (use-cases/address-proven.ts).
 */
export type AddressProven = (executor: Executor, person: Person, proof: AddressProof) => Promise<void>;

/** Identity's use cases that sign a person in or confirm an address. */
export interface SignInDeps extends IdentityDeps {
  onAddressProven: AddressProven;
}

/** What a use case needs to know about the request, without being handed the request itself. */
export interface CallContext {
  /** The language the caller reads (?lang, Accept-Language, stored choice, da). */
  language: Language;
  /** Whether the caller named a language explicitly (query or Accept-Language). */
  hasExplicitLanguage?: boolean;
  userAgent: string | null;
}

/** The call context of a request: its language, whether the caller named one, and the user agent. */
export function callContextOf(request: FastifyRequest): CallContext {
  const userAgent = request.headers['user-agent'];
  return {
    language: request.language,
    hasExplicitLanguage: request.languageSource === 'query' || request.languageSource === 'header',
    userAgent: typeof userAgent === 'string' ? userAgent : null,
  };
}
