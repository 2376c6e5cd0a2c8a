/**
 * The words a spreadsheet uses for the record's choices, turned into their
 * codes (`data/intake-record.ts`): "F", "female", "Hembra" are all `female`.
 * English and Spanish, folded (case, accents and punctuation away). Kennel's
 * own words in both languages are among them (a unit test holds them to the
 * catalogues), so an export imports again as it is. The codes themselves are
 * taken too: a row fixed in the import's own choice lists holds them.
 */
import {
  INTAKE_TYPES,
  NEUTERED,
  OUTCOMES,
  SEXES,
  type IntakeType,
  type Neutered,
  type Outcome,
  type Sex,
} from '../data/intake-record';
import { foldHeading } from './headings';

function table<T extends string>(
  codes: readonly T[],
  words: Record<T, readonly string[]>,
): ReadonlyMap<string, T> {
  const map = new Map<string, T>();
  for (const code of codes) {
    map.set(foldHeading(code), code);
    for (const word of words[code]) map.set(foldHeading(word), code);
  }
  return map;
}

const SEX_WORDS = table<Sex>(SEXES, {
  female: ['f', 'fem', 'female', 'hembra', 'h', 'spayed female', 'female spayed', 'intact female'],
  male: ['m', 'male', 'macho', 'neutered male', 'male neutered', 'intact male'],
  unknown: ['u', 'unknown', 'not known', 'desconocido', 'desconocida', 'no se sabe'],
});

/** Whether neutered, and whether an age was estimated: yes, no or unknown. */
const YES_NO_WORDS = table<Neutered>(NEUTERED, {
  yes: [
    'y',
    'yes',
    'true',
    '1',
    'x',
    'neutered',
    'spayed',
    'castrated',
    'si',
    's',
    'verdadero',
    'castrado',
    'castrada',
    'esterilizado',
    'esterilizada',
  ],
  no: ['n', 'no', 'false', '0', 'intact', 'entire', 'not neutered', 'falso', 'entero', 'entera'],
  unknown: ['u', 'unknown', 'not known', 'desconocido', 'desconocida', 'no se sabe'],
});

const INTAKE_WORDS = table<IntakeType>(INTAKE_TYPES, {
  stray: ['stray', 'found', 'found stray', 'extraviado', 'extraviada', 'callejero', 'callejera'],
  surrender: [
    'surrender',
    'surrendered',
    'owner surrender',
    'owner surrendered',
    'relinquished',
    'given up',
    'owner',
    'entrega',
    'entregado',
    'entregada',
    'entregado por su dueno',
    'entrega del dueno',
    'entrega del propietario',
    'cesion',
    'renuncia',
  ],
  'transfer-in': [
    'transfer',
    'transfer in',
    'transferred',
    'transferred in',
    'transfer from another shelter',
    'traslado',
    'traslado desde otro centro',
    'transferencia',
    'transferido',
    'trasladado',
  ],
  return: [
    'return',
    'returned',
    'adoption return',
    'returned adoption',
    'returned after adoption',
    'return after adoption',
    'devolucion',
    'devuelto',
    'devuelta',
    'devuelto tras la adopcion',
    'devolucion de adopcion',
  ],
  'born-in-care': [
    'born in care',
    'born in shelter',
    'born here',
    'born',
    'nacido en el refugio',
    'nacido en el centro',
    'nacido',
    'nacida',
    'nacimiento',
  ],
  seized: [
    'seized',
    'seizure',
    'confiscated',
    'cruelty seizure',
    'decomisado',
    'decomisada',
    'decomiso',
    'incautado',
    'incautada',
    'confiscado',
    'confiscada',
  ],
  other: ['other', 'otro', 'otra'],
});

const OUTCOME_WORDS = table<Outcome>(OUTCOMES, {
  adopted: ['adopted', 'adoption', 'adoptado', 'adoptada', 'adopcion'],
  'returned-to-owner': [
    'returned to owner',
    'return to owner',
    'rto',
    'reclaimed',
    'claimed',
    'owner reclaimed',
    'devuelto a su dueno',
    'devuelto al dueno',
    'devuelta a su duena',
    'devuelto a su familia',
    'reclamado',
    'reclamada',
    'recuperado por su dueno',
  ],
  'transferred-out': [
    'transferred out',
    'transfer out',
    'transferred',
    'trasladado a otro centro',
    'trasladado',
    'trasladada',
    'transferido',
    'transferida',
  ],
  died: [
    'died',
    'dead',
    'deceased',
    'death',
    'euthanised',
    'euthanized',
    'euthanasia',
    'fallecio',
    'fallecido',
    'fallecida',
    'murio',
    'muerto',
    'muerta',
    'eutanasia',
  ],
  other: ['other', 'other outcome', 'otro', 'otra', 'otra salida'],
});

/** The choice columns and the words each takes. */
const WORDS = {
  sex: SEX_WORDS,
  neutered: YES_NO_WORDS,
  birthEstimated: YES_NO_WORDS,
  intakeType: INTAKE_WORDS,
  outcome: OUTCOME_WORDS,
} as const;

export type ChoiceColumn = keyof typeof WORDS;

/** The code `cell` stands for in `column`; '' for an empty cell, null for a word Kennel does not know. */
export function choiceCode(column: ChoiceColumn, cell: string): string | null {
  const folded = foldHeading(cell);
  if (folded === '') return '';
  return WORDS[column].get(folded) ?? null;
}

export function isChoiceColumn(column: string): column is ChoiceColumn {
  return column in WORDS;
}
