// GET /metrics: counters kept per app (requests, commands, a duration histogram) and gauges read from
// the state in O(1), written in the Prometheus text exposition format (version 0.0.4).

/** Upper bounds (seconds) of the request duration histogram's buckets. */
export const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

export const RECORD_STATUS_NAMES = ['submitted', 'accepted', 'failed', 'accepted_on_l2', 'rejected_on_l2', 'rolled_back', 'accepted_on_l1'] as const;

/** The gauges, read when /metrics is asked. */
export interface MetricGauges {
  recordsByStatus: readonly number[];
  openOrders: number;
  sseSubscribers: number;
  journalEntries: number;
}

/** A label value escaped as the exposition format requires (backslash, double quote, newline). */
export function labelValue(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function labels(pairs: Record<string, string>): string {
  return '{' + Object.entries(pairs).map(([k, v]) => `${k}="${labelValue(v)}"`).join(',') + '}';
}

/** A number as the format writes it: integers plainly, others in shortest round-trip form. */
function num(n: number): string {
  return Number.isFinite(n) ? String(n) : n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN';
}

export class Metrics {
  /** `method route status code` -> count (the route is its declared pattern, so the label set is bounded). */
  private readonly requests = new Map<string, { method: string; route: string; status: string; code: string; n: number }>();
  private readonly commands = new Map<string, number>();
  private readonly buckets = new Array<number>(DURATION_BUCKETS.length).fill(0);
  private durationSum = 0;
  private durationCount = 0;

  request(method: string, route: string, status: number, code: number, seconds: number): void {
    const key = `${method} ${route} ${status} ${code}`;
    const row = this.requests.get(key);
    if (row) row.n++;
    else this.requests.set(key, { method, route, status: String(status), code: String(code), n: 1 });
    for (let i = 0; i < DURATION_BUCKETS.length; i++) if (seconds <= DURATION_BUCKETS[i]!) this.buckets[i]!++;
    this.durationSum += seconds;
    this.durationCount++;
  }

  command(cmd: string): void {
    this.commands.set(cmd, (this.commands.get(cmd) ?? 0) + 1);
  }

  /** The exposition text: HELP and TYPE once per family, then its samples. */
  text(g: MetricGauges): string {
    const out: string[] = [];
    const family = (name: string, type: string, help: string): void => {
      out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    };
    family('l2devnet_http_requests_total', 'counter', 'HTTP requests answered, by method, declared route, status and FAILED code (0 for OK).');
    for (const r of this.requests.values()) out.push(`l2devnet_http_requests_total${labels({ method: r.method, route: r.route, status: r.status, code: r.code })} ${r.n}`);
    family('l2devnet_http_request_duration_seconds', 'histogram', 'Time from the first middleware to the answer, in seconds.');
    DURATION_BUCKETS.forEach((le, i) => out.push(`l2devnet_http_request_duration_seconds_bucket{le="${le}"} ${this.buckets[i]}`));
    out.push(`l2devnet_http_request_duration_seconds_bucket{le="+Inf"} ${this.durationCount}`);
    out.push(`l2devnet_http_request_duration_seconds_sum ${num(this.durationSum)}`, `l2devnet_http_request_duration_seconds_count ${this.durationCount}`);
    family('l2devnet_commands_total', 'counter', 'Accepted commands that changed the state, by kind.');
    for (const [cmd, n] of this.commands) out.push(`l2devnet_commands_total${labels({ command: cmd })} ${n}`);
    family('l2devnet_records', 'gauge', 'Records by status.');
    RECORD_STATUS_NAMES.forEach((name, status) => out.push(`l2devnet_records${labels({ status: String(status), name })} ${g.recordsByStatus[status] ?? 0}`));
    family('l2devnet_open_orders', 'gauge', 'Open (placed or partially filled) orders.');
    out.push(`l2devnet_open_orders ${g.openOrders}`);
    family('l2devnet_sse_subscribers', 'gauge', 'Open GET /_devnet/events streams.');
    out.push(`l2devnet_sse_subscribers ${g.sseSubscribers}`);
    family('l2devnet_request_journal_entries', 'gauge', 'Entries held by the request journal (GET /_devnet/requests).');
    out.push(`l2devnet_request_journal_entries ${g.journalEntries}`);
    return out.join('\n') + '\n';
  }
}
