/** A person's name compared as people read it: case, accents' case and spacing aside ('ann  LEE' = 'Ann Lee'). */
export function nameKey(name: string): string {
  return name.normalize('NFKC').replace(/\s+/g, ' ').trim().toLocaleLowerCase('en-GB');
}

/**
 * Each name of a file with the member of the same name, or null: a name that two members share is left for
 * the person importing to choose.
 */
export function proposeMapping(
  names: string[],
  members: { id: string; name: string }[],
): { name: string; memberId: string | null }[] {
  const byKey = new Map<string, string[]>();
  for (const member of members) {
    const key = nameKey(member.name);
    byKey.set(key, [...(byKey.get(key) ?? []), member.id]);
  }
  return names.map((name) => {
    const matches = byKey.get(nameKey(name)) ?? [];
    return { name, memberId: matches.length === 1 ? matches[0] : null };
  });
}
