/** A nested value decoded from Stripe's form encoding (`line_items[0][price_data][unit_amount]=4900`). */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

function keyPath(key: string): string[] {
  const base = key.split('[', 1)[0] ?? key;
  const rest = [...key.slice(base.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] ?? '');
  return [base, ...rest];
}

function place(target: FormObject | FormValue[], path: string[], value: string): void {
  const [head, ...tail] = path;
  if (head === undefined) return;
  const slot = head === '' && Array.isArray(target) ? String(target.length) : head;
  const record = target as unknown as Record<string, FormValue>;
  if (tail.length === 0) {
    record[slot] = value;
    return;
  }
  const nextIsIndex = /^\d*$/.test(tail[0] ?? '');
  record[slot] ??= nextIsIndex ? [] : {};
  place(record[slot] as FormObject | FormValue[], tail, value);
}

/** Decodes an `application/x-www-form-urlencoded` body as the Stripe SDK writes it. */
export function parseStripeForm(body: string): FormObject {
  const result: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) place(result, keyPath(key), value);
  return result;
}

export function text(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function object(value: FormValue | undefined): FormObject {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

export function list(value: FormValue | undefined): FormValue[] {
  return Array.isArray(value) ? value : [];
}
