/** A person's name compared as people read it: case, accents' case and spacing aside ('ann  LEE' = 'Ann Lee'). */
export function nameKey(name: string): string {
  return name.normalize('NFKC').replace(/\s+/g, ' ').trim().toLocaleLowerCase('en-GB');
}

/**
 * Each name of a file with the member it most likely is, or null: the member chosen for that name at the
 * pot's last import while they are still in the pot, else the member of the same name, else the one member
 * whose name starts with it as whole words ('Ann' → 'Ann Archer'). A name that fits two members is left for
 * the person importing to choose.
 */
export function proposeMapping(
  names: string[],
  members: { id: string; name: string }[],
  remembered: ReadonlyMap<string, string> = new Map(),
): { name: string; memberId: string | null }[] {
  const keyed = members.map((member) => ({ id: member.id, key: nameKey(member.name) }));
  const current = new Set(members.map(({ id }) => id));
  return names.map((name) => {
    const key = nameKey(name);
    const chosen = remembered.get(key);
    if (chosen !== undefined && current.has(chosen)) return { name, memberId: chosen };
    const same = keyed.filter((member) => member.key === key);
    const startingWith = keyed.filter((member) => member.key.startsWith(`${key} `));
    const matches = same.length > 0 ? same : startingWith;
    return { name, memberId: key !== '' && matches.length === 1 ? matches[0].id : null };
  });
}
