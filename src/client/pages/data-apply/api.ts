import { getAction, postAction, type Envelope } from '../../api';

/** An application as GET /sys/dataApply/list answers it (the API contract of issue 16 §3). */
export interface ApplicationRow {
  id: string;
  entity: string;
  entityName: string;
  kind: 'add' | 'edit' | 'delete' | 'merge';
  kindText: string;
  recordId: string | null;
  recordIds?: string[] | null;
  title: string | null;
  status: ApplicationStatus;
  statusText: string;
  reason: string | null;
  applicant: string;
  applicantName: string | null;
  createTime: string;
  auditor: string | null;
  auditorName: string | null;
  auditTime: string | null;
  auditComment: string | null;
}

export type ApplicationStatus = 'pending' | 'approved' | 'rejected' | 'stale' | 'withdrawn';
export const APPLICATION_STATUSES: ApplicationStatus[] = [
  'pending',
  'approved',
  'rejected',
  'stale',
  'withdrawn',
];

export interface DiffLine {
  field: string;
  title: string;
  before: unknown;
  after: unknown;
  beforeText: string | null;
  afterText: string | null;
  changed: boolean;
}

/** GET /sys/dataApply/<id>: the row plus what an auditor compares. */
export interface ApplicationDetail extends ApplicationRow {
  fields: { name: string; title: string }[];
  diff: DiffLine[];
  /** Merge: each source record with display texts. */
  records?: Record<string, unknown>[];
  chosen?: Record<string, unknown>;
  stale: boolean;
  canAudit: boolean;
  canWithdraw: boolean;
  resultId?: string | null;
}

export interface Paged<T> {
  records: T[];
  total: number;
}

export interface DuplicateGroup {
  key: Record<string, unknown>;
  keyText: string;
  count: number;
  ids: string[];
}

export interface ApplyBody {
  kind: ApplicationRow['kind'];
  id?: string;
  ids?: string[];
  record?: Record<string, unknown>;
  reason?: string;
}

/** The server merges 2 to this many records at once. */
export const MAX_MERGE = 10;

const APPLY = '/online/cgform/api/apply';
const BASE = '/sys/dataApply';

export const listApplications = (params: {
  box: 'mine' | 'audit';
  status?: ApplicationStatus | 'all';
  entity?: string;
  recordId?: string;
  pageNo: number;
  pageSize: number;
}) => getAction<Paged<ApplicationRow>>(`${BASE}/list`, params);

export const getApplication = (id: string) =>
  getAction<ApplicationDetail>(`${BASE}/${encodeURIComponent(id)}`);

export const actOnApplication = (
  id: string,
  act: 'approve' | 'reject' | 'withdraw',
  comment?: string,
): Promise<Envelope<unknown>> =>
  postAction(`${BASE}/${encodeURIComponent(id)}/${act}`, comment ? { comment } : {});

export const submitApplication = (entity: string, body: ApplyBody) =>
  postAction<string>(`${APPLY}/${encodeURIComponent(entity)}`, body);

export const listDuplicates = (entity: string, pageNo: number, pageSize: number) =>
  getAction<Paged<DuplicateGroup>>(`/online/cgform/api/duplicates/${encodeURIComponent(entity)}`, {
    pageNo,
    pageSize,
  });
