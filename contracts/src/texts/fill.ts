/** Filling a server text's placeholders (no texts here, so the web can use it without loading any). */
import { PRODUCT_NAME } from '../reference-data';

/**
 * A template with its `{{placeholders}}` filled: `{{product}}` is always the product's name; a
 * placeholder without a value stays as written (visible, never "undefined").
 */
export function fillText(template: string, values: Readonly<Record<string, string>> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name === 'product' ? PRODUCT_NAME : (values[name] ?? whole),
  );
}

/** The placeholders of a template, sorted and each once: what every translation must keep. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!))].sort();
}
