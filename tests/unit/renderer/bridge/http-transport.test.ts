import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApi } from '../../../../src/bridge/http-transport';
import { startRealBridge, type RealBridge } from '../support/real-bridge';

let bridge: RealBridge;

beforeAll(async () => {
  bridge = await startRealBridge();
});

afterAll(async () => {
  await bridge.close();
});

function apiWith(token: string | null, origin = bridge.host.origin) {
  return createHttpApi({ fetch: globalThis.fetch, token: () => token, origin });
}

/** A server answering every request with `body`, to stand in for something that is not the host. */
async function answering(
  status: number,
  body: string,
): Promise<{ origin: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, server };
}

describe('HTTP transport against the real web host', () => {
  it('calls bridge methods with the token and gets typed results', async () => {
    const api = apiWith(bridge.host.token);
    const profiles = await api.listProfiles();
    expect(profiles.ok).toBe(true);
    if (!profiles.ok) return;
    expect(profiles.value.map((p) => p.name)).toEqual(['local', 'staging', 'production']);
    expect(profiles.value.find((p) => p.name === 'local')?.baseUrl).toBe(bridge.service.url);
  });

  it('reaches the service through the host once a key is set', async () => {
    const api = apiWith(bridge.host.token);
    const saved = await api.setKey('local', 'kennel-demo-pro', {});
    expect(saved.ok).toBe(true);
    const pets = await api.listPets('local', { limit: 3 });
    expect(pets.ok).toBe(true);
    if (pets.ok) expect(pets.value.length).toBe(3);
  });

  it('passes the Node side’s errors through unchanged', async () => {
    const api = apiWith(bridge.host.token);
    const result = await api.listPets('local', { limit: 1000 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('invalid-argument');
  });

  it('turns a refused token into an internal error instead of throwing', async () => {
    const result = await apiWith('not-the-token').listProfiles();
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('internal');
  });

  it('turns a missing token into an internal error instead of throwing', async () => {
    const result = await apiWith(null).appInfo();
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('internal');
  });
});

describe('HTTP transport when the host is not there', () => {
  it('answers a network error when nothing listens', async () => {
    const { origin, server } = await answering(200, '{}');
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const result = await apiWith('token', origin).listProfiles();
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ kind: 'network' }) });
  });

  it('answers an internal error for a page that is not JSON', async () => {
    const { origin, server } = await answering(200, '<html>proxy login</html>');
    try {
      const result = await apiWith('token', origin).listProfiles();
      expect(result).toEqual({ ok: false, error: expect.objectContaining({ kind: 'internal' }) });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('answers an internal error for JSON that is not a bridge result', async () => {
    const { origin, server } = await answering(200, '{"hello":"world"}');
    try {
      const result = await apiWith('token', origin).listProfiles();
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.kind).toBe('internal');
        expect(result.error.message).toContain('HTTP 200');
      }
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('a web host that never answers', () => {
  it('gives the call up after its timeout, as a timeout, so a create is looked up before it is sent again', async () => {
    // Accepts the request and never answers: a host that lost the call.
    const server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const api = createHttpApi({
        fetch: globalThis.fetch,
        token: () => 'token',
        origin: `http://127.0.0.1:${port}`,
        timeoutMs: 200,
      });
      const result = await api.listProfiles();
      expect(result).toEqual({
        ok: false,
        error: { kind: 'timeout', message: expect.stringMatching(/did not answer in time/) },
      });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
