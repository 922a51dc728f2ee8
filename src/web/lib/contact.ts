/** Where people write to Spendguard: the footer's Contact link and the help widget when chat is paused. */
export const CONTACT_EMAIL = 'hello@spendguard.io';
