import { getAction } from '../../api';
import type { DashboardCard, DashboardDefinition } from '../../../shared/schema-types';

export type SharedFilter = NonNullable<DashboardDefinition['filters']>[number];

/** A card as the server sends it: a stat card names the shared filters its stat takes (filter → the stat's parameter). */
export type ServedCard = DashboardCard & { accepts?: Partial<Record<SharedFilter, string>> };
export type ServedDashboard = Omit<DashboardDefinition, 'cards'> & { cards: ServedCard[] };

/** A dashboard by code, or the home dashboard of the console's application code; cards the user may not read are left out by the server. */
export function fetchDashboard(query: { code: string } | { appCode: string }) {
  return getAction<ServedDashboard>('/sys/schema/dashboard', query);
}
