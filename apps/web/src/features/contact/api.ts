import type { ContactBody, MessageResponse } from '@mindspend/api-contract';
import { api } from '../../lib/api-client';

/** POST /contact; the token is sent when signed in (the server then knows the sender). */
export const sendContact = (body: ContactBody) => api.post<MessageResponse>('/contact', body);

export const SUPPORT_EMAIL = 'support@mindspend.app';
