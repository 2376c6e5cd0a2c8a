import { afterEach, describe, expect, it } from 'vitest';
import { createSSRApp, h } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { applyLanguage, currentLanguage, t } from '../../../../src/i18n';
import { I18nT } from '../../../../src/i18n/I18nT';

afterEach(async () => {
  await applyLanguage('en');
});

describe('t', () => {
  it('fills placeholders and picks the plural form by count', () => {
    expect(t('animals.table.categoryOnly', { n: 4 })).toBe('Category 4');
    expect(t('animals.toolbar.fetched', { n: '1', time: '10:30' }, 1)).toBe(
      'Fetched 1 animal at 10:30.',
    );
    expect(t('animals.toolbar.fetched', { n: '2', time: '10:30' }, 2)).toBe(
      'Fetched 2 animals at 10:30.',
    );
  });

  it('reads a key no catalogue has as the key itself', () => {
    expect(t('animals.table.noSuchKey')).toBe('animals.table.noSuchKey');
    expect(t('animals.table')).toBe('animals.table');
  });

  it('speaks the language applied, once its catalogue is in', async () => {
    const english = t('animals.table.label');
    await applyLanguage('es');
    expect(currentLanguage()).toBe('es');
    expect(t('animals.table.label')).not.toBe(english);
  });

  it('brings later words asked for before into a language applied afterwards', async () => {
    // The test setup loads the desk file's words in English, as the app does after the first rows.
    expect(t('desk.add.button')).toBe('Add to this desk');
    await applyLanguage('es');
    expect(t('desk.add.button')).toBe('Añadir a este puesto');
  });
});

describe('I18nT', () => {
  it('fills each placeholder with its slot, in the message’s own order', async () => {
    const app = createSSRApp({
      render: () =>
        h(
          I18nT,
          { keypath: 'categories.editor.lead', tag: 'p', class: 'lead' },
          { profile: () => h('strong', 'Staging') },
        ),
    });
    // Without the fragment markers server rendering adds around a slot.
    const html = (await renderToString(app)).replace(/<!--[[\]]-->/g, '');
    expect(html).toMatch(
      /^<p class="lead">Your shelter’s names .* for the <strong>Staging<\/strong> profile only\./,
    );
  });
});
