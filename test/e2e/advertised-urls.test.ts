// What a container's clients are told: the ready line and storage endpoints never name 0.0.0.0;
// `--public-url` wins, else endpoints follow the request's Host. And `l2-devnet health` with flags.
import { mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { live, runToExit, startServer, stop } from '../support/cli.js';
import type { Cli } from '../support/cli.js';

const TEST_TIMEOUT = 20_000;
const running: Cli[] = [];

afterEach(async () => {
  for (const cli of running.splice(0)) if (live.has(cli.child)) await stop(cli);
});

async function serve(args: string[], env: Record<string, string> = {}) {
  const s = await startServer(args, env);
  running.push(s.cli);
  return s;
}

/** One request on loopback `port` with the given Host header (fetch would send the URL's). */
function send(
  port: number,
  host: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, headers: { host, ...headers, ...(body ? { 'content-length': String(body.length) } : {}) } },
      (res) => {
        let text = '';
        res
          .setEncoding('utf8')
          .on('data', (d: string) => (text += d))
          .on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(text) }));
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

/** Uploads `hello.txt` to the genesis project with the given Host; returns the upload's and the list's endpoints. */
async function uploadEndpoints(port: number, host: string): Promise<{ upload: string[]; list: string[] }> {
  const key = (await send(port, host, 'GET', '/_devnet/accounts')).json.api_keys[0] as string;
  const project = (await send(port, host, 'GET', '/v1/project', { 'x-api-key': key })).json.data[0].project_uuid as string;
  const b = 'BoUnDaRy22';
  const body = Buffer.from(
    `--${b}\r\nContent-Disposition: form-data; name="file"; filename="hello.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${b}--\r\n`,
  );
  const up = await send(
    port,
    host,
    'POST',
    `/v1/project/${project}/storage`,
    { 'x-api-key': key, 'content-type': `multipart/form-data; boundary=${b}` },
    body,
  );
  expect(up.json.status, JSON.stringify(up.json)).toBe('OK');
  const list = await send(port, host, 'GET', `/v1/project/${project}/storage`, { 'x-api-key': key });
  return { upload: up.json.data.endpoints, list: list.json.data.storages.list.at(-1).endpoints };
}

describe('advertised URLs', () => {
  it(
    "bound to 0.0.0.0: the ready line names loopback; storage endpoints follow each request's Host",
    async () => {
      // `devnet` is the name other containers use (a Host the emulator answers only when allowed).
      const { json, cli } = await serve(['--host', '0.0.0.0', '--port', '0', '--log', 'silent', '--allowed-host', 'devnet']);
      expect(json.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const port = Number(new URL(String(json.url)).port);
      const inside = await uploadEndpoints(port, 'devnet:8080');
      expect(inside.upload[0]).toMatch(/^http:\/\/devnet:8080\/ipfs\/bafy[a-z2-7]+\/$/);
      expect(inside.list).toEqual(inside.upload);
      const outside = await uploadEndpoints(port, `localhost:${port}`);
      expect(outside.upload).toEqual(inside.upload.map((u) => u.replace('http://devnet:8080', `http://localhost:${port}`)));
      expect(cli.stdout() + JSON.stringify(inside) + JSON.stringify(outside)).not.toContain('0.0.0.0');
    },
    TEST_TIMEOUT,
  );

  it(
    "--public-url (or L2DEVNET_PUBLIC_URL) is the ready line's url and the endpoints' base, and its name is an answered Host; --listen-file has the real one",
    async () => {
      const listenFile = join(mkdtempSync(join(tmpdir(), 'l2-devnet-listen-')), 'url');
      const { json } = await serve(['--host', '0.0.0.0', '--port', '0', '--log', 'silent', '--listen-file', listenFile], {
        L2DEVNET_PUBLIC_URL: 'http://l2devnet.ci:8080/',
      });
      expect(json.url).toBe('http://l2devnet.ci:8080');
      const local = readFileSync(listenFile, 'utf8').trim();
      expect(local).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      // The public URL's name is answered without --allowed-host (clients are told to use it); another name is not.
      const got = await uploadEndpoints(Number(new URL(local).port), 'l2devnet.ci:8080');
      expect((await send(Number(new URL(local).port), 'other.host:1234', 'GET', '/_devnet/health')).status).toBe(403);
      expect(got.upload[0]).toMatch(/^http:\/\/l2devnet\.ci:8080\/ipfs\/bafy[a-z2-7]+\/$/);
      expect(got.list).toEqual(got.upload);
    },
    TEST_TIMEOUT,
  );

  it(
    'refuses a --public-url that is not an http(s) URL (exit 2)',
    async () => {
      const r = await runToExit(['--public-url', '0.0.0.0:8080']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--public-url must be an http(s) URL');
    },
    TEST_TIMEOUT,
  );
});

describe('l2-devnet health', () => {
  it(
    'reads the same flags and environment as the server: exit 0 and the health answer when it is up, 1 when nothing answers',
    async () => {
      const { json } = await serve(['--port', '0', '--log', 'silent']);
      const port = new URL(String(json.url)).port;
      const up = await runToExit(['health', '--port', port]);
      expect(up.code, up.stderr).toBe(0);
      expect(JSON.parse(up.stdout)).toMatchObject({ status: 'ok', version: json.version, url: json.url });
      const viaEnv = await runToExit(['health'], { L2DEVNET_PORT: port, L2DEVNET_HOST: '0.0.0.0' });
      expect(viaEnv.code, viaEnv.stderr).toBe(0);
      expect(JSON.parse(viaEnv.stdout).url).toBe(`http://127.0.0.1:${port}`);
      await stop(running.pop()!);
      const down = await runToExit(['health', '--port', port]);
      expect(down.code).toBe(1);
      expect(down.stderr).toContain(`l2-devnet health: http://127.0.0.1:${port}`);
    },
    TEST_TIMEOUT,
  );

  it(
    'exits 2 on a bad flag and prints its usage on --help',
    async () => {
      const bad = await runToExit(['health', '--bogus', '1']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('unknown flag --bogus');
      const help = await runToExit(['health', '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('Usage: l2-devnet health');
    },
    TEST_TIMEOUT,
  );
});
