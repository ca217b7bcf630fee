/**
 * Prometheus text-format metrics for `/metrics`: request counts and latency by route template and
 * status class, and the process's memory. Route templates (not raw URLs) keep the label set bounded.
 */
import type { FastifyInstance } from 'fastify';

const BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Series = { count: number; sum: number; buckets: number[] };

export type RequestMetrics = ReturnType<typeof createRequestMetrics>;

/** `install` on the root instance: a hook inside an encapsulated plugin would see only that plugin's routes. */
export function createRequestMetrics() {
  const series = new Map<string, Series>();

  const observe = (method: string, route: string, statusCode: number, seconds: number) => {
    const key = JSON.stringify([method, route, `${Math.floor(statusCode / 100)}xx`]);
    let s = series.get(key);
    if (!s) {
      s = { count: 0, sum: 0, buckets: BUCKETS_SECONDS.map(() => 0) };
      series.set(key, s);
    }
    s.count += 1;
    s.sum += seconds;
    BUCKETS_SECONDS.forEach((le, i) => {
      if (seconds <= le) s.buckets[i]! += 1;
    });
  };

  const install = (app: FastifyInstance) => {
    // A callback hook: an async one cost every request a promise and a turn for a count.
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  };

  const render = (): string => {
    const esc = (v: string) => v.replaceAll('\\', '\\\\').replaceAll('"', '\\"');
    const lines = [
      '# HELP http_requests_total API requests by method, route and status class.',
      '# TYPE http_requests_total counter',
    ];
    const hist = [
      '# HELP http_request_duration_seconds API request latency.',
      '# TYPE http_request_duration_seconds histogram',
    ];
    for (const [key, s] of series) {
      const [method, route, status] = JSON.parse(key) as [string, string, string];
      const labels = `method="${esc(method)}",route="${esc(route)}",status="${status}"`;
      lines.push(`http_requests_total{${labels}} ${s.count}`);
      BUCKETS_SECONDS.forEach((le, i) =>
        hist.push(`http_request_duration_seconds_bucket{${labels},le="${le}"} ${s.buckets[i]}`),
      );
      hist.push(`http_request_duration_seconds_bucket{${labels},le="+Inf"} ${s.count}`);
      hist.push(`http_request_duration_seconds_sum{${labels}} ${s.sum}`);
      hist.push(`http_request_duration_seconds_count{${labels}} ${s.count}`);
    }
    const mem = process.memoryUsage();
    const proc = [
      '# HELP process_resident_memory_bytes Resident memory size in bytes.',
      '# TYPE process_resident_memory_bytes gauge',
      `process_resident_memory_bytes ${mem.rss}`,
      '# HELP nodejs_heap_used_bytes V8 heap in use.',
      '# TYPE nodejs_heap_used_bytes gauge',
      `nodejs_heap_used_bytes ${mem.heapUsed}`,
      '# HELP process_uptime_seconds Seconds since the process started.',
      '# TYPE process_uptime_seconds gauge',
      `process_uptime_seconds ${process.uptime()}`,
    ];
    return [...lines, ...hist, ...proc, ''].join('\n');
  };

  return { install, render };
}
