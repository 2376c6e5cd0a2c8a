/**
 * The size an image of `width` × `height` is drawn at so that its long side is
 * at most `maxSide`, keeping its proportions; a smaller image keeps its size
 * (enlarging adds bytes, not detail). Neither side is ever below one pixel.
 */
export function fitWithin(
  width: number,
  height: number,
  maxSide: number,
): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= maxSide) return { width, height };
  const scale = maxSide / long;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
