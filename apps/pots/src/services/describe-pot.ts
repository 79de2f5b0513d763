/** Spec §5: the description is the Location, Start and End parts joined with ' | '; nothing → null. */
export function describePot(parts: {
  location?: string;
  startDate?: string;
  endDate?: string;
}): string | null {
  const pieces = [
    parts.location ? `Location: ${parts.location}` : null,
    parts.startDate ? `Start: ${parts.startDate}` : null,
    parts.endDate ? `End: ${parts.endDate}` : null,
  ].filter((piece): piece is string => piece !== null);
  return pieces.length > 0 ? pieces.join(' | ') : null;
}
