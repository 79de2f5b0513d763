import type { Residency } from '@kitty/api-client';
import { Tag } from 'antd';

/** 'UK Resident' or 'International User'; nothing while residency is still unknown. */
export function ResidencyBadge({ residency }: { residency: Residency | null }) {
  if (!residency) return null;
  return residency.isUkResident ? (
    <Tag color="green" className="residency-badge">
      UK Resident
    </Tag>
  ) : (
    <Tag color="blue" className="residency-badge">
      International User
    </Tag>
  );
}
