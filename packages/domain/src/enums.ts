/** Enumerations of spec §3, with the labels the screens show. */

export const PLANS = ['free', 'budget_master'] as const;
export type Plan = (typeof PLANS)[number];

export const PLAN_DETAILS: Record<Plan, { label: string; priceCents: number }> = {
  free: { label: 'Manual Entry', priceCents: 0 },
  budget_master: { label: 'Transaction Imports', priceCents: 999 },
};

export const CONTACT_REASONS = [
  { value: 'feature_request', label: 'Feature Request' },
  { value: 'bug_report', label: 'Bug Report' },
  { value: 'account_help', label: 'Account Help' },
  { value: 'billing', label: 'Billing Question' },
  { value: 'general', label: 'General Inquiry' },
] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number]['value'];
export const CONTACT_REASON_VALUES = CONTACT_REASONS.map((r) => r.value) as [
  ContactReason,
  ...ContactReason[],
];

export const PAYMENT_METHODS = [
  { value: 'cash', label: 'Cash' },
  { value: 'check', label: 'Check' },
  { value: 'ach', label: 'ACH' },
  { value: 'wire', label: 'Wire Transfer' },
  { value: 'credit_card', label: 'Credit Card' },
  { value: 'debit_card', label: 'Debit Card' },
  { value: 'bank_transfer', label: 'Bank Transfer' },
  { value: 'paypal', label: 'PayPal' },
  { value: 'other', label: 'Other' },
] as const;

export const FEELINGS = [
  { value: 'positive', label: 'Felt good' },
  { value: 'neutral', label: 'No strong feelings' },
  { value: 'negative', label: 'Regretted it' },
  { value: 'mixed', label: 'Mixed feelings' },
] as const;

export const PURPOSES = ['survival', 'optional', 'culture', 'unexpected'] as const;

export const INCOME_RECURRENCES = [
  { value: 'monthly', label: 'Once Monthly' },
  { value: 'twice_monthly', label: '1st and 15th' },
  { value: 'every_two_weeks', label: 'Every two weeks' },
  { value: 'every_x_days', label: 'Every X days' },
] as const;

export const REPEAT_UNITS = ['day', 'month', 'year'] as const;

export const US_STATES = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AS', 'American Samoa'], ['AZ', 'Arizona'],
  ['AR', 'Arkansas'], ['CA', 'California'], ['CO', 'Colorado'], ['CT', 'Connecticut'],
  ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'], ['GA', 'Georgia'],
  ['GU', 'Guam'], ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'],
  ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'],
  ['MH', 'Marshall Islands'], ['MD', 'Maryland'], ['MA', 'Massachusetts'], ['MI', 'Michigan'],
  ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'],
  ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'], ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'],
  ['OH', 'Ohio'], ['OK', 'Oklahoma'], ['OR', 'Oregon'], ['PW', 'Palau'], ['PA', 'Pennsylvania'],
  ['PR', 'Puerto Rico'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'],
  ['SD', 'South Dakota'], ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'],
  ['VT', 'Vermont'], ['VI', 'Virgin Islands'], ['VA', 'Virginia'], ['WA', 'Washington'],
  ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
] as const;
