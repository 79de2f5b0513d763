import {
  type NotificationPreferences,
  useGetNotificationPreferencesQuery,
  useUpdateNotificationPreferencesMutation,
} from '@kitty/api-client';
import { Skeleton, Switch } from 'antd';

import { toastProblem } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';

type Preference = NotificationPreferences['preferences'][number];
type Channel = 'inApp' | 'email';

/** Per kind of notification: in the app, by e-mail, both or neither; saved as each switch moves. */
export function NotificationSettings() {
  const toast = useToast();
  const preferences = useGetNotificationPreferencesQuery();
  const [update, updating] = useUpdateNotificationPreferencesMutation();

  const change = async (preference: Preference, channel: Channel, on: boolean) => {
    try {
      await update({
        preferences: [
          { kind: preference.kind, inApp: preference.inApp, email: preference.email, [channel]: on },
        ],
      }).unwrap();
    } catch (error) {
      toastProblem(toast, error);
    }
  };

  return (
    <section className="panel" id="notifications" aria-labelledby="notification-settings-title">
      <h2 id="notification-settings-title" className="panel-title">
        Notifications
      </h2>
      <p className="muted">Choose what Kitty tells you about, and where.</p>
      {preferences.isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : preferences.isError || !preferences.data ? (
        <p role="alert">Your notification settings could not be loaded. Please try again later.</p>
      ) : (
        <table className="notification-settings-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">In the app</th>
              <th scope="col">E-mail</th>
            </tr>
          </thead>
          <tbody>
            {preferences.data.preferences.map((preference) => (
              <tr key={preference.kind}>
                <th scope="row">{preference.label}</th>
                {(['inApp', 'email'] as const).map((channel) => (
                  <td key={channel}>
                    <Switch
                      size="small"
                      checked={preference[channel]}
                      disabled={updating.isLoading}
                      aria-label={`${preference.label}: ${channel === 'inApp' ? 'in the app' : 'by e-mail'}`}
                      onChange={(on) => void change(preference, channel, on)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
