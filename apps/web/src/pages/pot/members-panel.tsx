import type { PendingInvitation, PotMember } from '@kitty/api-client';
import { useRemoveMemberMutation, useRevokeInvitationMutation } from '@kitty/api-client';
import { Avatar, Button, Popconfirm, Tag } from 'antd';

import { formatDate, initials } from '../../pots/format';
import { toastProblem } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';

export interface MembersPanelProps {
  potId: string;
  members: readonly PotMember[];
  yourMemberId: string;
  isOwner: boolean;
  pendingInvitations: readonly PendingInvitation[];
  /** You may invite people (and so add guests, and invite a guest who has an e-mail) to this open pot. */
  mayInvite: boolean;
  onAddGuest: () => void;
  onInviteGuest: (guest: PotMember) => void;
}

/**
 * Members (the first, the creator, labelled Owner; guests labelled Guest) and invitations not yet accepted:
 * the owner's all, a member's own.
 */
export function MembersPanel({
  potId,
  members,
  yourMemberId,
  isOwner,
  pendingInvitations,
  mayInvite,
  onAddGuest,
  onInviteGuest,
}: MembersPanelProps) {
  const toast = useToast();
  const [removeMember, removal] = useRemoveMemberMutation();
  const [revokeInvitation, revocation] = useRevokeInvitationMutation();

  const remove = async (member: PotMember) => {
    try {
      await removeMember({ potId, memberId: member.id }).unwrap();
      toast.success('Member removed', `${member.name} is no longer in this pot.`);
    } catch (error) {
      toastProblem(toast, error);
    }
  };

  const revoke = async (invitation: PendingInvitation) => {
    try {
      await revokeInvitation({ potId, invitationId: invitation.id }).unwrap();
      toast.success('Invitation cancelled', `The link sent to ${invitation.email} no longer works.`);
    } catch (error) {
      toastProblem(toast, error);
    }
  };

  return (
    <>
      <ul className="member-list" aria-label="Members">
        {members.map((member, index) => (
          <li key={member.id} className="member-item">
            <Avatar className="member-avatar" aria-hidden>
              {initials(member.name)}
            </Avatar>
            <div className="member-text">
              <span className="member-name">
                {member.name}
                {member.id === yourMemberId ? ' (you)' : ''}
              </span>
              <span className="member-email muted">
                {member.role === 'guest' && !member.email ? 'Guest, no e-mail' : member.email}
              </span>
            </div>
            {index === 0 && <Tag color="green">Owner</Tag>}
            {member.role === 'guest' && <Tag>Guest</Tag>}
            {member.role === 'guest' && member.email && mayInvite && (
              <Button size="small" onClick={() => onInviteGuest(member)} aria-label={`Invite ${member.name}`}>
                Invite
              </Button>
            )}
            {isOwner && member.role !== 'owner' && (
              <Popconfirm
                title={`Remove ${member.name} from the pot?`}
                description="They will no longer see it. Anyone with a balance must settle up first."
                okText="Remove"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(member)}
              >
                <Button
                  size="small"
                  danger
                  loading={removal.isLoading && removal.originalArgs?.memberId === member.id}
                  aria-label={`Remove ${member.name}`}
                >
                  Remove
                </Button>
              </Popconfirm>
            )}
          </li>
        ))}
      </ul>
      {mayInvite && (
        <Button className="add-guest" onClick={onAddGuest}>
          Add a guest
        </Button>
      )}

      {/* The owner's are everyone's; a member gets only those they sent (the server filters). */}
      {pendingInvitations.length > 0 && (
        <>
          <h3 className="subheading">Pending invitations</h3>
          <ul className="member-list" aria-label="Pending invitations">
            {pendingInvitations.map((invitation) => (
              <li key={invitation.id} className="member-item">
                <div className="member-text">
                  <span className="member-name">{invitation.name}</span>
                  <span className="member-email muted">
                    {invitation.email} · expires {formatDate(invitation.expiresAt)}
                  </span>
                </div>
                <Popconfirm
                  title={`Cancel the invitation to ${invitation.name}?`}
                  description="Their link will stop working."
                  okText="Cancel invitation"
                  cancelText="Keep it"
                  onConfirm={() => revoke(invitation)}
                >
                  <Button
                    size="small"
                    loading={revocation.isLoading && revocation.originalArgs?.invitationId === invitation.id}
                    aria-label={`Revoke the invitation to ${invitation.name}`}
                  >
                    Revoke
                  </Button>
                </Popconfirm>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
