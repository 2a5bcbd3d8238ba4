import { context, isSpanContextValid, ProxyTracerProvider, trace } from '@opentelemetry/api';

/*
 * What the app needs of tracing, through the OpenTelemetry API alone: without the SDK (telemetry.ts
 * starts it only when an OTLP endpoint is configured) every call here is a no-op.
 */

/** The trace the current request belongs to, when tracing is on. */
export function activeTraceId(): string | undefined {
  const spanContext = trace.getSpanContext(context.active());
  return spanContext && isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
}

/** W3C Trace Context: version-traceid-parentid-flags, lower-case hex; version ff is invalid. */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/**
 * The trace id of a valid `traceparent` header, as the W3C Trace Context specification reads it:
 * version 00 has exactly four fields, a later version may have more; ids of zeros are invalid.
 */
export function traceIdFromTraceparent(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = TRACEPARENT.exec(header.trim());
  if (!match) return undefined;
  const [, version, traceId, parentId, , rest] = match;
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (/^0+$/.test(traceId ?? '') || /^0+$/.test(parentId ?? '')) return undefined;
  return traceId;
}

/**
 * Sends the spans still buffered (the last requests before a shutdown), waiting at most `timeoutMs`:
 * an unreachable collector must not hold the shutdown up.
 */
export async function flushTraces(timeoutMs = 2000): Promise<void> {
  const provider = trace.getTracerProvider();
  const delegate = provider instanceof ProxyTracerProvider ? provider.getDelegate() : provider;
  const flushable = delegate as { forceFlush?: () => Promise<void> };
  if (typeof flushable.forceFlush !== 'function') return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  await Promise.race([flushable.forceFlush().catch(() => undefined), timeout]).finally(() =>
    clearTimeout(timer),
  );
}
