/**
 * The signed-in user's notices (regret radar, regret caps, password and plan changes): fetched
 * now and then for the bell in the navigation bar, and marked read once the list was opened.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Notification } from '@mindspend/api-contract';
import { callApi } from './api-routes';
import { queryClient } from './query-client';
import { readNotifications, saveNotifications } from './storage';

/**
 * Under the transactions' key (`transactionKeys.all` of features/transactions/api.ts, which shared
 * code may not import): a saved or imported expense may bring a regret radar notice, and every
 * transaction write already refreshes that key.
 */
export const notificationsKey = ['transactions', 'notifications'] as const;

/** How often an open app asks for new notices (imports and bank syncs finish in the background). */
const REFRESH_MS = 60_000;

async function fetchNotifications(): Promise<Notification[]> {
  const { notifications } = await callApi('listNotifications');
  // Kept on the device too (spec §4: the notification list is stored locally).
  saveNotifications(notifications);
  return notifications;
}

/** The newest notices, starting from the copy sign-in stored so the bell is right at once. */
export function useNotifications() {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: fetchNotifications,
    placeholderData: readNotifications,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** How many of the notices are unread. */
export const unreadCount = (notifications: readonly Notification[]): number =>
  notifications.filter((note) => note.read_at === null).length;

/**
 * Marks every notice up to the newest shown as read (one arriving meanwhile stays unread), and
 * shows them read at once.
 */
export function useMarkNotificationsRead() {
  return useMutation({
    mutationFn: (upToId: number) => callApi('markNotificationsRead', { body: { up_to_id: upToId } }),
    onSuccess: (_answer, upToId) => {
      const readAt = new Date().toISOString();
      queryClient.setQueryData<Notification[]>(notificationsKey, (notes) =>
        notes?.map((note) => (note.id <= upToId && note.read_at === null ? { ...note, read_at: readAt } : note)),
      );
    },
  });
}
