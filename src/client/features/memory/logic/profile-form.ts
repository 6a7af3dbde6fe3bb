import type { UpdateProfileInput } from '#contract/memory.ts';
import { profileFieldNames, type CompanyProfileFields } from '#contract/memory-text.ts';

/** The guided screen's fields as typed (strings), from and to the profile. */
export type ProfileForm = Record<(typeof profileFieldNames)[number], string>;

export function formOf(profile: CompanyProfileFields): ProfileForm {
  const form = Object.fromEntries(profileFieldNames.map((name) => [name, ''])) as ProfileForm;
  for (const name of profileFieldNames) {
    const value = profile[name];
    if (value === null || value === undefined) continue;
    form[name] = name === 'leadership' ? (value as Array<{ role: string; name: string }>).map((l) => (l.name ? `${l.role}: ${l.name}` : l.role)).join('\n') : String(value);
  }
  return form;
}

/** "$1,200,000" or "1.2M" or "450k" as a number; empty: null; unreadable: the text, for the server to refuse with its message. */
export function parseAmount(text: string): number | string | null {
  const clean = text.trim().replace(/[$,\s]/g, '');
  if (!clean) return null;
  const match = /^(-?\d+(?:\.\d+)?)([kmb])?$/i.exec(clean);
  if (!match) return text.trim();
  const scale = { k: 1e3, m: 1e6, b: 1e9 }[(match[2] ?? '').toLowerCase() as 'k' | 'm' | 'b'] ?? 1;
  return Math.round(Number(match[1]) * scale * 100) / 100;
}

const NUMBERS = new Set(['headcount', 'revenue', 'grossMarginPercent', 'cash', 'monthlyNetBurn']);

/** Every field, as the PATCH body: empty clears. */
export function inputOf(form: ProfileForm): UpdateProfileInput {
  const input: Record<string, unknown> = {};
  for (const name of profileFieldNames) {
    const text = form[name].trim();
    if (name === 'leadership') {
      input.leadership = text
        ? text
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean)
            .map((line) => {
              const at = line.indexOf(':');
              return at < 0 ? { role: line, name: '' } : { role: line.slice(0, at).trim(), name: line.slice(at + 1).trim() };
            })
        : null;
    } else if (NUMBERS.has(name)) input[name] = name === 'grossMarginPercent' || name === 'headcount' ? (text ? (Number.isNaN(Number(text.replace(/[%,]/g, ''))) ? text : Number(text.replace(/[%,]/g, ''))) : null) : parseAmount(text);
    else input[name] = text || null;
  }
  return input as UpdateProfileInput;
}
