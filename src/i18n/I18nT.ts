import { defineComponent, h } from 'vue';
import { messageOf } from './index';
import { messageParts } from './message';

/**
 * A message whose placeholders are filled with markup: each `{name}` by the
 * slot of that name (`<template #name>`), the rest as text. For sentences
 * that hold a link, a code sample or a component, so the words stay one
 * message a translator can reorder.
 */
export const I18nT = defineComponent({
  name: 'I18nT',
  props: {
    keypath: { type: String, required: true },
    tag: { type: String, default: 'span' },
  },
  setup(props, { slots }) {
    return () => {
      const message = messageOf(props.keypath);
      const parts = message === undefined ? [props.keypath] : messageParts(message);
      return h(
        props.tag,
        parts.map((part) => {
          if (typeof part === 'string') return part;
          const slot = slots[part.n];
          return slot === undefined ? '' : slot();
        }),
      );
    };
  },
});
