import type { PotMember } from '@kitty/api-client';
import { Avatar, Tooltip } from 'antd';

import { initials } from './format';

const MAX_AVATARS = 4;

/** Up to 4 members' initials, then '+N' for the rest (spec §2, Home "Pot card"). */
export function MemberAvatars({ members }: { members: readonly Pick<PotMember, 'id' | 'name'>[] }) {
  const shown = members.slice(0, MAX_AVATARS);
  const more = members.length - shown.length;
  return (
    <div
      className="member-avatars"
      aria-label={`${members.length} ${members.length === 1 ? 'member' : 'members'}`}
    >
      {shown.map((member) => (
        <Tooltip key={member.id} title={member.name}>
          <Avatar className="member-avatar" aria-label={member.name}>
            {initials(member.name)}
          </Avatar>
        </Tooltip>
      ))}
      {more > 0 && (
        <Avatar className="member-avatar member-avatar-more" aria-label={`${more} more`}>
          +{more}
        </Avatar>
      )}
    </div>
  );
}
