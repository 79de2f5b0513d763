/** The answer of a command that has nothing else to say: it was done. */
export const done = { ok: true } as const;
