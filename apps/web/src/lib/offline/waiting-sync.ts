/**
 * The words the page and the service worker share about entries kept on the device while offline
 * (features/transactions/waiting, DECISIONS.md #104): the page registers a Background Sync under the tag;
 * when the browser fires it (the connection is back), the worker posts the message to the app's
 * windows, which send the entries themselves: the worker never holds the session's token.
 */
export const SEND_WAITING_TAG = 'mindspend-send-waiting-entries';
export const SEND_WAITING_MESSAGE = 'SEND_WAITING_ENTRIES';
