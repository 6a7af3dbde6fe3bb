/**
 * Code points no text we store may hold: NUL (PostgreSQL refuses it in text), lone UTF-16
 * surrogates (not Unicode scalar values: they cannot be encoded as UTF-8), and the noncharacters
 * U+FDD0-U+FDEF and U+xFFFE/U+xFFFF of every plane. Isomorphic: the server applies it to every
 * request's input and to the model's output before saving; forms may apply it too.
 */
const invalidCodePoints =
  // eslint-disable-next-line no-control-regex -- NUL is exactly what this removes
  /\u0000|[\uFDD0-\uFDEF\uFFFE\uFFFF]|[\uD83F\uD87F\uD8BF\uD8FF\uD93F\uD97F\uD9BF\uD9FF\uDA3F\uDA7F\uDABF\uDAFF\uDB3F\uDB7F\uDBBF\uDBFF][\uDFFE\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text without NUL, lone surrogates and noncharacters (everything else is kept as it is). */
export function withoutInvalidCodePoints(text: string): string {
  return text.replace(invalidCodePoints, '');
}

export function hasInvalidCodePoints(text: string): boolean {
  invalidCodePoints.lastIndex = 0;
  const found = invalidCodePoints.test(text);
  invalidCodePoints.lastIndex = 0;
  return found;
}

/**
 * A request's input (parsed JSON, query string or path parameters) with every string in it,
 * keys included, cleaned of invalid code points; other values unchanged. Objects and arrays are
 * copied only when something in them changed.
 */
export function cleanInput<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return withoutInvalidCodePoints(value) as T;
  // JSON bodies are bounded by the body limit; a depth cap keeps a pathological one from overflowing the stack.
  if (value === null || typeof value !== 'object' || depth > 64) return value;
  if (Array.isArray(value)) {
    let changed = false;
    const cleaned = value.map((item: unknown) => {
      const next = cleanInput(item, depth + 1);
      if (next !== item) changed = true;
      return next;
    });
    return (changed ? cleaned : value) as T;
  }
  let changed = false;
  const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => {
    const cleanKey = withoutInvalidCodePoints(key);
    const next = cleanInput(item, depth + 1);
    if (cleanKey !== key || next !== item) changed = true;
    return [cleanKey, next] as const;
  });
  return (changed ? Object.fromEntries(entries) : value) as T;
}
