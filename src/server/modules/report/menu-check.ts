/** Menu components that open the popup report list screen of the report named by the route. */
export const REPORT_LIST_COMPONENTS = ['modules/online/cgreport/auto/OnlCgreportAutoList', 'OnlineReport'];
export const REPORT_LIST_URL = /^\/online\/cgreport\/([a-z][a-z0-9_]{0,63})$/;

/**
 * The problem with a menu entry that opens a report list (wrong address, unknown report), null when it
 * is fine, or undefined when the component is not a report list at all.
 */
export function reportMenuProblem(
  component: string,
  url: string,
  reports: ReadonlySet<string>,
): { pointer: 'url'; message: string } | null | undefined {
  if (!REPORT_LIST_COMPONENTS.includes(component)) return undefined;
  const code = REPORT_LIST_URL.exec(url)?.[1];
  if (!code) return { pointer: 'url', message: `组件 ${component} 的地址应为 /online/cgreport/<报表编码>` };
  if (!reports.has(code)) return { pointer: 'url', message: `报表 "${code}" 不存在` };
  return null;
}
