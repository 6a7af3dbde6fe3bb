import { Histogram, Registry } from '@prometheus-io/client';
import { describe, expect, it } from 'vitest';
import { RouteDurationHistogram } from './route-durations.ts';

const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The same observations into ours and into prom-client's own Histogram, each in its own registry. */
function both() {
  const ours = new Registry();
  const theirs = new Registry();
  const histogram = new RouteDurationHistogram(buckets).register(ours);
  const reference = new Histogram({ name: 'http_request_duration_seconds', help: 'request duration in seconds', labelNames: ['method', 'route', 'status_code'] as const, buckets, registers: [theirs] });
  const recorders = new Map<string, ReturnType<RouteDurationHistogram['recorder']>>();
  const observe = (method: string, route: string, statusCode: number, seconds: number) => {
    if (!recorders.has(route)) recorders.set(route, histogram.recorder(route));
    recorders.get(route)!(method, statusCode, seconds);
    reference.labels({ method, route, status_code: String(statusCode) }).observe(seconds);
  };
  return { ours, theirs, histogram, observe };
}

describe('route durations histogram', () => {
  it('writes exactly the Prometheus text and JSON prom-client writes for the same observations', async () => {
    const { ours, theirs, observe } = both();
    // Every bucket edge, above the last bound, one route with two methods and several statuses.
    const values = [0, 0.001, 0.005, 0.0051, 0.01, 0.02, 0.05, 0.3, 1, 2.5, 4.9, 10, 10.5, 120];
    for (const seconds of values) {
      observe('GET', '/api/auth/me', 200, seconds);
      observe('POST', '/api/chat-sessions/:id/messages', 201, seconds / 3);
    }
    observe('GET', '/api/auth/me', 401, 0.002);
    observe('PUT', '/api/auth/me', 200, 0.02);
    observe('POST', '/api/chat-sessions/:id/messages', 429, 0.004);

    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
    const text = await ours.metrics();
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/auth/me",status_code="200"} 3');
    expect(text).toContain('http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/auth/me",status_code="200"} 14');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/auth/me",status_code="401"} 1');
  });

  it('has no series before a request and forgets them all on reset, as a Histogram does', async () => {
    const { ours, theirs, histogram, observe } = both();
    expect(await ours.metrics()).toBe(await theirs.metrics());
    observe('GET', '/api/history', 200, 0.03);
    ours.resetMetrics();
    theirs.resetMetrics();
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.metrics()).not.toContain('/api/history');
    // Counting starts again from nothing after a reset.
    histogram.recorder('/api/history')('GET', 200, 0.03);
    expect(await ours.metrics()).toContain('http_request_duration_seconds_count{method="GET",route="/api/history",status_code="200"} 1');
  });
});
