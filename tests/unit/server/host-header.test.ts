import { describe, expect, it } from 'vitest';
import { isAllowedHost } from '../../../server/host-check';
import { rawRequest } from '../web/raw-http';
import { FREE_KEY, useServices } from './support';

const start = useServices();

describe('Host header (DNS rebinding)', () => {
  it('answers loopback names on its own port', async () => {
    const service = await start({ seed: 2 });
    for (const host of [
      `127.0.0.1:${service.port}`,
      `localhost:${service.port}`,
      `LOCALHOST:${service.port}`,
    ]) {
      const answer = await rawRequest(service.port, {
        path: '/v1/pets',
        headers: { host, authorization: `Bearer ${FREE_KEY}` },
      });
      expect(answer.status, host).toBe(200);
    }
  });

  it('refuses any other name before the request counts, echoing nothing of it', async () => {
    const service = await start({ seed: 2 });
    for (const host of [
      `rebind.attacker.example:${service.port}`,
      `127.0.0.1.attacker.example:${service.port}`,
      `localhost:${service.port + 1}`,
      // No port means port 80, which is not the service's.
      `127.0.0.1`,
    ]) {
      const answer = await rawRequest(service.port, {
        path: '/v1/pets',
        headers: { host, authorization: `Bearer ${FREE_KEY}` },
      });
      expect(answer.status, host).toBe(403);
      const body = JSON.parse(answer.body) as { code: string; message: string; status: number };
      expect(body).toMatchObject({ code: 'host_not_allowed', status: 403 });
      expect(body.message).not.toContain('attacker');
    }
    expect(service.state.requests).toHaveLength(0);
  });

  it('accepts the address it was bound to on purpose, and only IP addresses on a wildcard', () => {
    expect(isAllowedHost('[::1]:4010', 4010, '::1')).toBe(true);
    expect(isAllowedHost('127.0.0.2:4010', 4010, '127.0.0.2')).toBe(true);
    expect(isAllowedHost('192.0.2.7:4010', 4010, '127.0.0.1')).toBe(false);
    // --allow-remote with a chosen address: that address (and loopback) only.
    expect(isAllowedHost('192.0.2.7:4010', 4010, '192.0.2.7')).toBe(true);
    expect(isAllowedHost('192.0.2.8:4010', 4010, '192.0.2.7')).toBe(false);
    expect(isAllowedHost('[2001:db8::7]:4010', 4010, '2001:db8::7')).toBe(true);
    expect(isAllowedHost('kennel.lan:4010', 4010, 'kennel.lan')).toBe(true);
    // --allow-remote on every interface: any address, never a name a page could rebind.
    expect(isAllowedHost('192.0.2.9:4010', 4010, '0.0.0.0')).toBe(true);
    expect(isAllowedHost('[2001:db8::9]:4010', 4010, '::')).toBe(true);
    expect(isAllowedHost('rebind.attacker.example:4010', 4010, '0.0.0.0')).toBe(false);
    expect(isAllowedHost('192.0.2.9:4011', 4010, '0.0.0.0')).toBe(false);
    expect(isAllowedHost(undefined, 4010, '127.0.0.1')).toBe(false);
  });
});
