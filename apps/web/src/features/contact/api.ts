import type { ContactBody } from '@mindspend/api-contract';
import { callApi } from '../../lib/api-routes';

/** POST /contact; the token is sent when signed in (the server then knows the sender). */
export const sendContact = (body: ContactBody) => callApi('sendContactMessage', { body });

export const SUPPORT_EMAIL = 'support@mindspend.app';
