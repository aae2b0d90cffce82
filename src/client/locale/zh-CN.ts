/**
 * Every user-visible string of the console. Each area keeps its strings in its own file here and is
 * reached as `t.<area>.<key>`; functions format messages with values.
 */
import { common } from './common';
import { shell } from './shell';
import { widgets } from './widgets';
import { renderer } from './renderer';
import { notices } from './notices';
import { editable } from './editable';
import { account } from './account';
import { messagesAdmin } from './messages-admin';
import { recycle } from './recycle';
import { derivedPages } from './derived-pages';
import { charts } from './charts';
import { refSelect } from './ref-select';
import { children } from './children';
import { workflow } from './workflow';
import { history } from './history';
import { track } from './track';
import { derive } from './derive';
import { listUrl } from './list-url';
import { dataApply } from './data-apply';
import { doctorCard } from './doctor-card';
import { apiKey } from './api-key';
import { recordPage } from './record-page';
import { formDesign } from './form-design';
import { signature } from './signature';
import { formDocument } from './form-document';
import { mobileForms } from './mobile-forms';

export const t = {
  common,
  shell,
  widgets,
  renderer,
  notices,
  editable,
  account,
  messagesAdmin,
  recycle,
  derivedPages,
  refSelect,
  charts,
  children,
  workflow,
  history,
  track,
  derive,
  listUrl,
  dataApply,
  doctorCard,
  apiKey,
  recordPage,
  formDesign,
  signature,
  formDocument,
  mobileForms,
} as const;
export type Messages = typeof t;
