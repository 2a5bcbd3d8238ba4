import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseConnection } from '../../db/client.ts';
import { outboxBacklog } from '../mail/outbox.ts';
import {
  listenForMetrics,
  type MetricsListener,
  recordHttpRequest,
  UNMATCHED_ROUTE,
  watchScrapeSource,
} from '../telemetry/metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the metrics listener listens once the app is ready; null when METRICS_PORT is unset. */
    metricsAddress(): { address: string; port: number } | null;
  }
}

export interface MetricsPluginOptions {
  database: DatabaseConnection;
  /** METRICS_HOST and METRICS_PORT; null: no metrics listener (the metrics are still recorded). */
  listener: { host: string; port: number } | null;
}

/**
 * The app's side of the metrics (platform/telemetry/metrics.ts): every answer is recorded by its
 * route pattern, the pool, websockets and outbox of this app are read at scrape time, and the
 * metrics listener opens with the app (ready) and closes with it.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: MetricsPluginOptions) => {
    const { database } = options;
    app.addHook('onResponse', async (request, reply) => {
      recordHttpRequest(
        request.method,
        request.routeOptions.url ?? UNMATCHED_ROUTE,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });

    const stopWatching = watchScrapeSource({
      poolStats: () => database.poolStats?.() ?? null,
      // @fastify/websocket keeps the open sockets of this instance.
      openWebsockets: () => (app.hasDecorator('websocketServer') ? app.websocketServer.clients.size : 0),
      mailBacklog: () => outboxBacklog(database.db),
    });

    let listener: MetricsListener | null = null;
    const settings = options.listener;
    if (settings) {
      app.addHook('onReady', async () => {
        listener = await listenForMetrics(settings);
        const { address, port } = listener.address();
        app.log.info({ address, port }, 'metrics listener: GET /metrics');
      });
    }
    app.decorate('metricsAddress', () => {
      if (!listener) return null;
      const { address, port } = listener.address();
      return { address, port };
    });
    app.addHook('onClose', async () => {
      stopWatching();
      await listener?.close();
    });
  },
  { name: 'metrics' },
);
