/**
 * Decodes a form-encoded Stripe request body or query string with bracketed keys
 * (`items[0][price]=p&expand[0]=latest_invoice&metadata[userId]=u`) into nested objects and arrays,
 * the way Stripe's API reads what stripe-node and Stripe.js send.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function decodeForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, FormValue> | FormValue[] = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const key = segment === '' && Array.isArray(node) ? String(node.length) : segment;
      const container = node as Record<string, FormValue>;
      if (last) {
        container[key] = value;
        return;
      }
      if (container[key] === undefined) container[key] = /^\d*$/.test(path[index + 1]!) ? [] : {};
      node = container[key] as Record<string, FormValue> | FormValue[];
    });
  }
  return root;
}

export const str = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
export const list = (value: FormValue | undefined): FormValue[] => (Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : value ? [value] : []);
export const obj = (value: FormValue | undefined): Record<string, FormValue> => (value && typeof value === 'object' && !Array.isArray(value) ? value : {});
