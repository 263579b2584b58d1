// GET /metrics: counts kept per app on the request path in O(1) (plain maps, no library), written as
// Prometheus text by a prom-client Registry of this app's own, built on the first scrape: importing
// prom-client is too slow for start-up, and its Histogram cannot be given counts kept elsewhere.
import type { Metric, Registry } from 'prom-client';

/** Upper bounds (seconds) of the request duration histogram's buckets. */
export const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

const RECORD_STATUS_NAMES = ['submitted', 'accepted', 'failed', 'accepted_on_l2', 'rejected_on_l2', 'rolled_back', 'accepted_on_l1'];

/** The gauges, read when /metrics is asked. */
export interface MetricGauges {
  recordsByStatus: readonly number[];
  openOrders: number;
  sseSubscribers: number;
  journalEntries: number;
}

interface Sample {
  labels?: Record<string, string | number>;
  value: number;
  /** A histogram's `_bucket`, `_sum` or `_count`. */
  metricName?: string;
}

export class Metrics {
  /** `method route status code` -> count (the route is its declared pattern, so the label set is bounded). */
  private readonly requests = new Map<string, { labels: { method: string; route: string; status: string; code: string }; n: number }>();
  private readonly commands = new Map<string, number>();
  /** Per bucket, the requests whose duration fell in it and in no lower one (made cumulative on scrape). */
  private readonly buckets = new Array<number>(DURATION_BUCKETS.length).fill(0);
  private durationSum = 0;
  private durationCount = 0;
  private registry: Promise<Registry> | undefined;

  /** `gauges` is read at each scrape. */
  constructor(private readonly gauges: () => MetricGauges) {}

  request(method: string, route: string, status: number, code: number, seconds: number): void {
    const key = `${method} ${route} ${status} ${code}`;
    const row = this.requests.get(key);
    if (row) row.n++;
    else this.requests.set(key, { labels: { method, route, status: String(status), code: String(code) }, n: 1 });
    const i = DURATION_BUCKETS.findIndex((le) => seconds <= le);
    if (i !== -1) this.buckets[i]!++;
    this.durationSum += seconds;
    this.durationCount++;
  }

  command(cmd: string): void {
    this.commands.set(cmd, (this.commands.get(cmd) ?? 0) + 1);
  }

  /** The exposition text (format 0.0.4). */
  async text(): Promise<string> {
    this.registry ??= import('prom-client').then((p) => {
      const registry = new p.Registry();
      // A family is a collector in the shape prom-client's own metrics take: its samples are made from our counts at each scrape.
      const family = (name: string, type: string, help: string, samples: () => Sample[]) => {
        const get = async () => ({ name, help, type, aggregator: 'sum', values: samples() });
        registry.registerMetric({ name, help, type, aggregator: 'sum', get } as unknown as Metric);
      };
      const gauge = (name: string, help: string, read: (g: MetricGauges) => number) =>
        family(name, 'gauge', help, () => [{ value: read(this.gauges()) }]);
      family(
        'l2devnet_http_requests_total',
        'counter',
        'HTTP requests answered, by method, declared route, status and FAILED code (0 for OK).',
        () => [...this.requests.values()].map((r) => ({ labels: r.labels, value: r.n })),
      );
      family('l2devnet_http_request_duration_seconds', 'histogram', 'Time from the first middleware to the answer, in seconds.', () =>
        this.durationSamples(),
      );
      family('l2devnet_commands_total', 'counter', 'Accepted commands that changed the state, by kind.', () =>
        [...this.commands].map(([command, n]) => ({ labels: { command }, value: n })),
      );
      family('l2devnet_records', 'gauge', 'Records by status.', () =>
        RECORD_STATUS_NAMES.map((name, status) => ({ labels: { status, name }, value: this.gauges().recordsByStatus[status] ?? 0 })),
      );
      gauge('l2devnet_open_orders', 'Open (placed or partially filled) orders.', (g) => g.openOrders);
      gauge('l2devnet_sse_subscribers', 'Open GET /_devnet/events streams.', (g) => g.sseSubscribers);
      gauge('l2devnet_request_journal_entries', 'Entries held by the request journal (GET /_devnet/requests).', (g) => g.journalEntries);
      return registry;
    });
    return (await this.registry).metrics();
  }

  private durationSamples(): Sample[] {
    const name = 'l2devnet_http_request_duration_seconds';
    let below = 0;
    const buckets = DURATION_BUCKETS.map((le, i) => ({ metricName: `${name}_bucket`, labels: { le }, value: (below += this.buckets[i]!) }));
    return [
      ...buckets,
      { metricName: `${name}_bucket`, labels: { le: '+Inf' }, value: this.durationCount },
      { metricName: `${name}_sum`, value: this.durationSum },
      { metricName: `${name}_count`, value: this.durationCount },
    ];
  }
}
