import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isServiceStartError, startReferenceService } from '../../../server/index';
import { call, json, useServices } from './support';

const serve = useServices();
let dir = '';

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kennel-service-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('dataFile', () => {
  it('keeps animals and the id counter across restarts', async () => {
    const dataFile = join(dir, 'pets.json');
    const first = await serve({ seed: 2, dataFile });
    const created = await call(first, 'POST', '/pets', { json: { name: 'Fern', categoryId: 9 } });
    expect(json(created)).toMatchObject({ id: 3 });
    await first.close();

    // A different seed does not matter: an existing file is loaded, not reseeded.
    const second = await serve({ seed: 10, dataFile });
    expect(second.state.pets()).toEqual(first.state.pets());
    expect(second.state.pets()).toHaveLength(3);
    const next = await call(second, 'POST', '/pets', { json: { name: 'Moss', categoryId: 9 } });
    expect(json(next)).toMatchObject({ id: 4 });
    expect(await readdir(dir)).toEqual(['pets.json']);
  });

  it('writes int64 values exactly', async () => {
    const dataFile = join(dir, 'pets.json');
    const service = await serve({ seed: 1, bigIds: true, dataFile });
    const pet = service.state.pets()[0];
    const text = await readFile(dataFile, 'utf8');
    expect(text).toContain(`"id":${pet?.id}`);
    expect(text).toContain(`"categoryId":${pet?.categoryId}`);
    await service.close();
    const again = await serve({ dataFile });
    expect(again.state.pets()).toEqual([pet]);
  });

  it.each([
    ['not JSON', 'pets: none'],
    ['the wrong shape', '{"version":1,"nextId":3,"pets":[{"id":"1","name":"A","categoryId":1}]}'],
    ['an unknown version', '{"version":2,"nextId":1,"pets":[]}'],
  ])('refuses a data file that is %s, and leaves it untouched', async (_label, content) => {
    const dataFile = join(dir, 'pets.json');
    await writeFile(dataFile, content);
    const error: unknown = await startReferenceService({ port: 0, dataFile }).catch(
      (e: unknown) => e,
    );
    expect(isServiceStartError(error)).toBe(true);
    expect((error as Error).message).toContain('is not a reference-service data file');
    expect(await readFile(dataFile, 'utf8')).toBe(content);
  });
});

describe('options', () => {
  it('refuses a non-loopback host unless allowed', async () => {
    await expect(startReferenceService({ host: '0.0.0.0' })).rejects.toThrow(/loopback/);
  });

  it('reports a port in use in one line', async () => {
    const service = await serve({ seed: 0 });
    await expect(startReferenceService({ port: service.port })).rejects.toThrow(
      `Cannot listen on 127.0.0.1:${service.port}: port ${service.port} is already in use.`,
    );
  });

  it.each([
    [{ windows: { minuteMs: 0 } }, 'windows.minuteMs'],
    [{ ban: { strikes: 0 } }, 'ban.strikes'],
    [{ seed: -1 }, 'seed'],
    [{ retryAfter: 'minutes' as 'seconds' }, 'retryAfter'],
    [{ keys: { k: { name: 'Bad', perMinute: 0, perDay: 1 } } }, 'perMinute'],
  ])('rejects bad options %j', async (options, field) => {
    await expect(startReferenceService({ port: 0, ...options })).rejects.toThrow(field);
  });

  it('gives url, origin and port of a loopback listener', async () => {
    const service = await serve({ seed: 0 });
    expect(service.origin).toBe(`http://127.0.0.1:${service.port}`);
    expect(service.url).toBe(`${service.origin}/v1`);
  });
});
