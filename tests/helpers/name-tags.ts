/**
 * Draws the tags that make test names unique: six hex digits each, never the
 * same one twice from one drawer. From a seeded die, so a replayed run (same
 * `KENNEL_TEST_SEED`) draws the same tags in the same order.
 */
export function nameTags(random: () => number): () => string {
  const drawn = new Set<string>();
  return () => {
    for (;;) {
      const tag = Math.floor(random() * 2 ** 24)
        .toString(16)
        .padStart(6, '0');
      if (!drawn.has(tag)) {
        drawn.add(tag);
        return tag;
      }
    }
  };
}
