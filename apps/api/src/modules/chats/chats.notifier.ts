import { CHAT_EMAIL_DELAY_MINUTES, type ChatSubjectKind } from '@nbr/domain/chats';
import type { FastifyBaseLogger } from 'fastify';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { createPeriodicPass, logPassFailure } from '../../platform/periodic-pass.ts';
import { describeBikesForOwnership } from '../bikes/bikes.facade.ts';
import { findPersonById } from '../identity/identity.facade.ts';
import type { ChatsDeps } from './chats.deps.ts';
import { guestAnsweredMail, unreadMessagesMail } from './chats.mails.ts';
import * as repository from './chats.repository.ts';
import { dropExpiredConfirmations, findGuestMailbox } from './guest-contacts.service.ts';

/*
 * E-mail for participants who are away: a message someone wrote that has waited unread for
 * CHAT_EMAIL_DELAY_MINUTES brings one mail per person and pass, covering every chat with unread
 * messages they have not been mailed about, and each chat's last_notified_message_id then records
 * what the mail covered, so the same messages never bring a second mail. The register's own
 * messages (a transfer offer, its outcome) are counted but bring no mail by themselves: the
 * ownership module mails about those as they happen. Someone with an open
 * websocket (on any instance) sees the messages live and is left alone for now; they get the mail
 * once they have gone away with the messages still unread.
 *
 * A guest (someone who wrote to an owner without an account and confirmed their address) gets a
 * mail of its own: the owner has answered, sign in with this address to read it — never the text.
 * Each pass also drops visitors' messages still unconfirmed at their expiry (guest-contacts.service).
 *
 * People only: a chat of an organisation (a member acting for it) is marked as covered without a
 * mail. Its members see the messages when they act for it; mailing every member about every message
 * would be noise.
 *
 * Several instances: each person is handled in a transaction that first locks all of their chat rows
 * with SKIP LOCKED; an instance that does not get them all (another is mailing that person, or a
 * message is being written) leaves the person to the next pass. The mail is queued in the same
 * transaction (the outbox), so it is sent exactly when the marks are stored.
 */

export interface ChatNotifierOptions {
  deps: ChatsDeps;
  logger: FastifyBaseLogger;
  /** Pause between passes. */
  intervalMs?: number;
  /** How long a message waits unread before it is mailed about. */
  delayMinutes?: number;
  /** Messages older than this are not looked for (keeps each pass on a small range of the index). */
  lookbackHours?: number;
  /** People looked up per query. */
  batchSize?: number;
}

export interface NotifierReport {
  /** Mails queued. */
  mailed: number;
  /** People with an open connection, left for a later pass. */
  online: number;
  /** People another instance (or a writer) held, left for a later pass. */
  busy: number;
  /** Organisations marked as covered without a mail. */
  skipped: number;
}

export interface ChatNotifier {
  /** One pass as of `now`. Calls queue behind each other. */
  runOnce(now?: Date): Promise<NotifierReport>;
  start(): void;
  /** Stops the passes and waits for the one under way. */
  stop(): Promise<void>;
}

/** The smallest uuidv7 of a moment: ids of messages written from then on compare greater or equal. */
export function uuidv7LowerBound(at: Date): string {
  const hex = Math.max(0, at.getTime()).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
}

export function createChatNotifier(options: ChatNotifierOptions): ChatNotifier {
  const {
    deps,
    logger,
    intervalMs = 60_000,
    delayMinutes = CHAT_EMAIL_DELAY_MINUTES,
    lookbackHours = 48,
    batchSize = 200,
  } = options;

  async function notifyParty(
    partyId: string,
    cutoff: Date,
  ): Promise<'mailed' | 'busy' | 'skipped' | 'nothing'> {
    return deps.db.transaction(async (tx) => {
      const chatIds = await repository.lockParticipantsOfParty(tx, partyId);
      if (!chatIds) return 'busy';
      const notices = (await repository.findUnreadNotices(tx, partyId, chatIds, cutoff)).filter(
        (notice) => notice.isDue,
      );
      if (notices.length === 0) return 'nothing';
      await repository.markNotified(tx, partyId, notices);
      const person = await findPersonById(tx, partyId);
      if (!person) {
        // A guest (wrote to an owner without an account): told the owner answered, nothing more.
        const guest = await findGuestMailbox(tx, partyId);
        if (!guest) return 'skipped';
        await enqueueMail(
          tx,
          guestAnsweredMail({ to: guest.email, language: guest.language, publicUrl: deps.publicUrl }),
        );
        return 'mailed';
      }
      const bikes = await describeBikesForOwnership(
        tx,
        deps.fileUrls,
        notices.flatMap((notice) => (notice.bikeId ? [notice.bikeId] : [])),
        'stranger',
      );
      await enqueueMail(
        tx,
        unreadMessagesMail({
          to: person.email,
          language: person.language,
          publicUrl: deps.publicUrl,
          chats: notices.map((notice) => ({
            chatId: notice.chatId,
            kind: notice.subjectKind as ChatSubjectKind,
            brand: (notice.bikeId ? bikes.get(notice.bikeId)?.brand : null) ?? null,
            unreadCount: notice.unreadCount,
          })),
        }),
      );
      return 'mailed';
    });
  }

  async function pass(now: Date): Promise<NotifierReport> {
    const report: NotifierReport = { mailed: 0, online: 0, busy: 0, skipped: 0 };
    try {
      // Visitors' messages nobody confirmed in time never reach the owner: dropped here, no job of their own.
      await dropExpiredConfirmations(deps.db, now);
    } catch (error) {
      logger.error({ err: error }, 'dropping expired contact confirmations failed');
    }
    const window = {
      fromId: uuidv7LowerBound(new Date(now.getTime() - lookbackHours * 3_600_000)),
      cutoff: new Date(now.getTime() - delayMinutes * 60_000),
    };
    let after: string | null = null;
    for (;;) {
      const parties = await repository.findPartiesToNotify(deps.db, window, after, batchSize);
      for (const partyId of parties) {
        if (await deps.hub.isOnline(partyId)) {
          report.online += 1;
          continue;
        }
        try {
          const outcome = await notifyParty(partyId, window.cutoff);
          if (outcome === 'mailed') report.mailed += 1;
          else if (outcome === 'busy') report.busy += 1;
          else if (outcome === 'skipped') report.skipped += 1;
        } catch (error) {
          // One person's failure (a deleted account mid-pass) must not hold up everyone else's mail.
          logger.error({ err: error, party_id: partyId }, 'unread-messages mail failed');
        }
      }
      if (parties.length < batchSize) return report;
      after = parties.at(-1) ?? null;
    }
  }

  return createPeriodicPass({
    name: 'chat-notifier',
    pass,
    intervalMs,
    onReport: (report) => {
      if (report.mailed > 0) logger.info({ ...report }, 'unread-messages mails queued');
    },
    onError: logPassFailure(logger, 'chat notifier pass failed'),
  });
}
