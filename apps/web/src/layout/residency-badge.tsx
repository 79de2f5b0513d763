import type { Residency } from '@kitty/api-client';

import { PlainTag } from '../ui/plain-display';

/** 'UK Resident' or 'International User'; nothing while residency is still unknown. */
export function ResidencyBadge({ residency }: { residency: Residency | null }) {
  if (!residency) return null;
  return residency.isUkResident ? (
    <PlainTag color="green" className="residency-badge">
      UK Resident
    </PlainTag>
  ) : (
    <PlainTag color="blue" className="residency-badge">
      International User
    </PlainTag>
  );
}
