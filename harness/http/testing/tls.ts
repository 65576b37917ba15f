import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { request as httpRequest, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A private CA and a server certificate it signed, for 127.0.0.1 and localhost, made with the
 * `openssl` command at test time (node:crypto cannot issue X.509 certificates). EC keys: a few
 * tens of milliseconds.
 */
export interface TestPki {
  readonly dir: string;
  /** The CA certificate's PEM file: what CONFORMANCE_CA_FILE names. */
  readonly caFile: string;
  readonly cert: string;
  readonly key: string;
  remove(): void;
}

export function makeTestPki(): TestPki {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-pki-'));
  const at = (name: string): string => join(dir, name);
  const openssl = (...args: string[]): void => {
    execFileSync('openssl', args, { stdio: 'pipe' });
  };
  openssl(
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    at('ca.key'),
    '-out',
    at('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=Conformance Test CA',
  );
  openssl(
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    at('server.key'),
    '-out',
    at('server.csr'),
    '-subj',
    '/CN=localhost',
  );
  writeFileSync(
    at('server.ext'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    at('server.csr'),
    '-CA',
    at('ca.pem'),
    '-CAkey',
    at('ca.key'),
    '-CAcreateserial',
    '-out',
    at('server.pem'),
    '-days',
    '2',
    '-extfile',
    at('server.ext'),
  );
  return {
    dir,
    caFile: at('ca.pem'),
    cert: readFileSync(at('server.pem'), 'utf8'),
    key: readFileSync(at('server.key'), 'utf8'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface RunningTlsServer {
  /** `https://127.0.0.1:<port>`. */
  readonly origin: string;
  readonly server: Server;
  close(): Promise<void>;
}

/** A real https server on loopback with the PKI's server certificate. */
export async function startTlsServer(pki: TestPki, handler: RequestListener): Promise<RunningTlsServer> {
  const server = createServer({ cert: pki.cert, key: pki.key }, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A TLS terminator: https in front of an http upstream (the embedded reference server), path and headers kept. */
export function startTlsTerminator(pki: TestPki, upstreamOrigin: string): Promise<RunningTlsServer> {
  const upstream = new URL(upstreamOrigin);
  return startTlsServer(pki, (req, res) => {
    const forwarded = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(forwarded);
  });
}
