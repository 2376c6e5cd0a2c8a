import { describe, expect, it } from 'vitest';
import en from '../../../../src/i18n/en';
import es from '../../../../src/i18n/es';

type Tree = { [key: string]: string | Tree };

function messages(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    return typeof value === 'string' ? [[path, value] as [string, string]] : messages(value, path);
  });
}

/**
 * Words staff should never read: the service's value for an adopted animal,
 * the names of the machinery, and placeholders that are not words.
 */
const NOT_FOR_STAFF = [
  /\bsold\b/i,
  /\bvendid[oa]s?\b/i,
  /rate limit/i,
  /base URL|URL base/i,
  /\/v1\b/,
  /keyring|llavero/i,
  /\(not set\)|\(sin (estado|indicar)\)/i,
  /never synced|nunca sincronizado/i,
  /\bkind\b:/,
  /HTTP \d{3}/,
];

describe('the words on screen', () => {
  it.each([
    ['English', en],
    ['Spanish', es],
  ])('in %s name no service value, address part or machinery', (_language, catalogue) => {
    const found = messages(catalogue as unknown as Tree).filter(([, text]) =>
      NOT_FOR_STAFF.some((pattern) => pattern.test(text)),
    );
    expect(found).toEqual([]);
  });

  it('give the statuses and the status filter the same names, plurals aside', () => {
    expect(en.animals.status).toEqual({
      available: 'Available',
      pending: 'Adoption pending',
      sold: 'Adopted',
      none: 'No status',
    });
    const { available, pending, sold, none } = es.animals.toolbar;
    expect([available, pending, sold, none]).toEqual([
      'Disponibles',
      'Adopción pendiente',
      'Adoptados',
      'Sin estado',
    ]);
  });
});

/**
 * One thing, one name: an animal on this computer waits "to be sent", and the
 * Spanish says "este equipo" for this computer and "solicitudes" for requests.
 */
const SECOND_NAMES: [string, Tree, RegExp][] = [
  ['English, “waiting to sync”', en as unknown as Tree, /waiting to sync|to be synced/i],
  [
    'Spanish, “pendiente de sincronizar”',
    es as unknown as Tree,
    /sincronizarse|pendientes? de sincronizar|pendientes? de env[ií]o/i,
  ],
  ['Spanish, “ordenador”', es as unknown as Tree, /\bordenador(es)?\b|\bcomputadoras?\b/i],
  ['Spanish, “petición”', es as unknown as Tree, /\bpetici[oó]n(es)?\b/i],
];

describe('one word for one thing', () => {
  it.each(SECOND_NAMES)('no message in %s', (_words, catalogue, pattern) => {
    const found = messages(catalogue).filter(([, text]) => pattern.test(text));
    expect(found).toEqual([]);
  });
});
