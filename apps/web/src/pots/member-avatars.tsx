import type { PotMember } from '@kitty/api-client';

import { initials } from './format';

const MAX_AVATARS = 4;

/** Up to 4 members' initials, then '+N' for the rest (spec §2, Home "Pot card"). */
export function MemberAvatars({ members }: { members: readonly Pick<PotMember, 'id' | 'name'>[] }) {
  const shown = members.slice(0, MAX_AVATARS);
  const more = members.length - shown.length;
  return (
    <div
      role="group"
      className="member-avatars"
      aria-label={`${members.length} ${members.length === 1 ? 'member' : 'members'}`}
    >
      {shown.map((member) => (
        <span
          key={member.id}
          className="member-avatar"
          role="img"
          aria-label={member.name}
          title={member.name}
        >
          {initials(member.name)}
        </span>
      ))}
      {more > 0 && (
        <span className="member-avatar member-avatar-more" role="img" aria-label={`${more} more`}>
          +{more}
        </span>
      )}
    </div>
  );
}
