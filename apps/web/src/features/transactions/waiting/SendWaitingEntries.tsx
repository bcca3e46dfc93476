import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../../../lib/use-session';
import { SEND_WAITING_MESSAGE } from '../../../lib/offline/waiting-sync';
import { refreshWaitingEntries, sendWaiting } from './waiting-entries';

const isSendMessage = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SEND_WAITING_MESSAGE;

/**
 * The signed-in screens' layout: sends the entries kept on the device (DECISIONS.md #104) when the
 * app starts, when someone signs in, when the browser says it is online again, and when the
 * service worker's Background Sync says so.
 */
export function SendWaitingEntries() {
  const userId = useSession().user?.id;

  useEffect(() => {
    if (userId === undefined) return undefined;
    const send = () => void sendWaiting();
    const fromWorker = (event: MessageEvent) => {
      if (isSendMessage(event.data)) send();
    };
    void refreshWaitingEntries().then(send);
    window.addEventListener('online', send);
    // Absent where the page is not a secure context (plain http to another machine).
    const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
    worker?.addEventListener('message', fromWorker);
    return () => {
      window.removeEventListener('online', send);
      worker?.removeEventListener('message', fromWorker);
    };
  }, [userId]);

  return <Outlet />;
}
