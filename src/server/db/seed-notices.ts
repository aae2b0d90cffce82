import type { Kysely } from 'kysely';
import type { Database, SysAnnouncementTable, SysMessageTable } from './tables.js';
import { stableId } from './menu-sync.js';
import { newId } from '../../shared/ids.js';
import { formatDateTime } from '../../shared/time.js';
import { CLASSIFY, type MessageRedirect } from '../../shared/notices.js';
import { CATEGORY_MESSAGE, PRIORITY_COLOR, excerpt } from '../modules/announcement/release.js';
import { SEND_STATUS } from '../modules/announcement/fields.js';
import { FEEDBACK_STATUS } from '../modules/feedback/routes.js';

/** A seeded account as the notices see it. */
export interface SeededUser {
  id: string;
  username: string;
  tenantIds: number[];
}

/** Who has already read something: everyone, nobody, or the named accounts plus every n-th other one. */
type Readers = 'all' | 'none' | { names: string[]; everyNth?: number };

interface DemoAnnouncement {
  key: string;
  title: string;
  html: string;
  priority: 'L' | 'M' | 'H';
  /** '1' 通知公告, '2' 系统消息 */
  category: '1' | '2';
  tenantId: number;
  /** How long before the seed it was released, in hours. */
  hoursAgo: number;
  /** Only these accounts (msgType USER); everyone of the tenant otherwise. */
  to?: string[];
  readers: Readers;
  /** Drafts are listed for administrators but reach nobody. */
  draft?: boolean;
}

/**
 * Notices of the last few days, so a fresh start shows the bell, the unread modal and "my messages" in
 * use: the newest ones are unread for everyone, older ones read by some, the oldest by all.
 */
const ANNOUNCEMENTS: DemoAnnouncement[] = [
  {
    key: 'infection-check',
    title: '关于开展冬季院感防控专项检查的通知',
    html: '<p>各临床科室：</p><p>为做好冬季院感防控工作，院感科将于下周一至周三对各病区开展专项检查，重点检查手卫生、医疗废物分类与消毒隔离记录，请各科室提前自查。</p>',
    priority: 'H',
    category: '1',
    tenantId: 1,
    hoursAgo: 5,
    readers: 'none',
  },
  {
    key: 'maintenance',
    title: '系统将于本周六 22:00 至 24:00 停机维护',
    html: '<p>为升级数据库与备份策略，系统将于本周六 22:00 至 24:00 停机维护，期间无法登录，请提前保存未提交的数据。</p>',
    priority: 'M',
    category: '2',
    tenantId: 1,
    hoursAgo: 26,
    readers: { names: ['liuyang'], everyNth: 4 },
  },
  {
    key: 'night-shift',
    title: '护理部夜班交接要求',
    html: '<p>自本月起，夜班交接须在护理记录中逐项签字确认，危重患者床旁交接。</p>',
    priority: 'H',
    category: '1',
    tenantId: 1,
    hoursAgo: 36,
    to: ['admin', 'lina', 'wangfang'],
    readers: { names: ['wangfang'] },
  },
  {
    key: 'follow-up-schedule',
    title: '慢病管理中心随访排班调整',
    html: '<p>因人员轮岗，慢病管理中心电话随访排班调整如下：本周末暂停，下周一起恢复，逾期随访顺延处理。</p>',
    priority: 'M',
    category: '1',
    tenantId: 1,
    hoursAgo: 50,
    readers: { names: ['zhangwei', 'lina', 'chenjing'], everyNth: 2 },
  },
  {
    key: 'emr-template',
    title: '新版电子病历模板已上线',
    html: '<p>门诊与住院电子病历新版模板已上线，新增慢病随访小结与用药依从性评估，欢迎在“意见反馈”中提出建议。</p>',
    priority: 'L',
    category: '2',
    tenantId: 1,
    hoursAgo: 84,
    readers: { names: ['admin', 'zhangwei', 'wangfang', 'liuyang'], everyNth: 1 },
  },
  {
    key: 'check-up',
    title: '关于年度职工体检安排的通知',
    html: '<p>年度职工体检将于下月在健康管理中心进行，请各科室按排期表分批参加，体检当日请空腹。</p>',
    priority: 'L',
    category: '1',
    tenantId: 1,
    hoursAgo: 110,
    readers: 'all',
  },
  {
    key: 'spring-festival',
    title: '春节假期门诊安排（草稿）',
    html: '<p>春节期间门诊安排待各科室确认后发布。</p>',
    priority: 'M',
    category: '1',
    tenantId: 1,
    hoursAgo: 3,
    readers: 'none',
    draft: true,
  },
  {
    key: 'renhe-meeting',
    title: '仁和健康管理中心年终总结会议通知',
    html: '<p>中心年终总结会议定于本周五下午 14:00 在三楼会议室召开，请各部门负责人准备年度工作汇报。</p>',
    priority: 'M',
    category: '1',
    tenantId: 2,
    hoursAgo: 30,
    readers: 'none',
  },
];

