import { z } from 'zod';

/** A JSON Schema node as zod's `toJSONSchema` writes it (draft 2020-12), the parts that bound a value's size. */
interface SchemaNode {
  type?: string | string[];
  maxLength?: number;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode | false;
  prefixItems?: SchemaNode[];
  maxItems?: number;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  $ref?: string;
  $defs?: Record<string, SchemaNode>;
}

/**
 * Characters a string of each format is at most when it is valid (formats zod writes with a pattern,
 * not a maxLength).
 */
const formatLengths: Record<string, number> = { uuid: 36, guid: 36, date: 10, 'date-time': 40, time: 30, ipv4: 15, ipv6: 45, cuid: 32, cuid2: 32, ulid: 26 };
/** `-1.2345678901234567e+308` and a margin: the longest number JSON.stringify writes. */
const NUMBER_BYTES = 32;
/** Each UTF-16 code unit written as `\uXXXX`: the longest a string of n units can be in JSON. */
const BYTES_PER_CODE_UNIT = 6;

/**
 * The most bytes a valid value of the schema takes as compact JSON, every character escaped; Infinity
 * when the schema sets no bound (free text without a maximum, an array without maxItems, any value).
 * Keys a schema does not name are left out: the contract strips them, so they are of no use to a
 * client. A bound on what a route can use, not on what it parses: whitespace is allowed for by the caller.
 */
export function maxJsonBytes(node: SchemaNode, root: SchemaNode = node): number {
  if (node.$ref) {
    const name = /^#\/\$defs\/(.+)$/.exec(node.$ref)?.[1];
    const target = name ? root.$defs?.[name] : undefined;
    return target ? maxJsonBytes(target, root) : Infinity;
  }
  if (node.const !== undefined) return JSON.stringify(node.const).length * BYTES_PER_CODE_UNIT;
  if (node.enum) return Math.max(...node.enum.map((value) => JSON.stringify(value).length * BYTES_PER_CODE_UNIT));
  const alternatives = node.anyOf ?? node.oneOf;
  if (alternatives) return Math.max(...alternatives.map((alternative) => maxJsonBytes(alternative, root)));
  if (node.allOf) return node.allOf.reduce((sum, part) => sum + maxJsonBytes(part, root), 0);
  const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
  if (types.length === 0) return Infinity;
  return Math.max(...types.map((type) => maxBytesOfType(type, node, root)));
}

function maxBytesOfType(type: string, node: SchemaNode, root: SchemaNode): number {
  switch (type) {
    case 'null':
      return 4;
    case 'boolean':
      return 5;
    case 'number':
    case 'integer':
      return NUMBER_BYTES;
    case 'string': {
      const length = node.maxLength ?? (node.format ? formatLengths[node.format] : undefined);
      return length === undefined ? Infinity : 2 + length * BYTES_PER_CODE_UNIT;
    }
    case 'array': {
      if (node.prefixItems && node.items === false) return 2 + node.prefixItems.reduce((sum, item) => sum + maxJsonBytes(item, root) + 1, 0);
      if (node.maxItems === undefined || !node.items) return Infinity;
      return 2 + node.maxItems * (maxJsonBytes(node.items, root) + 1);
    }
    case 'object': {
      if (typeof node.additionalProperties === 'object') return Infinity;
      const entries = Object.entries(node.properties ?? {});
      return 2 + entries.reduce((sum, [key, value]) => sum + JSON.stringify(key).length * BYTES_PER_CODE_UNIT + 2 + maxJsonBytes(value, root), 0);
    }
    default:
      return Infinity;
  }
}

/** The JSON Schema of a route's body schema (zod, through the type provider) as a client must send it. */
export function inputJsonSchema(schema: unknown): SchemaNode | undefined {
  if (!(schema instanceof z.ZodType)) return typeof schema === 'object' && schema ? (schema as SchemaNode) : undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as SchemaNode;
}
