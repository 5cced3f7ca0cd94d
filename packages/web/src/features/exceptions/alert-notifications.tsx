/**
 * Browser notifications of new alerts, off until the user turns them on: the browser is asked for
 * permission only then, never when a page loads. The choice is kept in this browser
 * (localStorage); while it is on and the browser allows it, each alert raised on the selected site
 * shows a notification that opens the alert.
 */
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import { FormControlLabel, Switch, Tooltip } from '@mui/material';
import { EXCEPTION_TYPE_LABELS } from '@sightline/shared';
import { useSyncExternalStore } from 'react';
import { useLiveMessages } from '../../api/live';
import { useNotify } from '../../components';
import { useSiteNavigate } from '../../navigation/site-links';

const STORAGE_KEY = 'sightline.alertNotifications';
const CHANGED = 'sightline:alert-notifications';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

function readChoice(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

function writeChoice(on: boolean) {
  try {
    if (on) window.localStorage.setItem(STORAGE_KEY, 'on');
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the choice lasts until the page is left.
  }
  window.dispatchEvent(new Event(CHANGED));
}

function subscribeChoice(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** On when the user chose it and the browser still allows it. */
function useNotificationsOn(): boolean {
  const chosen = useSyncExternalStore(subscribeChoice, readChoice, () => false);
  return chosen && supported() && Notification.permission === 'granted';
}

/** The switch on the Alerts screen. Turning it on is what asks the browser. */
export function AlertNotificationsToggle() {
  const on = useNotificationsOn();
  const notify = useNotify();
  if (!supported()) return null;
  const turn = async (next: boolean) => {
    if (!next) return writeChoice(false);
    const permission =
      Notification.permission === 'default'
        ? await Notification.requestPermission()
        : Notification.permission;
    if (permission === 'granted') return writeChoice(true);
    notify.error('Notifications are blocked for this site in the browser settings');
  };
  return (
    <Tooltip title="Show a browser notification when an alert is raised">
      <FormControlLabel
        control={<Switch checked={on} onChange={(e) => void turn(e.target.checked)} />}
        label={
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <NotificationsActiveOutlined fontSize="small" aria-hidden />
            Notifications
          </span>
        }
        sx={{ mr: 0 }}
      />
    </Tooltip>
  );
}

/** Shows a notification per alert raised while the console is open (mounted once, in the shell). */
export function AlertNotifier() {
  const on = useNotificationsOn();
  const navigate = useSiteNavigate();
  useLiveMessages('exception', (alert) => {
    // Only new alerts: acknowledgements and resolutions are someone acting on them already.
    if (!on || (alert.change !== undefined && alert.change !== 'created')) return;
    const shown = new Notification(`${EXCEPTION_TYPE_LABELS[alert.type]} alert`, {
      // Only a zone time message leaves out its thing (the detail screen puts it before the message).
      body:
        alert.type === 'zoneTimeException'
          ? `${alert.thingName ?? ''} ${alert.message}`.trim()
          : alert.message,
      tag: alert._id,
    });
    shown.onclick = () => {
      window.focus();
      navigate(`exceptions/${alert._id}`);
      shown.close();
    };
  });
  return null;
}
