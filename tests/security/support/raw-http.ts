import http from 'node:http';

import { GATEWAY_URL } from '../../support/api';

export interface RawRequest {
  method: string;
  /** Sent byte for byte: no URL parsing, so `..`, `//` and percent-encodings reach the server as written. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

const gateway = new URL(GATEWAY_URL);
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** One request as an attacker's client would send it; a dropped connection is status 0. */
export function rawRequest(request: RawRequest): Promise<RawResponse> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: gateway.hostname,
        port: gateway.port,
        method: request.method,
        path: request.path,
        headers: {
          ...(request.body !== undefined && { 'content-length': Buffer.byteLength(request.body) }),
          ...request.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', () => resolve({ status: 0, headers: {}, text: 'response aborted' }));
      },
    );
    req.on('error', (error) => resolve({ status: 0, headers: {}, text: error.message }));
    req.end(request.body);
  });
}

export const closeRawAgent = () => agent.destroy();
