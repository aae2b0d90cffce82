import { HOME_PATH } from '../config/constants';
import { t } from '../locale/zh-CN';
import { EXCEPTION_TYPES } from '../pages/exception/types';
import { ACCOUNT_CENTRE_COMPONENT, ACCOUNT_CENTRE_PATH } from '../pages/account/path';
import { TRACK_COMPONENT, TRACK_ROUTE } from '../renderer/track/track-path';
import { DATA_APPLY_PAGES } from '../pages/data-apply/paths';
import { PATIENT_FILE } from '../layout/tabs/rules';
import type { FlatRoute, RouteMeta } from './menu-routes';

const meta = (title: string, extra: Partial<RouteMeta> = {}): RouteMeta => ({
  title,
  keepAlive: false,
  internalOrExternal: false,
  ...extra,
});

const page = (path: string, component: string, title: string): FlatRoute => ({
  path,
  component,
  meta: meta(title),
  trail: [title],
});

/**
 * Static routes inside the layout (spec §2). Their pages come from the component registry, so the
 * module that owns them (notices, feedback, medical records) provides them by name.
 */
export function staticLayoutRoutes(): FlatRoute[] {
  const s = t.shell.staticRoutes;
  return [
    page(HOME_PATH, 'dashboard/Analysis', t.shell.home),
    page('/isps/userAnnouncement', 'system/UserAnnouncementList', s.userAnnouncement),
    page('/system/feedback/my/List', 'system/feedback/MyFeedbackList', s.myFeedback),
    page('/medicalRecords/list', 'medicalRecords/MedicalRecordsList', s.medicalRecords),
    page('/chronic/diseaseIntervene/patientManage/patientAbnormal', 'chronic/diseaseIntervene/patientManage/PatientAbnormal', s.patientAbnormal),
    // The patient file (spec §2): a record page definition serving this component opens it with ?id=.
    page(`/${PATIENT_FILE}`, PATIENT_FILE, t.recordPage.personalPage),
    // Exception and result pages inside the layout, where the original's menu had them (spec §1).
    ...EXCEPTION_TYPES.map((type) => page(`/exception/${type}`, `exception/${type}`, t.shell.exception.titles[type])),
    page('/result/success', 'result/Success', s.resultSuccess),
    page('/result/fail', 'result/Error', s.resultFail),
    page(ACCOUNT_CENTRE_PATH, ACCOUNT_CENTRE_COMPONENT, t.account.title),
    // A record's tracking screen (entity `track`); the page names its tab after the record.
    page(TRACK_ROUTE, TRACK_COMPONENT, t.track.pageTitle),
    // Applications of audited data changes and their audit (issue 16 §3).
    ...DATA_APPLY_PAGES.map((name) => page(`/dynamicForm/${name}`, `dynamicForm/${name}`, t.dataApply.titles[name])),
  ];
}

/**
 * Bare children of /dynamicForm besides its sign-in page (the mobile dynamic form, provided through the
 * registry); its application pages are inside the layout (DATA_APPLY_PAGES).
 */
export const DYNAMIC_FORM_PAGES = ['index', 'list', 'mList'] as const;

/** Menu routes first (the server's entry wins), then static ones for paths the menu lacks. */
export function mergeLayoutRoutes(fromMenu: FlatRoute[], statics: FlatRoute[]): FlatRoute[] {
  const paths = new Set(fromMenu.map((r) => r.path));
  return [...fromMenu, ...statics.filter((r) => !paths.has(r.path))];
}
