/** A plain lower-case Postgres name: what our schemas, tables and columns are called, and nothing else. */
const PLAIN_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * A schema-qualified name to write into SQL text, quoted: `sqlIdentifier('issuing', 'outbox')` is
 * `"issuing"."outbox"`. Values travel as parameters; a name cannot, so it is checked instead, and a part
 * that is not a plain name (a quote, a space, upper case) throws rather than reaching the server.
 */
export function sqlIdentifier(...parts: [string, ...string[]]): string {
  for (const part of parts) {
    if (!PLAIN_NAME.test(part)) throw new Error(`Not a plain SQL name: ${JSON.stringify(part)}`);
  }
  return parts.map((part) => `"${part}"`).join('.');
}
