/**
 * Browser notifications of new alerts, off until the user turns them on: the browser is asked for
 * permission only then, never when a page loads. The control follows the browser's permission:
 * still undecided ('default'), an Enable button asks for it; allowed, a switch turns them on and
 * off (the choice kept in this browser, localStorage); refused ('denied'), the switch is disabled
 * and says they are blocked in the browser's settings. While on, the alerts raised on the selected
 * site within a moment of each other show as one notification (notification-burst.ts).
 */
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import { Button, FormControlLabel, Stack, Switch, Tooltip, Typography } from '@mui/material';
import type { LiveException } from '@sightline/shared';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLiveMessages } from '../../api/live';
import { useSession } from '../../api/session-context';
import { formatTimesIn } from '../../components/format';
import { useSiteNavigate } from '../../navigation/site-links';
import { BURST_MS, burstNotice } from './notification-burst';

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

/** Tells every reader of the choice or the permission that one of them changed. */
const announce = () => window.dispatchEvent(new Event(CHANGED));

function writeChoice(on: boolean) {
  try {
    if (on) window.localStorage.setItem(STORAGE_KEY, 'on');
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the choice lasts until the page is left.
  }
  announce();
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

const readPermission = (): NotificationPermission => (supported() ? Notification.permission : 'denied');

function useNotificationState() {
  const chosen = useSyncExternalStore(subscribe, readChoice, () => false);
  const permission = useSyncExternalStore(subscribe, readPermission, () => 'default' as const);
  return { chosen, permission, on: chosen && permission === 'granted' };
}

const label = (
  <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
    <NotificationsActiveOutlined fontSize="small" aria-hidden />
    Notifications
  </span>
);

/** The control on the Alerts screen. Only the Enable button asks the browser. */
export function AlertNotificationsToggle() {
  const { on, permission } = useNotificationState();
  if (!supported()) return null;
  if (permission === 'default') {
    const enable = async () => {
      const answer = await Notification.requestPermission();
      // Dismissing the browser's question leaves it undecided: the button stays to ask again.
      if (answer === 'granted') writeChoice(true);
      else announce();
    };
    return (
      <Tooltip describeChild title="Show a browser notification when an alert is raised">
        <Button
          size="small"
          variant="outlined"
          startIcon={<NotificationsActiveOutlined />}
          onClick={() => void enable()}
        >
          Enable notifications
        </Button>
      </Tooltip>
    );
  }
  const blocked = permission === 'denied';
  return (
    <Stack alignItems="flex-end">
      <FormControlLabel
        control={<Switch checked={on} disabled={blocked} onChange={(e) => writeChoice(e.target.checked)} />}
        label={label}
        sx={{ mr: 0 }}
      />
      {blocked && (
        <Typography variant="caption" color="text.secondary" data-testid="notifications-blocked">
          Blocked in this browser's settings for this site
        </Typography>
      )}
    </Stack>
  );
}

/** Shows the alerts raised while the console is open, a burst as one notification (mounted once, in the shell). */
export function AlertNotifier() {
  const { on } = useNotificationState();
  const { site } = useSession();
  const timezoneId = site?.timezone.id;
  const navigate = useSiteNavigate();
  const burst = useRef<LiveException[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = () => {
    timer.current = undefined;
    const notice = burstNotice(burst.current, (text) => formatTimesIn(text, timezoneId));
    burst.current = [];
    if (!notice) return;
    const shown = new Notification(notice.title, { body: notice.body, tag: notice.tag });
    shown.onclick = () => {
      window.focus();
      navigate(notice.path);
      shown.close();
    };
  };

  useLiveMessages('exception', (alert) => {
    // Only new alerts: acknowledgements and resolutions are someone acting on them already.
    if (!on || (alert.change !== undefined && alert.change !== 'created')) return;
    burst.current.push(alert);
    // The burst's first alert starts the wait; the ones raised meanwhile join it.
    if (timer.current === undefined) timer.current = setTimeout(show, BURST_MS);
  });
  return null;
}
