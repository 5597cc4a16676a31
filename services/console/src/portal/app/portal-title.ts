/** What a portal tab is named after the screen: the consumer sees webhooks, not Herald. */
export const PORTAL_TITLE_SUFFIX = 'Webhooks';
