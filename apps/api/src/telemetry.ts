/*
 * OpenTelemetry tracing, started before the app's modules load so that the instrumentations can
 * patch http and pg as they are imported. `npm start` and the container load it with --import:
 *
 *   node --import tsx --import ./apps/api/src/telemetry.ts apps/api/src/server.ts
 *
 * Without an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) or
 * with OTEL_SDK_DISABLED=true it loads nothing of OpenTelemetry and does nothing.
 */
import { isTracingConfigured } from './config.ts';

if (isTracingConfigured(process.env)) {
  const { startTracing } = await import('./platform/telemetry/tracing.ts');
  startTracing(process.env);
}
