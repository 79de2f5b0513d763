/** Markup that is already safe to embed: produced by `html`, never by hand from user input. */
export class SafeHtml {
  constructor(readonly markup: string) {}

  toString(): string {
    return this.markup;
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

function embed(value: unknown): string {
  if (value instanceof SafeHtml) return value.markup;
  if (Array.isArray(value)) return value.map(embed).join('');
  return escapeHtml(String(value));
}

/**
 * Template literal tag that escapes every interpolated value unless it is SafeHtml, so user input cannot
 * add markup to an e-mail by accident (the safe path is the default one).
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  return new SafeHtml(strings.reduce((markup, text, i) => markup + embed(values[i - 1]) + text));
}

/** Plain text with its line breaks kept in HTML (as <br>, which every mail client honours). */
export function multiline(text: string): SafeHtml {
  return new SafeHtml(
    text
      .split(/\r\n|\r|\n/)
      .map(escapeHtml)
      .join('<br>'),
  );
}
