/**
 * Who each name of an imported file was, as this user chose it for this pot, kept on this device: the next
 * file from the same group (a Splitwise export each month) comes with the same people already matched.
 */
const storageKey = (userId: string, potId: string) => `kitty.import-names.${userId}.${potId}`;

/** Names compared as people read them (case and spacing aside), as the server compares them. */
const nameKey = (name: string) =>
  name.normalize('NFKC').replace(/\s+/g, ' ').trim().toLocaleLowerCase('en-GB');

function read(userId: string, potId: string): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(userId, potId)) ?? '{}');
    return typeof stored === 'object' && stored !== null ? (stored as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The member chosen before for each name, where that member is still in the pot; else the server's guess. */
export function withRememberedNames(
  userId: string,
  potId: string,
  proposed: { name: string; memberId: string | null }[],
  memberIds: ReadonlySet<string>,
): Record<string, string | null> {
  const remembered = read(userId, potId);
  return Object.fromEntries(
    proposed.map(({ name, memberId }) => {
      const chosen = remembered[nameKey(name)];
      return [name, chosen && memberIds.has(chosen) ? chosen : memberId];
    }),
  );
}

/** Keeps this import's choices (added to earlier ones) for the next file. */
export function rememberNames(userId: string, potId: string, mapping: Record<string, string | null>): void {
  const remembered = read(userId, potId);
  for (const [name, memberId] of Object.entries(mapping)) if (memberId) remembered[nameKey(name)] = memberId;
  try {
    localStorage.setItem(storageKey(userId, potId), JSON.stringify(remembered));
  } catch {
    // Storage full or refused (private browsing): the next import proposes names afresh.
  }
}
