/**
 * The headings staff are likely to give each column, in English and Spanish,
 * folded (case, accents and punctuation away, so "Categoría", "CATEGORIA" and
 * "Chip No." all match). The headings Kennel's own exports write are among
 * them, so an export imports again as it is.
 *
 * Words that are as likely to be a cell as a heading ("Fixed", "Altered",
 * "Location") are left out: a first row is taken as headings as soon as one
 * cell is a heading, and a first animal must never be mistaken for one.
 */
import { foldText } from '../text/fold';
import type { RecordColumn } from './record-columns';

/** The animal's fields a column can hold; the service keeps these. */
export const ANIMAL_FIELDS = ['name', 'category', 'status'] as const;
export type AnimalField = (typeof ANIMAL_FIELDS)[number];

/** Every target of a column: the animal's fields, then the record's. */
export type ImportField = AnimalField | RecordColumn;

const HEADINGS: Record<ImportField, readonly string[]> = {
  name: [
    'name',
    'animal',
    'animal name',
    'pet',
    'pet name',
    'nombre',
    'nombre del animal',
    'mascota',
    'nombre de la mascota',
  ],
  category: [
    'category',
    'category id',
    'categoryid',
    'category name',
    'species',
    'type',
    'kind',
    'categoria',
    'numero de categoria',
    'id de categoria',
    'especie',
    'tipo',
    'tipo de animal',
  ],
  status: ['status', 'state', 'estado', 'situacion', 'estatus'],
  chip: [
    'microchip',
    'micro chip',
    'chip',
    'microchip number',
    'microchip no',
    'microchip id',
    'chip number',
    'chip no',
    'chip id',
    'transponder',
    'numero de microchip',
    'numero de chip',
    'no de microchip',
    'no de chip',
    'n de microchip',
    'n de chip',
  ],
  sex: ['sex', 'gender', 'sexo', 'genero'],
  neutered: [
    'neutered',
    'spayed',
    'spayed neutered',
    'neutered spayed',
    'spay neuter',
    'castrated',
    'castrado',
    'castrada',
    'esterilizado',
    'esterilizada',
    'castracion',
    'esterilizacion',
    'castrado esterilizado',
  ],
  birthDate: [
    'dob',
    'd o b',
    'date of birth',
    'birth date',
    'birthdate',
    'birthday',
    'fecha de nacimiento',
    'fecha nacimiento',
    'f nacimiento',
    'nacimiento',
  ],
  birthEstimated: [
    'date of birth estimated',
    'birth date estimated',
    'dob estimated',
    'estimated dob',
    'fecha de nacimiento estimada',
    'nacimiento estimado',
  ],
  age: [
    'age',
    'estimated age',
    'approx age',
    'approximate age',
    'age estimated',
    'edad',
    'edad estimada',
    'edad aproximada',
  ],
  breed: ['breed', 'breeds', 'primary breed', 'raza', 'razas'],
  colour: [
    'colour',
    'color',
    'colours',
    'colors',
    'markings',
    'colour and markings',
    'color and markings',
    'colour markings',
    'color markings',
    'coat colour',
    'coat color',
    'color y marcas',
    'color y senas',
    'marcas',
    'pelaje',
  ],
  intakeType: [
    'intake type',
    'type of intake',
    'intake reason',
    'intake source',
    'came in',
    'how it came in',
    'how came in',
    'type',
    'tipo de ingreso',
    'tipo de entrada',
    'motivo de ingreso',
    'como llego',
    'como ingreso',
    'tipo',
  ],
  intakeAt: [
    'intake date',
    'intake',
    'intake date and time',
    'intake time',
    'date in',
    'date of intake',
    'arrival date',
    'date arrived',
    'arrived',
    'admission date',
    'when it came in',
    'fecha de ingreso',
    'fecha ingreso',
    'fecha de entrada',
    'fecha de llegada',
    'ingreso',
    'entrada',
    'llegada',
    'cuando llego',
  ],
  foundAt: [
    'found',
    'where found',
    'location found',
    'found at',
    'found location',
    'found where',
    'place found',
    'where it was found',
    'lugar',
    'lugar encontrado',
    'lugar de hallazgo',
    'donde se encontro',
    'encontrado en',
    'hallado en',
  ],
  kennel: [
    'kennel',
    'kennel number',
    'kennel no',
    'pen',
    'cage',
    'housing',
    'jaula',
    'canil',
    'caseta',
  ],
  holdUntil: [
    'hold until',
    'stray hold',
    'stray hold until',
    'hold ends',
    'hold end',
    'hold expires',
    'retencion',
    'retencion hasta',
    'retencion de extraviado hasta',
    'retener hasta',
  ],
  notes: [
    'notes',
    'note',
    'comments',
    'comment',
    'remarks',
    'observations',
    'notas',
    'nota',
    'comentarios',
    'observaciones',
  ],
  outcome: ['outcome', 'outcome type', 'disposition', 'salida', 'tipo de salida', 'destino'],
  outcomeOn: [
    'outcome date',
    'date out',
    'outcome on',
    'disposition date',
    'fecha de salida',
    'fecha salida',
  ],
};

/** Each folded heading and the fields it may name, the animal's first ("Type" is a category before an intake type). */
const FIELDS_OF = new Map<string, ImportField[]>();
for (const [field, headings] of Object.entries(HEADINGS) as [ImportField, readonly string[]][]) {
  for (const heading of headings)
    FIELDS_OF.set(heading, [...(FIELDS_OF.get(heading) ?? []), field]);
}

/** A heading as it is compared: folded, punctuation read as spaces ("Chip No." is "chip no"). */
export function foldHeading(cell: string): string {
  return foldText(cell.replace(/[_\-./:#?¿()*]+/g, ' '));
}

const NO_FIELDS: readonly ImportField[] = [];

/** The fields a heading may name, most likely first; none for a heading Kennel does not know. */
export function headingFields(cell: string): readonly ImportField[] {
  return FIELDS_OF.get(foldHeading(cell)) ?? NO_FIELDS;
}
