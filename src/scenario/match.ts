// Subset matching for expectations: only the fields a scenario names are compared.

/** True when `actual` has every field of `expected` with an equal (recursively matching) value. */
export function matches(actual: unknown, expected: unknown): boolean {
  if (expected === null || typeof expected !== 'object') return Object.is(actual, expected) || (expected === null && actual === undefined);
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return false;
    if (expected.every((e) => e === null || typeof e !== 'object')) {
      return expected.length === actual.length && expected.every((e, i) => matches(actual[i], e));
    }
    // Lists of records (units, battles): each expected record must match a different actual one.
    const used = new Set<number>();
    return expected.every((e) => {
      const i = actual.findIndex((a, j) => !used.has(j) && matches(a, e));
      if (i < 0) return false;
      used.add(i);
      return true;
    });
  }
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
  return Object.entries(expected).every(([key, value]) => matches((actual as Record<string, unknown>)[key], value));
}

/** Paths (a.b[2].c) where `actual` differs from `expected`, for failure messages. */
export function differences(actual: unknown, expected: unknown, path = ''): string[] {
  if (matches(actual, expected)) return [];
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected) && actual && typeof actual === 'object' && !Array.isArray(actual)) {
    return Object.entries(expected).flatMap(([key, value]) => differences((actual as Record<string, unknown>)[key], value, path ? `${path}.${key}` : key));
  }
  return [`${path || 'value'}: expected ${show(expected)}, got ${show(actual)}`];
}

export function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? 'nothing' : text.length > 300 ? `${text.slice(0, 300)}...` : text;
}