/** Messages that announce nothing: business reminders in doctors' and nurses' bells. */
const DIRECT_MESSAGES: Array<{
  to: string;
  title: string;
  content: string;
  color: string;
  hoursAgo: number;
  read: boolean;
  redirect?: MessageRedirect;
}> = [
  {
    to: 'zhangwei',
    title: '3 位患者的随访即将到期',
    content: '王建国、李秀英等 3 位高血压患者的随访将在 2 天内到期，请及时安排。',
    color: 'orange',
    hoursAgo: 2,
    read: false,
  },
  {
    to: 'zhangwei',
    title: '检验结果异常提醒',
    content: '患者张志强的空腹血糖为 11.2 mmol/L，高于参考范围。',
    color: 'red',
    hoursAgo: 20,
    read: false,
  },
  {
    to: 'zhangwei',
    title: '会诊申请已通过',
    content: '内分泌科已接受您提交的会诊申请。',
    color: 'green',
    hoursAgo: 70,
    read: true,
  },
  {
    to: 'lina',
    title: '护理排班已发布',
    content: '下周护理排班已发布，请在排班表中确认。',
    color: 'blue',
    hoursAgo: 6,
    read: false,
  },
  {
    to: 'lina',
    title: '耗材申领待审批',
    content: '心血管内科提交的输液器申领单等待护士长审批。',
    color: 'orange',
    hoursAgo: 40,
    read: false,
  },
  {
    to: 'admin',
    title: '数据备份完成',
    content: '昨日全量数据备份已完成，备份文件已校验。',
    color: 'green',
    hoursAgo: 10,
    read: false,
  },
];

/** Feedback in every state of dict feedback_status, with the reply messages handling sends. */
const FEEDBACK: Array<{
  from: string;
  type: '1' | '2' | '3';
  content: string;
  status: string;
  hoursAgo: number;
  reply?: string;
}> = [
  {
    from: 'zhangwei',
    type: '2',
    content: '患者列表按随访日期排序时，同一天的记录顺序偶尔会变化。',
    status: FEEDBACK_STATUS.pending,
    hoursAgo: 4,
  },
  {
    from: 'lina',
    type: '1',
    content: '希望护理记录能一键套用上次的模板。',
    status: FEEDBACK_STATUS.pending,
    hoursAgo: 28,
  },
  {
    from: 'chenjing',
    type: '1',
    content: '建议随访问卷支持按病种筛选题目。',
    status: FEEDBACK_STATUS.inProgress,
    hoursAgo: 52,
    reply: '已排入下个版本，正在评估题库改造。',
  },
  {
    from: 'wangfang',
    type: '2',
    content: '导出人员名单时部门一列为空。',
    status: FEEDBACK_STATUS.done,
    hoursAgo: 76,
    reply: '已修复，请刷新页面后重新导出。',
  },
  {
    from: 'zhangwei',
    type: '3',
    content: '能否增加夜间模式？',
    status: FEEDBACK_STATUS.closed,
    hoursAgo: 100,
    reply: '感谢建议，暂无排期，先行关闭。',
  },
  {
    from: 'lina',
    type: '2',
    content: '登录后偶尔提示会话过期。',
    status: FEEDBACK_STATUS.withdrawn,
    hoursAgo: 116,
  },
];
const HANDLER = 'liuyang';
const STATUS_TEXT: Record<string, string> = {
  [FEEDBACK_STATUS.done]: '已处理',
  [FEEDBACK_STATUS.closed]: '已关闭',
  [FEEDBACK_STATUS.inProgress]: '处理中',
};

const HOUR_MS = 3600_000;

function hasRead(readers: Readers, username: string, index: number): boolean {
  if (readers === 'all') return true;
  if (readers === 'none') return false;
  if (readers.names.includes(username)) return true;
  return !!readers.everyNth && username !== 'admin' && index % readers.everyNth === 0;
}

