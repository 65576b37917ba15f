import type { AuthStyle } from './client.js';

/** spec 5.1: the two headers an API key may travel in. */
export type KeyForm = Exclude<AuthStyle, 'none'>;

/** How a form is named in messages. */
export const KEY_FORM_HEADER: Readonly<Record<KeyForm, string>> = { 'x-api-key': 'X-API-Key', bearer: 'Authorization: Bearer' };

/** The other of the two forms. */
export const otherForm = (form: KeyForm): KeyForm => (form === 'bearer' ? 'x-api-key' : 'bearer');

/** Both forms, `first` (the run's own, the form the preflight chose for the checks) first. */
export const bothForms = (first: KeyForm): KeyForm[] => [first, otherForm(first)];
