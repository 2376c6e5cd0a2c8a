import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_ERROR_KINDS, type BridgeError } from '../../../../electron/contract/errors';
import {
  describeError,
  errorDetails,
  errorField,
  errorMessage,
} from '../../../../src/errors/messages';
import { ANSWER_TOO_LARGE_CODE, NOT_FROM_SERVICE_CODE } from '../../../../electron/contract/errors';
import { MalformedResponseError } from '../../../../electron/core/errors/malformed-response-error';
import { toBridgeError } from '../../../../electron/core/errors/to-bridge-error';
import { formatClock, formatDay, formatShortTime } from '../../../../src/format/clock';
import { applyLanguage } from '../../../../src/i18n';

afterEach(() => applyLanguage('en'));

// The clock reads 08:00 on a fixed day: a pause that ends that day is worded by its time alone.
const TODAY = new Date(2030, 0, 1, 8, 0, 0).getTime();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TODAY);
});
afterEach(() => {
  vi.useRealTimers();
});

/** A time of day on that day. */
function todayAt(hours: number, minutes: number, seconds: number): number {
  return new Date(2030, 0, 1, hours, minutes, seconds).getTime();
}

describe('errorMessage', () => {
  it('says something different for every kind, even when the Node side sent no text', () => {
    const texts = BRIDGE_ERROR_KINDS.map((kind) => errorMessage({ kind, message: '' }));
    for (const text of texts) expect(text.trim().length).toBeGreaterThan(10);
    expect(new Set(texts).size).toBe(BRIDGE_ERROR_KINDS.length);
  });

  it('never shows the Node side’s technical message, status or address as the sentence', () => {
    const text = errorMessage(
      { kind: 'network', message: 'http://127.0.0.1:4010: could not connect (ECONNREFUSED).' },
      { action: 'read' },
    );
    expect(text).toBe("Can't reach the service. Try again when it is back.");
    const server = errorMessage({ kind: 'server', message: 'HTTP 503', status: 503 });
    expect(server).not.toMatch(/503|HTTP/);
  });

  it('tells intake its animals are kept when the service cannot be reached', () => {
    expect(errorMessage({ kind: 'network', message: '' }, { action: 'intake' })).toBe(
      "Can't reach the service. Your intake is saved here and will be sent when it is back.",
    );
  });

  it('speaks of the lookup when a lookup fails, and of the ID when it finds nothing', () => {
    expect(
      errorMessage({ kind: 'not-found', message: 'HTTP 404', status: 404 }, { petId: '42' }),
    ).toBe('No animal has the ID 42.');
    const lookup = errorMessage({ kind: 'network', message: '' }, { petId: '42' });
    expect(lookup).toBe(
      "Couldn't look up animal 42. Can't reach the service. Try again when it is back.",
    );
    expect(lookup).not.toContain('intake');
  });

  it('quotes the service’s own reason for refusing a record', () => {
    const error: BridgeError = {
      kind: 'validation',
      status: 400,
      message: 'The service rejected the request (HTTP 400): name must not be empty.',
      serviceMessage: 'name must not be empty.',
    };
    expect(errorMessage(error)).toBe('The service did not accept this: “name must not be empty”.');
  });

  it('quotes only the service’s own words, never Kennel’s Node-side message or its status code', () => {
    const error: BridgeError = {
      kind: 'validation',
      status: 400,
      message: 'The service rejected the request (HTTP 400): categoryId is unknown.',
      serviceMessage: 'categoryId is unknown.',
    };
    expect(errorMessage(error)).toBe('The service did not accept this: “categoryId is unknown”.');
    const silent: BridgeError = {
      kind: 'validation',
      status: 400,
      message: 'The service rejected the request (HTTP 400)',
    };
    expect(errorMessage(silent)).toBe('The service did not accept this.');
  });

  it('says when a rate-limit pause ends, as a time of day', () => {
    const retryAt = todayAt(9, 5, 7);
    const text = errorMessage({ kind: 'rate-limited', message: 'Too many requests', retryAt });
    expect(text).toMatch(
      /^The service asked Kennel to slow down\. Nothing is sent before .*9.05.07/,
    );
    expect(text).not.toContain(String(new Date(retryAt).getFullYear()));
  });

  it('gives the day too when the pause ends on another day', () => {
    const retryAt = todayAt(9, 5, 7) + 2 * 24 * 3_600_000;
    const text = errorMessage({ kind: 'rate-limited', message: 'Too many requests', retryAt });
    expect(text).toBe(
      `The service asked Kennel to slow down. Nothing is sent before ${formatDay(retryAt)} at ${formatShortTime(retryAt)}.`,
    );
  });

  it('says an answer far too large went unread and nothing changed here, in plain words', async () => {
    const tooLarge = toBridgeError(
      new MalformedResponseError(
        'http://127.0.0.1:4010 sent an answer larger than 1048576 bytes; Kennel stopped reading it.',
        { status: 200, code: ANSWER_TOO_LARGE_CODE },
      ),
    );
    const sentence =
      'The service sent an answer far too large to read. Nothing was changed on this computer.';
    expect(errorMessage(tooLarge, { action: 'read' })).toBe(sentence);
    expect(errorMessage(tooLarge, { petId: '42' })).toBe(`Couldn't look up animal 42. ${sentence}`);
    // Any other unreadable answer keeps its own wording.
    expect(errorMessage({ kind: 'malformed-response', message: '', status: 200 })).toBe(
      'The service sent an answer Kennel could not read.',
    );
    await applyLanguage('es');
    expect(errorMessage(tooLarge)).toBe(
      'El servicio envió una respuesta demasiado grande para poder leerla. No se cambió nada en este equipo.',
    );
  });

  it('says the network answers instead of the service, with the sign-in step, in both languages', async () => {
    const page = toBridgeError(
      new MalformedResponseError('The answer is a web page (HTTP 200) from http://10.0.0.1/.', {
        status: 200,
        code: NOT_FROM_SERVICE_CODE,
      }),
    );
    const sentence =
      'The network in front of the service is answering instead of it (for example a Wi-Fi sign-in page).';
    const signIn = 'If this network asks you to sign in, open a web browser and accept its terms.';
    const address = 'If this lasts, check the service address in Settings.';
    expect(errorMessage(page)).toBe(
      `${sentence} ${signIn} Your intake is saved here and is sent once the service answers again. ${address}`,
    );
    expect(errorMessage(page, { action: 'read' })).toBe(`${sentence} ${signIn} ${address}`);
    expect(errorMessage(page, { petId: '42' })).toBe(
      `Couldn't look up animal 42. ${sentence} ${signIn} ${address}`,
    );
    expect(errorDetails(page)).not.toMatch(/HTTP|200|10\.0\.0\.1|kennel_/);
    await applyLanguage('es');
    expect(errorMessage(page, { action: 'read' })).toBe(
      'La red que hay delante del servicio está respondiendo en su lugar (por ejemplo, una página de acceso a la wifi). ' +
        'Si esta red le pide iniciar sesión, abra un navegador web y acepte sus condiciones. ' +
        'Si esto dura, revise la dirección del servicio en Ajustes.',
    );
  });

  it('speaks Spanish when the language is Spanish', async () => {
    await applyLanguage('es');
    expect(errorMessage({ kind: 'network', message: '' }, { action: 'intake' })).toBe(
      'No se puede conectar con el servicio. Sus ingresos están guardados aquí y se enviarán cuando vuelva.',
    );
  });
});

