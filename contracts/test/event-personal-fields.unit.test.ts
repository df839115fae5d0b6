/**
 * Every event field that looks personal is sealed (issue 40): walks every schema of EVENT_CATALOG and fails
 * when a string field whose name says name, e-mail, phone, text, place, details, description, note, reply or
 * message is neither in PERSONAL_FIELDS nor in NOT_PERSONAL with a reason. Also: every listed path exists.
 */
import { z } from 'zod';
import { EVENT_CATALOG, EVENT_TYPES, NOT_PERSONAL, PERSONAL_FIELDS } from '../src';

const LOOKS_PERSONAL = /name|e-?mail|phone|text|place|details|description|note|reply|message|reason|address/i;

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;

/** The paths of every string leaf, `a.b`, `list[].c` (records as `name{}`). */
function stringPaths(schema: z.ZodType, prefix: string, out: string[]): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      out.push(prefix);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      stringPaths(def.innerType!, prefix, out);
      break;
    case 'pipe':
      stringPaths(def.in!, prefix, out);
      break;
    case 'object':
      for (const [key, value] of Object.entries(def.shape ?? {}))
        stringPaths(value, prefix ? `${prefix}.${key}` : key, out);
      break;
    case 'array':
      stringPaths(def.element!, `${prefix}[]`, out);
      break;
    case 'record':
      stringPaths(def.valueType!, `${prefix}{}`, out);
      break;
    case 'union':
      for (const option of def.options ?? []) stringPaths(option, prefix, out);
      break;
    default:
      break;
  }
  return out;
}

const leafName = (path: string) =>
  path
    .split('.')
    .pop()!
    .replace(/\[\]|\{\}/g, '');

describe('personal fields of events', () => {
  it('every string field whose name looks personal is sealed or said not to be', () => {
    const unsealed: string[] = [];
    for (const type of EVENT_TYPES) {
      const sealed = new Set((PERSONAL_FIELDS[type] ?? []).flatMap((rule) => rule.fields));
      for (const path of new Set(stringPaths(EVENT_CATALOG[type].data, '', []))) {
        // Ids (messageId, replyId) name things, not people's words.
        if (!LOOKS_PERSONAL.test(leafName(path)) || /Ids?$|^id$/.test(leafName(path))) continue;
        if (sealed.has(path) || NOT_PERSONAL[`${type}.${path}`]) continue;
        unsealed.push(`${type}.${path}`);
      }
    }
    expect(unsealed).toEqual([]);
  });

  it('every sealed path is a string field of its event', () => {
    const missing: string[] = [];
    for (const type of EVENT_TYPES) {
      const paths = new Set(stringPaths(EVENT_CATALOG[type].data, '', []));
      for (const rule of PERSONAL_FIELDS[type] ?? [])
        for (const field of rule.fields) if (!paths.has(field)) missing.push(`${type}.${field}`);
    }
    expect(missing).toEqual([]);
  });

  it('every sealed field takes any string, so a sealed or erased value still satisfies the catalogue', () => {
    const constrained: string[] = [];
    const leafOf = (schema: z.ZodType, parts: string[]): z.ZodType | undefined => {
      let def = defOf(schema);
      while (['optional', 'nullable', 'default', 'readonly'].includes(def.type)) def = defOf(def.innerType!);
      if (parts.length === 0) return def.type === 'string' ? (schema as z.ZodType) : undefined;
      const [head, ...rest] = parts as [string, ...string[]];
      if (def.type !== 'object') return undefined;
      const field = def.shape?.[head.replace('[]', '')];
      if (!field) return undefined;
      if (!head.endsWith('[]')) return leafOf(field, rest);
      let arrayDef = defOf(field);
      while (['optional', 'nullable'].includes(arrayDef.type)) arrayDef = defOf(arrayDef.innerType!);
      return leafOf(arrayDef.element!, rest);
    };
    for (const type of EVENT_TYPES)
      for (const rule of PERSONAL_FIELDS[type] ?? [])
        for (const field of rule.fields) {
          const leaf = leafOf(EVENT_CATALOG[type].data, field.split('.'));
          let def = leaf ? (defOf(leaf) as Def & { checks?: unknown[] }) : undefined;
          while (def && def.type !== 'string') def = defOf(def.innerType!) as Def & { checks?: unknown[] };
          if (!def || (def.checks?.length ?? 0) > 0) constrained.push(`${type}.${field}`);
        }
    expect(constrained).toEqual([]);
  });

  it('every exception names a field that exists', () => {
    for (const key of Object.keys(NOT_PERSONAL)) {
      const [type, ...rest] = key.split('.');
      const paths = stringPaths(EVENT_CATALOG[type as keyof typeof EVENT_CATALOG].data, '', []);
      expect(paths).toContain(rest.join('.'));
    }
  });

  it('finds a new personal-looking field that is not sealed (the check itself works)', () => {
    // The walk sees nested and array fields: a schema with such a field would be reported.
    const zod = z;
    const paths = stringPaths(
      zod.object({
        a: zod.object({ guardianName: zod.string() }),
        list: zod.array(zod.object({ note: zod.string() })),
      }),
      '',
      [],
    );
    expect(paths.filter((path) => LOOKS_PERSONAL.test(leafName(path)))).toEqual([
      'a.guardianName',
      'list[].note',
    ]);
  });
});
