import fc from 'fast-check';

/** The JSON Schema subset the OpenAPI document of the zod contract uses. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
  nullable?: boolean;
}

/**
 * What an attacker types: NUL, lone surrogates, noncharacters, control and bidi characters, huge
 * strings, SQL and path fragments, numbers in text, Markdown nesting.
 */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDC00y',
    '\uFFFE\uFFFF',
    '\u202Eevil',
    '\r\n\t\b\f',
    "'; DROP TABLE users; --",
    '../../../etc/passwd',
    '%00%2e%2e',
    '<script>alert(1)</script>',
    '{{7*7}}${7*7}',
    '-1',
    '1e309',
    'NaN',
    ' ',
    '',
    '>'.repeat(6000),
    '😀'.repeat(3000),
  ),
  fc.nat({ max: 300_000 }).map((n) => 'x'.repeat(n)),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 64 }),
);

/** A value of any JSON type (the wrong type for most fields). */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 2 ** 53, -(2 ** 31), 1.5, [], {}),
  fc.double(),
  fc.array(fc.oneof(fc.integer(), hostileString), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), hostileString), { maxKeys: 4 }),
);

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 10_000));
    } catch {
      // A pattern fast-check cannot generate from: fall back to plain strings.
    }
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 200, 200) });
}

/** Values the schema accepts (as near as the subset allows). */
export function conforming(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => conforming(s, depth + 1)));
  if (schema.allOf?.length) return conforming(Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const base = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return stringFor(schema);
      case 'integer':
        return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000 });
      case 'number':
        return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return depth > 4 ? fc.constant([]) : fc.array(conforming(schema.items ?? {}, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 5) });
      case 'object':
        return depth > 4 ? fc.constant({}) : objectFor(schema, depth, conforming);
      default:
        return anyJson;
    }
  })();
  return schema.nullable ? fc.oneof(base, fc.constant(null)) : base;
}

function objectFor(schema: JsonSchema, depth: number, value: (s: JsonSchema, depth: number) => fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, value(s, depth + 1)]));
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
}

/** Mostly valid values with a hostile one in any place: the schema's shape, attacked field by field. */
export function fuzzed(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const union = schema.anyOf ?? schema.oneOf;
  let shaped: fc.Arbitrary<unknown>;
  if (union?.length) shaped = fc.oneof(...union.map((s) => fuzzed(s, depth + 1)));
  else if (type === 'object' && depth <= 4) shaped = objectFor(schema, depth, fuzzed);
  else if (type === 'array' && depth <= 4) shaped = fc.array(fuzzed(schema.items ?? {}, depth + 1), { maxLength: 6 });
  else shaped = conforming(schema, depth);
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 2, arbitrary: hostileString }, { weight: 1, arbitrary: anyJson });
}
