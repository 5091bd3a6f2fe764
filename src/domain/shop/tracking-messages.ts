/**
 * What the customer's tracking page says when a link shows no repair (Ours). Part of SHOP_MESSAGES
 * (messages.ts), kept in a module of their own: that page downloads these and not the console's
 * messages (issue 19).
 */
export const TRACKING_LINK_MESSAGES = {
  trackingRevoked: 'This tracking link was turned off by the shop. Please ask the shop for a new link.',
  trackingNotFound: 'This tracking link is not valid. Please check the link, or ask the shop for a new one.',
  trackingFailed: 'Could not load this repair. Please try again.',
} as const;
