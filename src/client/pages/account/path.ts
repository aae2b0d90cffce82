/** The personal centre's static route (router/static-routes.ts) and its registry name. */
export const ACCOUNT_CENTRE_PATH = '/account/center';
export const ACCOUNT_CENTRE_COMPONENT = 'account/Center';
