import type { RealtimeEvent } from '@nbr/domain/chats';

/**
 * Delivers live events to the websockets of a party, wherever they are connected: the in-process
 * hub serves one API instance; the Redis hub (REDIS_URL) fans events out to every instance, so a
 * message written through one instance reaches a browser connected to another.
 */
export interface RealtimeHub {
  /** Sends the event to every open connection of the party, on any instance. Never throws. */
  publish(partyId: string, event: RealtimeEvent): Promise<void>;
  /** Called by the websocket route for each connection; answers the function that unsubscribes. */
  subscribe(partyId: string, deliver: (event: RealtimeEvent) => void): () => void;
  /** Whether the party has an open connection on any instance (offline participants get e-mail). */
  isOnline(partyId: string): Promise<boolean>;
  close(): Promise<void>;
}

/** Connections of this process, by party. */
export class LocalConnections {
  readonly #byParty = new Map<string, Set<(event: RealtimeEvent) => void>>();

  add(partyId: string, deliver: (event: RealtimeEvent) => void): () => void {
    let set = this.#byParty.get(partyId);
    if (!set) {
      set = new Set();
      this.#byParty.set(partyId, set);
    }
    set.add(deliver);
    return () => {
      const current = this.#byParty.get(partyId);
      current?.delete(deliver);
      if (current?.size === 0) this.#byParty.delete(partyId);
    };
  }

  deliver(partyId: string, event: RealtimeEvent): void {
    for (const deliver of this.#byParty.get(partyId) ?? []) {
      try {
        deliver(event);
      } catch {
        // One broken connection must not keep the event from the others.
      }
    }
  }

  /** Sends the event to every open connection of this process, whatever its party. */
  deliverToAll(event: RealtimeEvent): void {
    for (const partyId of this.#byParty.keys()) this.deliver(partyId, event);
  }

  has(partyId: string): boolean {
    return (this.#byParty.get(partyId)?.size ?? 0) > 0;
  }

  parties(): string[] {
    return [...this.#byParty.keys()];
  }
}

/** One API instance: events go straight to this process's connections. */
export function createInProcessHub(): RealtimeHub {
  const connections = new LocalConnections();
  return {
    async publish(partyId, event) {
      connections.deliver(partyId, event);
    },
    subscribe: (partyId, deliver) => connections.add(partyId, deliver),
    async isOnline(partyId) {
      return connections.has(partyId);
    },
    async close() {},
  };
}
