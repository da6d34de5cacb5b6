/**
 * Weights as couriers type them: a number of pounds with an optional unit
 * ("1", "1 lb", "2.5lbs", "3 pounds"). Returns pounds, or null when the text is not a weight.
 */
const WEIGHT = /^\s*(\d+(?:\.\d+)?)\s*(lbs?|pounds?|#)?\s*$/i;

export function parseWeight(text: string): number | null {
  const match = WEIGHT.exec(text);
  if (!match?.[1]) return null;
  const pounds = Number(match[1]);
  return Number.isFinite(pounds) && pounds > 0 && pounds <= 100000 ? Math.round(pounds * 100) / 100 : null;
}

/** '1lb to 10lbs' → { min: 1, max: 10 }; null unless two weights are joined by 'to' with min < max. */
export function parseWeightRange(text: string): { min: number; max: number } | null {
  const parts = text.split(/\s+to\s+/i);
  if (parts.length !== 2) return null;
  const min = parseWeight(parts[0] ?? '');
  const max = parseWeight(parts[1] ?? '');
  if (min === null || max === null || min >= max) return null;
  return { min, max };
}

/** Two inclusive ranges overlap when neither ends before the other starts. */
export function rangesOverlap(a: { min: number; max: number }, b: { min: number; max: number }): boolean {
  return a.min <= b.max && b.min <= a.max;
}
