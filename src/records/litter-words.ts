/**
 * A place in a litter in staff's words: "3rd" in English, "3.º" in Spanish,
 * chosen by the language's own ordinal rules (`Intl.PluralRules`), so 11th,
 * 12th and 13th, 21st, 22nd and 23rd come out right.
 */
import { formatNumber } from '../format/clock';
import { currentLanguage, t } from '../i18n';

const rules = new Map<string, Intl.PluralRules>();

function ordinalRule(n: number): string {
  const language = currentLanguage();
  let rule = rules.get(language);
  if (rule === undefined) {
    rule = new Intl.PluralRules(language, { type: 'ordinal' });
    rules.set(language, rule);
  }
  return rule.select(n);
}

/** `n` as an ordinal: "1st", "2nd", "3rd", "4th"… ("1.º", "2.º"… in Spanish). */
function ordinalWords(n: number): string {
  const category = ordinalRule(n);
  const form = ['one', 'two', 'few'].includes(category) ? category : 'other';
  return t(`litter.ordinal.${form}`, { n: formatNumber(n) });
}

/** "3rd of this litter (2 added so far)": the animal in the form, while it is a litter-mate. */
export function placeWords(place: number, added: number): string {
  return t('litter.form.place', { ordinal: ordinalWords(place), n: formatNumber(added) }, added);
}
