// The URL that reaches a server bound to a host and port: what the CLI's ready line and health check use.

/**
 * An unspecified address (0.0.0.0, ::) accepts connections but is no address to connect to, so it
 * becomes loopback; an IPv6 literal gets its brackets.
 */
export function listenUrl(host: string, port: number | string): string {
  const h =
    host === '0.0.0.0' || host === ''
      ? '127.0.0.1'
      : host === '::' || host === '[::]'
        ? '[::1]'
        : host.includes(':') && !host.startsWith('[')
          ? `[${host}]`
          : host;
  return `http://${h}:${port}`;
}
