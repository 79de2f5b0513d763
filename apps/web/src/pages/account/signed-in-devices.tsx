import {
  type AccountSession,
  useEndOtherSessionsMutation,
  useEndSessionMutation,
  useListSessionsQuery,
} from '@kitty/api-client';
import { Button, List, Popconfirm, Tag } from 'antd';

import { toastProblem } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

/** Where the user is signed in; any other device can be signed out here (its tokens stop working at once). */
export function SignedInDevices() {
  const toast = useToast();
  const sessions = useListSessionsQuery();
  const [endSession, ending] = useEndSessionMutation();
  const [endOthers, endingOthers] = useEndOtherSessionsMutation();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter(({ current }) => !current);

  const signOut = async (session: AccountSession) => {
    try {
      await endSession(session.id).unwrap();
      toast.success('Signed out', `${session.device} has been signed out.`);
    } catch (error) {
      toastProblem(toast, error);
    }
  };

  const signOutOthers = async () => {
    try {
      const { ended } = await endOthers().unwrap();
      toast.success(
        'Signed out',
        ended === 1 ? '1 other device has been signed out.' : `${ended} other devices have been signed out.`,
      );
    } catch (error) {
      toastProblem(toast, error);
    }
  };

  return (
    <section className="panel" aria-labelledby="devices-title">
      <h2 id="devices-title" className="panel-title">
        Signed-in devices
      </h2>
      {sessions.isError ? (
        <p role="alert">Your devices could not be loaded. Please try again later.</p>
      ) : (
        <List<AccountSession>
          loading={sessions.isLoading}
          dataSource={list}
          locale={{ emptyText: 'No other devices are signed in.' }}
          renderItem={(session) => (
            <List.Item
              actions={
                session.current
                  ? []
                  : [
                      <Button
                        key="sign-out"
                        size="small"
                        onClick={() => signOut(session)}
                        loading={ending.isLoading && ending.originalArgs === session.id}
                        aria-label={`Sign out ${session.device}, last active ${when(session.lastSeenAt)}`}
                      >
                        Sign out
                      </Button>,
                    ]
              }
            >
              <List.Item.Meta
                title={
                  <span>
                    {session.device} {session.current && <Tag color="blue">This device</Tag>}
                  </span>
                }
                description={`Signed in ${when(session.signedInAt)} · last active ${when(session.lastSeenAt)}`}
              />
            </List.Item>
          )}
        />
      )}
      {others.length > 0 && (
        <Popconfirm
          title="Sign out every other device?"
          description="They will need your password to sign in again."
          okText="Sign out"
          onConfirm={signOutOthers}
        >
          <Button loading={endingOthers.isLoading}>Sign out all other devices</Button>
        </Popconfirm>
      )}
    </section>
  );
}
