import { describe, expect, it } from 'vitest';
import { sampleOf } from '../test/metrics-helpers.ts';
import { createPeriodicPass, logPassFailure } from './periodic-pass.ts';
import { metricsRegistry } from './telemetry/metrics.ts';

describe('createPeriodicPass', () => {
  it('runs its pass on its own once started, also without a report listener, and stops cleanly', async () => {
    let passes = 0;
    const periodic = createPeriodicPass({
      name: 'test-pass',
      pass: async () => {
        passes += 1;
        return passes;
      },
      intervalMs: 5,
      onError: (error) => {
        throw error;
      },
    });
    periodic.start();
    await expect.poll(() => passes, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    await periodic.stop();
  });

  it('queues passes behind each other, and a failed pass does not block the next', async () => {
    const order: string[] = [];
    let calls = 0;
    const periodic = createPeriodicPass({
      name: 'test-pass',
      pass: async (now) => {
        calls += 1;
        order.push(`start ${now.toISOString()}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push('end');
        if (calls === 1) throw new Error('first pass fails');
        return calls;
      },
      intervalMs: 60_000,
      onError: () => undefined,
    });
    const first = periodic.runOnce(new Date('2026-01-01T00:00:00Z'));
    const second = periodic.runOnce(new Date('2026-01-02T00:00:00Z'));
    await expect(first).rejects.toThrow('first pass fails');
    expect(await second).toBe(2);
    expect(order).toEqual(['start 2026-01-01T00:00:00.000Z', 'end', 'start 2026-01-02T00:00:00.000Z', 'end']);
  });

  it('reports what a scheduled pass found', async () => {
    const reports: number[] = [];
    const periodic = createPeriodicPass({
      name: 'test-pass',
      pass: async () => 7,
      intervalMs: 5,
      onReport: (report) => reports.push(report),
      onError: () => undefined,
    });
    periodic.start();
    await expect.poll(() => reports.length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    await periodic.stop();
    expect(reports[0]).toBe(7);
  });

  it('counts its passes, its failures and when it last succeeded in the metrics, under its name', async () => {
    let calls = 0;
    const periodic = createPeriodicPass({
      name: 'counted-pass',
      pass: async () => {
        calls += 1;
        if (calls === 2) throw new Error('second pass fails');
        return calls;
      },
      intervalMs: 60_000,
      onError: () => undefined,
    });
    const labels = { pass: 'counted-pass' };
    const before = await metricsRegistry.metrics();
    await periodic.runOnce();
    await expect(periodic.runOnce()).rejects.toThrow('second pass fails');
    await periodic.runOnce();
    const after = await metricsRegistry.metrics();
    const delta = (name: string) => sampleOf(after, name, labels) - sampleOf(before, name, labels);
    expect(delta('nbr_background_pass_duration_seconds_count')).toBe(3);
    expect(delta('nbr_background_pass_failures_total')).toBe(1);
    expect(sampleOf(after, 'nbr_background_pass_last_success_timestamp_seconds', labels)).toBeGreaterThan(
      Date.now() / 1000 - 600,
    );
  });
});

describe('logPassFailure', () => {
  function recordingLogger() {
    const lines: Array<{ level: 'warn' | 'error'; details: Record<string, unknown>; message: string }> = [];
    return {
      lines,
      warn: (details: Record<string, unknown>, message: string) =>
        lines.push({ level: 'warn', details, message }),
      error: (details: Record<string, unknown>, message: string) =>
        lines.push({ level: 'error', details, message }),
    };
  }

  it('logs a database outage as a warning naming the reason only, not the statement or its values', () => {
    const logger = recordingLogger();
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:5432'), { code: 'ECONNREFUSED' });
    logPassFailure(
      logger,
      'mail worker pass failed',
    )(new Error('Failed query: select … params: anna@example.org', { cause: refused }));
    expect(logger.lines).toEqual([
      {
        level: 'warn',
        details: { database: 'ECONNREFUSED' },
        message: 'mail worker pass failed: database unavailable',
      },
    ]);
  });

  it('logs anything else in full as an error', () => {
    const logger = recordingLogger();
    const bug = new TypeError('x is undefined');
    logPassFailure(logger, 'mail worker pass failed')(bug);
    expect(logger.lines).toEqual([
      { level: 'error', details: { err: bug }, message: 'mail worker pass failed' },
    ]);
  });
});
