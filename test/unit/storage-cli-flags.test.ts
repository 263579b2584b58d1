// --gateway-url / L2DEVNET_GATEWAY_URL: an http(s) URL, flag over environment; and the CLI passes it through.
import { describe, expect, it } from 'vitest';
import { FlagError, parseFlags } from '../../src/cli-flags.js';

describe('--gateway-url', () => {
  it('is unset by default, read from the environment, overridden by the flag', () => {
    expect(parseFlags([], {}).values['gateway-url']).toBeUndefined();
    expect(parseFlags([], { L2DEVNET_GATEWAY_URL: 'http://gw.local:9000' }).values['gateway-url']).toBe('http://gw.local:9000');
    expect(parseFlags(['--gateway-url', 'https://ipfs.example/base/'], { L2DEVNET_GATEWAY_URL: 'http://x' }).values['gateway-url']).toBe('https://ipfs.example/base/');
  });

  it.each(['gw.local', 'ftp://gw.local', 'http://', 'http://a b'])('refuses %j', (url) => {
    expect(() => parseFlags(['--gateway-url', url], {})).toThrow(FlagError);
  });
});
