// --gateway-url / L2DEVNET_GATEWAY_URL: an http(s) URL, flag over environment; and the CLI passes it through.
import { describe, expect, it } from 'vitest';
import { parseFlags } from '../../src/cli/flags.js';
import { FlagError } from '../../src/cli/command-line.js';

describe('--gateway-url', () => {
  it('is unset by default, read from the environment, overridden by the flag', () => {
    expect(parseFlags([], {}).options.gatewayUrl).toBeUndefined();
    expect(parseFlags([], { L2DEVNET_GATEWAY_URL: 'http://gw.local:9000' }).options.gatewayUrl).toBe('http://gw.local:9000');
    expect(parseFlags(['--gateway-url', 'https://ipfs.example/base/'], { L2DEVNET_GATEWAY_URL: 'http://x' }).options.gatewayUrl).toBe(
      'https://ipfs.example/base/',
    );
  });

  it.each(['gw.local', 'ftp://gw.local', 'http://', 'http://a b'])('refuses %j', (url) => {
    expect(() => parseFlags(['--gateway-url', url], {})).toThrow(FlagError);
  });
});
