import { LogoutOutlined } from '@ant-design/icons';
import { useLeavePotMutation } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Button, Popconfirm } from 'antd';
import { useNavigate } from 'react-router-dom';

import { toastProblem } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';

/** Why a member cannot leave yet (the server answers the same 409), or null when they can. */
export function leaveBlocker(netPence: number | undefined): string | null {
  if (netPence === undefined) return 'Loading your balance…';
  if (netPence < 0) return `Settle up first: you owe ${formatPence(-netPence)}.`;
  if (netPence > 0) return `Settle up first: you are owed ${formatPence(netPence)}.`;
  return null;
}

export interface LeavePotProps {
  potId: string;
  potName: string;
  /** The caller's net position (undefined while the balances load). */
  yourNetPence: number | undefined;
}

/** 'Leave pot' for a member (not the owner): offered once their position is zero, with a confirmation. */
export function LeavePot({ potId, potName, yourNetPence }: LeavePotProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const [leavePot, leaving] = useLeavePotMutation();
  const blocker = leaveBlocker(yourNetPence);

  const leave = async () => {
    try {
      await leavePot(potId).unwrap();
      toast.success('You left the pot', `${potName} is no longer in your pots.`);
      navigate('/', { replace: true });
    } catch (error) {
      toastProblem(toast, error);
    }
  };

  return (
    <>
      <p className="muted">
        Once you are settled up you can leave: the pot disappears from your pots, and its history keeps what
        you shared.
      </p>
      {blocker && (
        <p className="leave-blocker" id="leave-blocker">
          {blocker}
        </p>
      )}
      <Popconfirm
        title={`Leave ${potName}?`}
        description="You will no longer see this pot. Only its owner can invite you back."
        okText="Leave"
        okButtonProps={{ danger: true }}
        onConfirm={leave}
        disabled={blocker !== null}
      >
        <Button
          danger
          icon={<LogoutOutlined aria-hidden />}
          loading={leaving.isLoading}
          disabled={blocker !== null}
          aria-describedby={blocker ? 'leave-blocker' : undefined}
        >
          Leave pot
        </Button>
      </Popconfirm>
    </>
  );
}
