import type { Me } from '@kitty/api-client';

import { NotificationBell } from '../notifications/notification-bell';
import { displayName } from '../session/session-slice';
import { useSignOut } from '../session/use-sign-out';
import { PlainButton } from '../ui/plain-button';
import { ResidencyBadge } from './residency-badge';

/** The header's actions for a signed-in user: a chunk of their own (tag, badge, bell) visitors never load. */
export default function SignedInActions({ user }: { user: Me }) {
  const { signOut, signingOut } = useSignOut();

  return (
    <>
      <span className="welcome" title={displayName(user)}>
        Welcome, {displayName(user)}
      </span>
      <ResidencyBadge residency={user.residency} />
      <NotificationBell />
      <PlainButton onClick={() => void signOut()} loading={signingOut}>
        Sign Out
      </PlainButton>
    </>
  );
}
