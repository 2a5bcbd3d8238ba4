import type { FastifyInstance } from 'fastify';

/** The metrics text as Prometheus reads it, from the app's metrics listener (METRICS_PORT). */
export async function scrapeMetrics(app: FastifyInstance): Promise<string> {
  const address = app.metricsAddress();
  if (!address) throw new Error('the app has no metrics listener (set METRICS_PORT)');
  const response = await fetch(`http://127.0.0.1:${address.port}/metrics`);
  if (!response.ok) throw new Error(`metrics answered ${response.status}`);
  return response.text();
}

/**
 * The value of one series in a metrics text (0 when it is absent, as Prometheus treats a counter
 * not yet incremented): `sampleOf(text, 'nbr_http_request_duration_seconds_count', { route: '/api/health' })`.
 * Every label given must match; others may be present.
 */
export function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(/,(?=[a-zA-Z_]+=")/);
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return 0;
}
