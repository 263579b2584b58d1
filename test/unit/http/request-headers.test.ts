import { describe, expect, it } from 'vitest';
import { headerOf, servedFrom } from '../../../src/http/request-headers.js';

// Raw lines as Node's parser hands them over: names as sent, duplicates kept, in order.
const RAW = [
  ['Host', '127.0.0.1:8080'],
  ['X-Devnet-Namespace', ' alpha '],
  ['origin', 'http://a.example'],
  ['ORIGIN', 'http://b.example'],
  ['Content-Length', '12'],
  ['x-empty', ''],
] as const;

describe('headerOf', () => {
  it('reads a socket request from its raw lines as its Headers object gives them', () => {
    const request = new Request('http://127.0.0.1:8080/v1/nonce');
    servedFrom(request, { rawHeaders: RAW.flat() });
    const headers = new Headers(RAW.map(([k, v]) => [k, v]));
    for (const name of ['host', 'x-devnet-namespace', 'origin', 'content-length', 'x-empty', 'authorization']) {
      expect(headerOf(request, name)).toBe(headers.get(name) ?? undefined);
    }
  });

  it('reads any other request from its Headers', () => {
    const request = new Request('http://localhost/', { headers: { Origin: 'http://a.example' } });
    expect(headerOf(request, 'origin')).toBe('http://a.example');
    expect(headerOf(request, 'host')).toBeUndefined();
  });
});
