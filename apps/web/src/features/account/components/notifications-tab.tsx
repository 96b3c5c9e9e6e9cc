import { NOTIFICATION_EVENTS, type NotificationKey } from '@plume/core';
import { toast } from 'sonner';
import { Switch } from '../../../components/ui/switch';
import { useNotifications } from '../api/get-notifications';
import { useSaveNotifications } from '../api/save-notifications';
import { cardClass } from './field';

/** Notifications: which events send an e-mail; each switch saves at once. */
export function NotificationsTab() {
  const settings = useNotifications();
  const save = useSaveNotifications();
  if (settings.isPending) return <p role="status">Loading...</p>;
  if (settings.isError) {
    return (
      <p role="alert" className="text-red-700 dark:text-red-300">
        Failed to load notification settings: {settings.error.message}
      </p>
    );
  }
  const current = settings.data;
  const toggle = (key: NotificationKey, on: boolean) =>
    save.mutate(
      { ...current, [key]: on },
      {
        onSuccess: () => toast.success('Notification settings saved'),
        onError: (error) => toast.error(`Failed to save notification settings: ${error.message}`),
      },
    );

  return (
    <section aria-labelledby="account-notifications" className={cardClass}>
      <div>
        <h2 id="account-notifications" className="text-lg font-semibold">
          E-mail notifications
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Which events send a mail to your address. Posts you publish with Post now are answered on screen and send no
          mail.
        </p>
      </div>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {NOTIFICATION_EVENTS.map((event) => (
          <li key={event.key} className="flex items-center justify-between gap-4 py-3">
            <div className="min-w-0">
              <p id={`notify-${event.key}`} className="font-medium">
                {event.label}
              </p>
              <p className="text-sm text-slate-600 dark:text-slate-400">{event.description}</p>
            </div>
            <Switch
              label={`E-mail me: ${event.label}`}
              checked={current[event.key]}
              onCheckedChange={(on) => toggle(event.key, on)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
