/**
 * The small page the unsubscribe link answers (docs/DECISIONS.md #60): plain HTML from the
 * server, so it works in any browser and mail reader without the app's JavaScript or a session.
 */
import type { UnsubscribeOutcome } from './unsubscribe.service';

export const UNSUBSCRIBED_MESSAGE = 'You will no longer receive the monthly reflection e-mail.';
export const INVALID_LINK_MESSAGE = 'This unsubscribe link is not valid. Nothing was changed.';

const PAGES: Record<UnsubscribeOutcome, { title: string; message: string }> = {
  unsubscribed: {
    title: 'You are unsubscribed',
    message: 'You will no longer receive the monthly reflection e-mail. You can turn it back on at any time in Settings.',
  },
  'already-off': {
    title: 'You are unsubscribed',
    message: 'The monthly reflection e-mail was already off, so nothing changed. You can turn it back on at any time in Settings.',
  },
  invalid: {
    title: 'This unsubscribe link is not valid',
    message:
      'The link may have been cut short or changed. Nothing was changed. Copy the whole link from the e-mail, or sign in and turn the monthly reflection e-mail off in Settings.',
  },
};

/** The page for an outcome; `settingsUrl` is the app's own (APP_URL), never taken from the request. */
export function unsubscribePage(outcome: UnsubscribeOutcome, settingsUrl: string): string {
  const { title, message } = PAGES[outcome];
  const font = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} · Mindspend</title></head>
<body style="margin:0;background:#f4f6f8;${font};color:#1f2933;">
<main style="max-width:520px;margin:64px auto;padding:32px;background:#ffffff;border:1px solid #d9e2ec;border-radius:8px;">
<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#0b6e4f;">Mindspend</p>
<h1 style="margin:0 0 12px;font-size:24px;line-height:1.3;">${title}</h1>
<p style="margin:0 0 20px;font-size:16px;line-height:1.5;">${message}</p>
<p style="margin:0;"><a href="${settingsUrl.replace(/"/g, '&quot;')}" style="color:#0b6e4f;font-size:16px;">Open Settings</a></p>
</main></body></html>`;
}