/** Writes the notices relative to `now` (the seed time), as releasing and handling would have. */
export async function seedNotices(db: Kysely<Database>, users: SeededUser[], now: number): Promise<void> {
  const at = (hoursAgo: number) => formatDateTime(now - hoursAgo * HOUR_MS);
  const byName = new Map(users.map((u) => [u.username, u]));
  const sends: Database['sysAnnouncementSend'][] = [];
  const messages: SysMessageTable[] = [];
  const message = (m: Omit<SysMessageTable, 'id' | 'readTime'>) =>
    messages.push({ ...m, id: newId(), readTime: m.readFlag ? m.createTime : null });

  const rows: SysAnnouncementTable[] = ANNOUNCEMENTS.map((a) => {
    const sent = at(a.hoursAgo);
    const to = a.to?.map((name) => byName.get(name)?.id ?? '').filter(Boolean);
    const row: SysAnnouncementTable = {
      id: stableId('announcement', a.key),
      titile: a.title,
      msgContent: a.html,
      startTime: sent,
      endTime: null,
      sender: a.draft ? null : 'wangfang',
      priority: a.priority,
      msgCategory: a.category,
      msgType: to ? 'USER' : 'ALL',
      sendStatus: a.draft ? SEND_STATUS.draft : SEND_STATUS.released,
      sendTime: a.draft ? null : sent,
      cancelTime: null,
      delFlag: 0,
      userIds: to ? to.join(',') : null,
      busType: null,
      busId: null,
      openType: null,
      openPage: null,
      msgAbstract: null,
      tenantId: a.tenantId,
      createBy: 'wangfang',
      createTime: at(a.hoursAgo + 1),
      updateBy: null,
      updateTime: null,
    };
    if (a.draft) return row;
    const kind = CATEGORY_MESSAGE[a.category];
    users
      .filter((u) => (to ? to.includes(u.id) : u.tenantIds.includes(a.tenantId)))
      .forEach((u, i) => {
        const read = hasRead(a.readers, u.username, i);
        const readTime = read ? at(a.hoursAgo - 0.5) : null;
        sends.push({
          id: newId(),
          anntId: row.id,
          userId: u.id,
          readFlag: read ? 1 : 0,
          readTime,
          createTime: sent,
        });
        message({
          userId: u.id,
          tenantId: a.tenantId,
          title: a.title,
          content: excerpt(row),
          ...kind,
          msgColor: PRIORITY_COLOR[a.priority],
          redirect: JSON.stringify({ type: 'announcement', param: { anntId: row.id } }),
          readFlag: read ? 1 : 0,
          anntId: row.id,
          createBy: 'wangfang',
          createTime: sent,
        });
      });
    return row;
  });

  for (const m of DIRECT_MESSAGES) {
    const user = byName.get(m.to);
    if (!user) continue;
    message({
      userId: user.id,
      tenantId: user.tenantIds[0],
      title: m.title,
      content: m.content,
      classify: CLASSIFY.system,
      classifyName: CATEGORY_MESSAGE['2'].classifyName,
      msgColor: m.color,
      redirect: m.redirect ? JSON.stringify(m.redirect) : null,
      readFlag: m.read ? 1 : 0,
      anntId: null,
      createBy: 'system',
      createTime: at(m.hoursAgo),
    });
  }

  const feedback: Database['sysFeedback'][] = [];
  for (const f of FEEDBACK) {
    const user = byName.get(f.from);
    if (!user) continue;
    const created = at(f.hoursAgo);
    const handled = f.reply ? at(f.hoursAgo - 3) : null;
    feedback.push({
      id: stableId('feedback', `${f.from}|${f.hoursAgo}`),
      tenantId: 1,
      userId: user.id,
      fbType: f.type,
      content: f.content,
      contact: null,
      images: null,
      status: f.status,
      reply: f.reply ?? null,
      handleBy: handled ? HANDLER : null,
      handleTime: handled,
      createBy: f.from,
      createTime: created,
      updateBy: handled ? HANDLER : f.status === FEEDBACK_STATUS.withdrawn ? f.from : null,
      updateTime: handled ?? (f.status === FEEDBACK_STATUS.withdrawn ? at(f.hoursAgo - 1) : null),
    });
    if (handled && f.reply)
      message({
        userId: user.id,
        tenantId: 1,
        title: `您的意见反馈${STATUS_TEXT[f.status]}`,
        content: f.reply,
        classify: CLASSIFY.feedback,
        classifyName: '意见反馈',
        msgColor: f.status === FEEDBACK_STATUS.closed ? 'gray' : 'green',
        redirect: JSON.stringify({ type: 'web', webUrl: '/system/feedback/my/List' }),
        readFlag: f.status === FEEDBACK_STATUS.closed ? 1 : 0,
        anntId: null,
        createBy: HANDLER,
        createTime: handled,
      });
  }

  await db.insertInto('sysAnnouncement').values(rows).execute();
  for (let i = 0; i < sends.length; i += 200)
    await db
      .insertInto('sysAnnouncementSend')
      .values(sends.slice(i, i + 200))
      .execute();
  for (let i = 0; i < messages.length; i += 200)
    await db
      .insertInto('sysMessage')
      .values(messages.slice(i, i + 200))
      .execute();
  await db.insertInto('sysFeedback').values(feedback).execute();
}