describe('errorDetails', () => {
  it('says what Kennel saw in sentences, one a line, with no code, address or ISO time', () => {
    const retryAt = todayAt(9, 5, 7);
    const error: BridgeError = {
      kind: 'server',
      status: 503,
      code: 'unavailable',
      message: 'GET http://127.0.0.1:4010/v1/pets failed (HTTP 503): Down for upkeep.',
      serviceMessage: 'Down for upkeep.',
      field: 'status',
      retryAt,
      outcomeUnknown: true,
    };
    expect(errorDetails(error).split('\n')).toEqual([
      'The service answered with an error of its own.',
      'The service said: “Down for upkeep”.',
      'It concerns the status.',
      `Kennel may send again from ${formatClock(retryAt)}.`,
      'Kennel sent it, but no answer came back, so it cannot tell whether it arrived.',
    ]);
    expect(describeError(error).details).toBe(errorDetails(error));
  });

  it('says a lookup found nothing without "kind: not-found" or "status: 404"', () => {
    const details = errorDetails({
      kind: 'not-found',
      status: 404,
      message: 'GET http://127.0.0.1:4010/v1/pets/42 (HTTP 404)',
    });
    expect(details).toBe('The service answered that it has no such record.');
  });

  it('quotes nothing of a message Kennel wrote itself, which may name an address', () => {
    const details = errorDetails({
      kind: 'network',
      message: 'connect ECONNREFUSED 127.0.0.1:4010',
    });
    expect(details).toBe('Kennel could not connect to the service.');
  });

  it('has a sentence of its own for every kind, in both languages', async () => {
    for (const language of ['en', 'es'] as const) {
      await applyLanguage(language);
      const texts = BRIDGE_ERROR_KINDS.map((kind) => errorDetails({ kind, message: '' }));
      expect(new Set(texts).size, language).toBe(BRIDGE_ERROR_KINDS.length);
      for (const text of texts) expect(text, language).toMatch(/^\p{Lu}.*\.$/u);
    }
  });

  it('speaks the language on screen', async () => {
    await applyLanguage('es');
    expect(
      errorDetails({
        kind: 'not-found',
        status: 404,
        message: 'Not found (HTTP 404): Pet not found',
        serviceMessage: 'Pet not found',
      }),
    ).toBe('El servicio respondió que no tiene ese registro.\nEl servicio dijo: «Pet not found».');
  });
});

describe('errorField', () => {
  it('names the form field at fault, and nothing for other fields', () => {
    expect(errorField({ kind: 'validation', message: 'x', field: 'categoryId' })).toBe(
      'categoryId',
    );
    expect(errorField({ kind: 'invalid-argument', message: 'x', field: 'limit' })).toBeNull();
    expect(errorField({ kind: 'validation', message: 'x' })).toBeNull();
  });
});
