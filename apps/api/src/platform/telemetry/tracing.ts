import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import FastifyOtelInstrumentation from '@fastify/otel';
import { OTLPTraceExporter as OtlpJsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK, resources } from '@opentelemetry/sdk-node';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace';
import { redactErrorText, redactUrl } from '../http/logging.ts';
import { canonicalRequestTarget } from '../http/request-target.ts';

/*
 * OpenTelemetry tracing (started by src/telemetry.ts before the app loads, only when an OTLP
 * endpoint is configured): spans of incoming HTTP requests, of Fastify's routes and hooks
 * (@fastify/otel), of PostgreSQL queries (pg) and of outgoing calls (http and fetch: payment
 * providers, identity brokers, S3), exported over OTLP. W3C `traceparent` is read from requests and
 * sent on outgoing calls. What a span carries is held to the rules of the logs: no query values, no
 * one-time codes or signatures from URLs, no values in error messages.
 */

const API_VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** Load balancers poll these and Prometheus scrapes the metrics: a span each would bury the rest. */
function isProbe(path: string): boolean {
  return path === '/api/health' || path.startsWith('/api/health/');
}

/** The path and query of a request for a span, redacted as in the logs (logging.ts redactUrl). */
function redactedTarget(url: string): { path: string; query: string | undefined } {
  const redacted = redactUrl(canonicalRequestTarget(url));
  const queryAt = redacted.indexOf('?');
  return queryAt === -1
    ? { path: redacted, query: undefined }
    : { path: redacted.slice(0, queryAt), query: redacted.slice(queryAt + 1) };
}

const EXCEPTION_TEXT_ATTRIBUTES = ['exception.message', 'exception.stacktrace'];

/**
 * Error texts recorded on spans lose their values, as in the logs: a failed query's parameters
 * (Fastify's span records the error drizzle threw), and on a PostgreSQL span the quoted value of
 * a data exception (the pg span's status is the server's message).
 */
export function redactSpan(span: ReadableSpan): void {
  const isDatabaseSpan = span.attributes['db.system.name'] === 'postgresql';
  const options = { quotesHoldValues: isDatabaseSpan };
  if (span.status.message) span.status.message = redactErrorText(span.status.message, options);
  for (const event of span.events) {
    const attributes = event.attributes;
    if (event.name !== 'exception' || !attributes) continue;
    for (const name of EXCEPTION_TEXT_ATTRIBUTES) {
      const value = attributes[name];
      if (typeof value === 'string') attributes[name] = redactErrorText(value, options);
    }
  }
}

/** The OTLP exporter the standard variables select, behind the redaction of error texts. */
function redactingExporter(env: Record<string, string | undefined>): SpanExporter {
  const protocol =
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf';
  // Both read the endpoint, headers, timeout and compression from the OTEL_EXPORTER_OTLP_* variables.
  const exporter: SpanExporter =
    protocol === 'http/json' ? new OtlpJsonTraceExporter() : new OtlpProtobufTraceExporter();
  return {
    export(spans: ReadableSpan[], resultCallback: Parameters<SpanExporter['export']>[1]) {
      for (const span of spans) redactSpan(span);
      exporter.export(spans, resultCallback);
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}

/** Starts the OpenTelemetry SDK; call before the modules it instruments (http, pg) are loaded. */
export function startTracing(env: Record<string, string | undefined>): NodeSDK {
  const metricsPort = Number(env.METRICS_PORT);
  const sdk = new NodeSDK({
    // OTEL_SERVICE_NAME, when set, names the service through the resource read from the environment.
    ...(env.OTEL_SERVICE_NAME ? {} : { serviceName: 'nbr-api' }),
    resource: resources
      .defaultResource()
      .merge(resources.resourceFromAttributes({ 'service.version': API_VERSION })),
    traceExporter: redactingExporter(env),
    // Traces only: metrics are Prometheus's (METRICS_PORT), logs go to stdout.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) =>
          request.socket.localPort === metricsPort || isProbe(redactedTarget(request.url ?? '/').path),
        startIncomingSpanHook: (request: IncomingMessage) => {
          const { path, query } = redactedTarget(request.url ?? '/');
          return { 'url.path': path, ...(query === undefined ? {} : { 'url.query': query }) };
        },
      }),
      new UndiciInstrumentation(),
      // Queries outside a request (the background passes poll every second) make no trace of their
      // own; a span holds the SQL text, whose values are parameters, and never the parameters.
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // The request and handler spans; a span per hook (a dozen a request) would bury them.
        instrumentHooks: false,
        ignorePaths: (route) => isProbe(route.url ?? ''),
        requestHook: (span, request) => {
          span.setAttribute('url.path', redactedTarget(request.url).path);
        },
      }),
    ],
  });
  sdk.start();
  return sdk;
}
